/** Migrates and seeds each test database once per run, from scratch, so every run starts from the same data. */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { openDatabase, isSqlite } from '../src/db/connection';
import { prepareDatabase } from '../src/db/prepare';
import { setAdminPassword } from '../src/features/auth/admin-users';
import { TEST_ADMIN, TEST_SEED, testDatabases } from './databases';

async function dropAllTables(db: Knex): Promise<void> {
  if (isSqlite(db)) return;
  const [rows] = (await db.raw(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
  )) as [Array<{ name: string }>];
  await db.raw('SET FOREIGN_KEY_CHECKS = 0');
  for (const { name } of rows) await db.raw('DROP TABLE IF EXISTS ??', [name]);
  await db.raw('SET FOREIGN_KEY_CHECKS = 1');
}

export default async function setup(): Promise<void> {
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
  const logger = pino({ level: 'silent' });
  for (const { config } of testDatabases()) {
    if (config.client === 'sqlite') {
      fs.mkdirSync(path.dirname(config.filename), { recursive: true });
      for (const suffix of ['', '-wal', '-shm'])
        fs.rmSync(config.filename + suffix, { force: true });
    }
    const db = openDatabase(config);
    try {
      await dropAllTables(db);
      await prepareDatabase(db, TEST_SEED, logger);
      await setAdminPassword(db, TEST_ADMIN.username, TEST_ADMIN.password);
    } finally {
      await db.destroy();
    }
  }
}
