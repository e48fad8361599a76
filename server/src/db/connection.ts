/** Opens the knex connection for SQLite (embedded default) or MySQL/MariaDB (production). */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { Logger } from 'pino';
import type { DatabaseConfig } from '../config';
import {
  deadlineEveryQuery,
  REQUEST_STATEMENT_TIMEOUT_MS,
  type Mysql2Connection,
} from './statement-deadline';

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

/** How many connections a knex instance keeps, and how long anything may wait on it. */
export interface PoolShape {
  /** MySQL's maximum (SQLite always has one connection). */
  max: number;
  /** Kept open when idle: SQLite's one for requests; none for a probe. */
  keepOpen: boolean;
  idleTimeoutMillis: number;
  /** To borrow a connection and to open one. */
  waitMs: number;
  /** Overrides the configured per-statement deadline (MySQL/MariaDB). */
  statementTimeoutMs?: number;
}

/** The pool requests, jobs and scripts share. */
export const REQUEST_POOL: PoolShape = {
  max: 10,
  keepOpen: true,
  idleTimeoutMillis: 30_000,
  waitMs: ACQUIRE_TIMEOUT_MS,
};

/**
 * One connection of its own for /readyz, so that a busy request pool never makes a healthy process look
 * dead to its balancer; it closes when idle, and gives up within a second.
 */
export const PROBE_POOL: PoolShape = {
  max: 1,
  keepOpen: false,
  idleTimeoutMillis: 5_000,
  waitMs: 1000,
  statementTimeoutMs: 1000,
};

export function openDatabase(
  config: DatabaseConfig,
  logger?: Logger,
  shape: PoolShape = REQUEST_POOL,
): Knex {
  if (config.client === 'sqlite') {
    if (config.filename !== ':memory:')
      fs.mkdirSync(path.dirname(config.filename), { recursive: true });
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename: config.filename },
      useNullAsDefault: true,
      log: knexLog(logger),
      acquireConnectionTimeout: shape.waitMs,
      // One connection: better-sqlite3 is synchronous and SQLite has a single writer anyway.
      pool: {
        min: shape.keepOpen ? 1 : 0,
        max: 1,
        idleTimeoutMillis: shape.idleTimeoutMillis,
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
  const statementTimeoutMs =
    shape.statementTimeoutMs ?? config.statementTimeoutMs ?? REQUEST_STATEMENT_TIMEOUT_MS;
  // Asks the server to stop a statement whose deadline passed (its connection is gone by then).
  const kill = (threadId: number) =>
    void db
      .raw('KILL QUERY ?', [threadId])
      .catch((error: unknown) =>
        logger?.debug({ err: error, threadId }, 'could not stop a timed-out statement'),
      );
  const db = knexFactory({
    client: 'mysql2',
    connection: {
      uri: config.url,
      connectTimeout: shape.waitMs,
      charset: 'utf8mb4',
      timezone: 'Z',
      dateStrings: true,
      supportBigNumbers: true,
      decimalNumbers: true,
    } as Knex.MySqlConnectionConfig,
    acquireConnectionTimeout: shape.waitMs,
    log: knexLog(logger),
    pool: {
      min: 0,
      max: shape.max,
      // Short create timeout and fast retries let the pool recover by itself once the database returns.
      createTimeoutMillis: shape.waitMs,
      createRetryIntervalMillis: 200,
      idleTimeoutMillis: shape.idleTimeoutMillis,
      propagateCreateError: true,
      // Timestamps are stored and grouped (admin statistics: "today", weeks) in UTC whatever the server's zone.
      afterCreate(conn: Mysql2Connection, done: (error: Error | null, conn: unknown) => void) {
        deadlineEveryQuery(conn, statementTimeoutMs, kill);
        conn.query("SET time_zone = '+00:00'", (error: Error | null) => done(error, conn));
      },
    },
  });
  return db;
}

export function isSqlite(db: Knex): boolean {
  const client = db.client.config.client;
  return client === 'better-sqlite3' || client === 'sqlite3';
}
