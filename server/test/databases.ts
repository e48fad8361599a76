/**
 * The databases the server tests run against: SQLite always, MariaDB/MySQL when TEST_MYSQL_URL is set
 * (always in CI). Each test worker has its own pair, so files run side by side (docs/decisions/032): worker
 * n uses `seeded-…-wn.sqlite` and the database `<TEST_MYSQL_URL's name>_wn`. global-setup.ts creates,
 * migrates and seeds every worker's pair once per run.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseConfig } from '../src/config';

export type DialectName = 'sqlite' | 'mysql';

/** Small enough to seed in seconds, large enough that the major cities keep their exact counts. */
export const TEST_SEED = { companies: 2000, seed: 7 };

/**
 * How many server test files run at once (vitest.config.ts), each in its own worker with its own databases.
 * They spend much of their time waiting on HTTP round trips, timers and child processes, so on two cores two
 * files at once take little more than one did. TEST_SERVER_WORKERS overrides it.
 */
export const SERVER_TEST_WORKERS = Math.max(
  1,
  Number(process.env.TEST_SERVER_WORKERS) || Math.min(4, Math.max(2, os.availableParallelism())),
);

// One file per checkout, so two clones (a CI run beside a working tree) never share it.
const checkout = createHash('sha1')
  .update(fileURLToPath(import.meta.url))
  .digest('hex')
  .slice(0, 8);
// TEST_SQLITE_FILE overrides it, so two test runs in one checkout can run side by side.
const SQLITE_TEST_FILE =
  process.env.TEST_SQLITE_FILE ??
  path.join(os.tmpdir(), 'moveratlas-test', `seeded-${checkout}.sqlite`);

/** The admin every seeded test database has, for the tests of the admin API. */
export const TEST_ADMIN = { username: 'test-admin', password: 'correct horse battery staple' };

/** This test worker's number (Vitest's VITEST_POOL_ID, 1 to SERVER_TEST_WORKERS; 1 outside a worker). */
function currentWorker(): number {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  if (!Number.isInteger(worker) || worker < 1 || worker > SERVER_TEST_WORKERS)
    throw new Error(
      `Test worker ${process.env.VITEST_POOL_ID} has no databases: global-setup.ts seeds ${SERVER_TEST_WORKERS}`,
    );
  return worker;
}

/** The databases of test worker `worker`. */
export function workerDatabases(
  worker: number,
): Array<{ name: DialectName; config: DatabaseConfig }> {
  const { dir, name, ext } = path.parse(SQLITE_TEST_FILE);
  const databases: Array<{ name: DialectName; config: DatabaseConfig }> = [
    {
      name: 'sqlite',
      config: { client: 'sqlite', filename: path.join(dir, `${name}-w${worker}${ext}`) },
    },
  ];
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (mysqlUrl) {
    const url = new URL(mysqlUrl);
    url.pathname = `/${url.pathname.slice(1)}_w${worker}`;
    databases.push({ name: 'mysql', config: { client: 'mysql', url: url.toString() } });
  }
  return databases;
}

/** The databases of the test worker this runs in. */
export function testDatabases(): Array<{ name: DialectName; config: DatabaseConfig }> {
  return workerDatabases(currentWorker());
}
