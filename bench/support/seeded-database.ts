/** Creates (once) a seeded SQLite file or MariaDB database of a given size for benchmarks. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { pino } from 'pino';
import type { DatabaseConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/connection';
import { isSeeded, prepareDatabase } from '../../server/src/db/prepare';
import { refreshPlannerStatistics } from '../../server/src/db/dialect';

const dataDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'data',
  'bench',
);

export async function seededSqlite(companies: number): Promise<DatabaseConfig> {
  fs.mkdirSync(dataDir, { recursive: true });
  const config: DatabaseConfig = {
    client: 'sqlite',
    filename: path.join(dataDir, `companies-${companies}.sqlite`),
  };
  await ensureSeeded(config, companies);
  return config;
}

export async function ensureSeeded(config: DatabaseConfig, companies: number): Promise<void> {
  const db = openDatabase(config);
  try {
    const started = performance.now();
    await db.migrate.latest({
      migrationSource: (await import('../../server/src/db/migrations')).migrationSource,
    });
    if (!(await isSeeded(db))) {
      console.info(`seeding ${companies.toLocaleString('en-US')} companies…`);
      await prepareDatabase(db, { companies, seed: 20261123 }, pino({ level: 'silent' }));
      console.info(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await refreshPlannerStatistics(db);
  } finally {
    await db.destroy();
  }
}

/** `serverUrl` (any database) with the database `name` instead: a benchmark's own database on that server. */
export function databaseOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * An empty database for one benchmark run: the SQLite file `data/bench/<file>` removed (with its WAL), or the
 * MariaDB database `mysqlUrl` names dropped and created again. Answers its URL (for the server) and config.
 */
export async function emptyDatabase(
  name: 'sqlite' | 'mysql' | string,
  file: string,
  mysqlUrl: string,
): Promise<{ url: string; config: DatabaseConfig }> {
  if (name === 'sqlite') {
    const filename = path.join(dataDir, file);
    fs.mkdirSync(dataDir, { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(filename + suffix, { force: true });
    return { url: `sqlite:${filename}`, config: { client: 'sqlite', filename } };
  }
  const target = new URL(mysqlUrl);
  const database = target.pathname.replace(/^\//, '');
  if (!/^\w+$/.test(database)) throw new Error(`unsafe database name ${database}`);
  const server = new URL(mysqlUrl);
  server.pathname = '/';
  const admin = knexFactory({
    client: 'mysql2',
    connection: { uri: server.toString() } as Knex.MySqlConnectionConfig,
  });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.raw(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`);
  } finally {
    await admin.destroy();
  }
  return { url: target.toString(), config: { client: 'mysql', url: target.toString() } };
}
