/**
 * Creates, migrates and seeds each test worker's databases once per run, from scratch, so every run starts
 * from the same data (databases.ts: one SQLite file and one MariaDB database per worker).
 */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { pino } from 'pino';
import type { DatabaseConfig } from '../src/config';
import { openDatabase, isSqlite } from '../src/db/connection';
import { prepareDatabase } from '../src/db/prepare';
import { setAdminPassword } from '../src/features/auth/admin-users';
import { SERVER_TEST_WORKERS, TEST_ADMIN, TEST_SEED, workerDatabases } from './databases';

async function dropAllTables(db: Knex): Promise<void> {
  if (isSqlite(db)) return;
  const [rows] = (await db.raw(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
  )) as [Array<{ name: string }>];
  await db.raw('SET FOREIGN_KEY_CHECKS = 0');
  for (const { name } of rows) await db.raw('DROP TABLE IF EXISTS ??', [name]);
  await db.raw('SET FOREIGN_KEY_CHECKS = 1');
}

/** A worker's MariaDB database is named after TEST_MYSQL_URL's; the server creates it on the first run. */
async function createMysqlDatabase(url: string): Promise<void> {
  const server = new URL(url);
  const name = server.pathname.slice(1);
  server.pathname = '/';
  const root = knexFactory({ client: 'mysql2', connection: { uri: server.toString() } as never });
  try {
    await root.raw(
      'CREATE DATABASE IF NOT EXISTS ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      [name],
    );
  } finally {
    await root.destroy();
  }
}

function removeSqliteFile(filename: string): void {
  fs.mkdirSync(path.dirname(filename), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(filename + suffix, { force: true });
}

async function seed(config: DatabaseConfig): Promise<void> {
  const db = openDatabase(config);
  try {
    await dropAllTables(db);
    await prepareDatabase(db, TEST_SEED, pino({ level: 'silent' }));
    await setAdminPassword(db, TEST_ADMIN.username, TEST_ADMIN.password);
  } finally {
    await db.destroy();
  }
}

/**
 * Both server projects name this file (vitest.config.ts), and Vitest calls each project's setup in its one
 * main process: the databases are made once per run, by whichever call comes first.
 */
const PREPARED = Symbol.for('moveratlas.serverTestDatabases');
type WithPrepared = typeof globalThis & { [PREPARED]?: Promise<void> };

export default function setup(): Promise<void> {
  return ((globalThis as WithPrepared)[PREPARED] ??= prepareAll());
}

async function prepareAll(): Promise<void> {
  if (!process.env.TEST_MYSQL_URL) {
    // CI's Node 24 stage alone runs on SQLite only, and says so (.ci/run, docs/decisions/032).
    if (process.env.CI === 'true' && process.env.TEST_SQLITE_ONLY !== 'true') {
      throw new Error(
        'CI must run the MariaDB tests: set TEST_MYSQL_URL (e.g. mysql://root@127.0.0.1:3306/test)',
      );
    }
    console.warn(
      '\n*** NOTICE: TEST_MYSQL_URL is not set, so the server tests run on SQLite only. ' +
        'Set TEST_MYSQL_URL=mysql://root@127.0.0.1:3306/test to run them on MariaDB/MySQL too. ***\n',
    );
  }
  const workers = Array.from({ length: SERVER_TEST_WORKERS }, (_, i) => workerDatabases(i + 1));

  // SQLite before MariaDB: seeding SQLite holds the event loop for seconds at a time (better-sqlite3 is
  // synchronous), and a MariaDB connection opening meanwhile missed its 10 s handshake on a busy machine.
  // SQLite: the first worker's file is seeded, and the others get a copy of it (the seed is the same).
  const sqliteFiles = workers.flatMap((databases) =>
    databases.flatMap(({ config }) => (config.client === 'sqlite' ? [config.filename] : [])),
  );
  const [firstFile, ...otherFiles] = sqliteFiles;
  if (firstFile) {
    for (const file of sqliteFiles) removeSqliteFile(file);
    await seed({ client: 'sqlite', filename: firstFile });
    // Closed, so its write-ahead log is folded into the file: the copy is whole.
    for (const file of otherFiles) fs.copyFileSync(firstFile, file);
  }
  // MariaDB: one database per worker, seeded side by side once SQLite is done. A seed mostly waits for the
  // server's commits (26 s, of which 5 s of CPU, measured), so one after another only added up the waits.
  await Promise.all(
    workers.flatMap((databases) =>
      databases.flatMap(({ config }) =>
        config.client === 'mysql' ? [createMysqlDatabase(config.url).then(() => seed(config))] : [],
      ),
    ),
  );
}
