/**
 * The databases the server tests run against: SQLite always, MariaDB/MySQL when TEST_MYSQL_URL is set
 * (always in CI). Both are migrated and seeded once per test run by global-setup.ts.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseConfig } from '../src/config';

export type DialectName = 'sqlite' | 'mysql';

/** Small enough to seed in seconds, large enough that the major cities keep their exact counts. */
export const TEST_SEED = { companies: 2000, seed: 7 };

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

export function testDatabases(): Array<{ name: DialectName; config: DatabaseConfig }> {
  const databases: Array<{ name: DialectName; config: DatabaseConfig }> = [
    {
      name: 'sqlite',
      config: { client: 'sqlite', filename: SQLITE_TEST_FILE },
    },
  ];
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (mysqlUrl) databases.push({ name: 'mysql', config: { client: 'mysql', url: mysqlUrl } });
  return databases;
}
