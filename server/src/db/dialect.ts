/**
 * The engine a connection speaks (dialects/: one class per engine behind one interface), and the few
 * engine-neutral helpers for what both report differently (error codes).
 */
import type { Knex } from 'knex';
import { isSqlite } from './connection';
import { retryTransient, type Dialect } from './dialects/dialect';
import { MysqlDialect } from './dialects/mysql';
import { SqliteDialect } from './dialects/sqlite';

export type { DatabaseBackup, Dialect, EngineTable, JobClaim } from './dialects/dialect';
export { isTransientTransactionError, retryTransient } from './dialects/dialect';

const dialects = new WeakMap<Knex, Dialect>();

/** The dialect of a connection (or a transaction's), made once per connection. */
export function dialectOf(db: Knex): Dialect {
  let dialect = dialects.get(db);
  if (!dialect) {
    dialect = isSqlite(db) ? new SqliteDialect(db) : new MysqlDialect(db);
    dialects.set(db, dialect);
  }
  return dialect;
}

/**
 * Refreshes the query planner's statistics; run after bulk loads (seed, imports). `sampleRows` bounds the
 * work where the engine allows it, for refreshes while the server is serving.
 */
export function refreshPlannerStatistics(
  db: Knex,
  options: { sampleRows?: number } = {},
): Promise<void> {
  return dialectOf(db).refreshPlannerStatistics(options);
}

/** A duplicate key: the row is already there (an idempotent retry, or a race with one). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'ER_DUP_ENTRY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Runs a transaction, again up to `tries` times when the engine aborted it for a deadlock. */
export function withTransactionRetry<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  tries = 4,
): Promise<T> {
  return retryTransient(() => db.transaction(work), tries);
}
