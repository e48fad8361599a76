/** Opens the knex connection for SQLite (embedded default) or MySQL/MariaDB (production). */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { Logger } from 'pino';
import type { DatabaseConfig } from '../config';

/** knex prints pool and connection warnings to the console; send them to our structured log instead. */
function knexLog(logger: Logger | undefined): Knex.Config['log'] {
  const write = (level: 'warn' | 'error' | 'debug') => (message: unknown) =>
    logger?.[level]({ knex: String(message) }, 'knex');
  return {
    warn: write('warn'),
    error: write('error'),
    deprecate: write('warn'),
    debug: write('debug'),
  };
}

/** How long a request waits for a pooled connection before the API answers 503 (knex's default is 60 s). */
export const ACQUIRE_TIMEOUT_MS = 2000;

export function openDatabase(config: DatabaseConfig, logger?: Logger): Knex {
  if (config.client === 'sqlite') {
    if (config.filename !== ':memory:')
      fs.mkdirSync(path.dirname(config.filename), { recursive: true });
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename: config.filename },
      useNullAsDefault: true,
      log: knexLog(logger),
      acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
      // One connection: better-sqlite3 is synchronous and SQLite has a single writer anyway.
      pool: {
        min: 1,
        max: 1,
        afterCreate(
          conn: { pragma: (sql: string) => unknown },
          done: (err: Error | null, conn: unknown) => void,
        ) {
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = NORMAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('cache_size = -64000');
          done(null, conn);
        },
      },
    });
  }
  return knexFactory({
    client: 'mysql2',
    connection: {
      uri: config.url,
      connectTimeout: ACQUIRE_TIMEOUT_MS,
      charset: 'utf8mb4',
      timezone: 'Z',
      dateStrings: true,
      supportBigNumbers: true,
      decimalNumbers: true,
    } as Knex.MySqlConnectionConfig,
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
    log: knexLog(logger),
    pool: {
      min: 0,
      max: 10,
      // Short create timeout and fast retries let the pool recover by itself once the database returns.
      createTimeoutMillis: ACQUIRE_TIMEOUT_MS,
      createRetryIntervalMillis: 200,
      idleTimeoutMillis: 30_000,
      propagateCreateError: true,
      // Timestamps are stored and grouped (admin statistics: "today", weeks) in UTC whatever the server's zone.
      afterCreate(
        conn: { query(sql: string, done: (error: Error | null) => void): void },
        done: (error: Error | null, conn: unknown) => void,
      ) {
        conn.query("SET time_zone = '+00:00'", (error) => done(error, conn));
      },
    },
  });
}

export function isSqlite(db: Knex): boolean {
  const client = db.client.config.client;
  return client === 'better-sqlite3' || client === 'sqlite3';
}
