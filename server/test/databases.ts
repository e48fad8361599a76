/**
 * The databases the server tests run against: SQLite always, MariaDB/MySQL when TEST_MYSQL_URL is set
 * (always in CI). Both are migrated and seeded once per test run by global-setup.ts.
 */
import os from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../src/config';

export type DialectName = 'sqlite' | 'mysql';

/** Small enough to seed in seconds, large enough that the major cities keep their exact counts. */
export const TEST_SEED = { companies: 2000, seed: 7 };

export function testDatabases(): Array<{ name: DialectName; config: DatabaseConfig }> {
  const databases: Array<{ name: DialectName; config: DatabaseConfig }> = [
    {
      name: 'sqlite',
      config: {
        client: 'sqlite',
        filename: path.join(os.tmpdir(), 'moveratlas-test', 'seeded.sqlite'),
      },
    },
  ];
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (mysqlUrl) databases.push({ name: 'mysql', config: { client: 'mysql', url: mysqlUrl } });
  return databases;
}
