/**
 * The engine a connection speaks (dialects/: one class per engine behind one interface), and the few
 * engine-neutral helpers for what both report differently (error codes).
 */
import type { Knex } from 'knex';
import { isSqlite } from './connection';
import type { Dialect } from './dialects/dialect';
import { MysqlDialect } from './dialects/mysql';
import { SqliteDialect } from './dialects/sqlite';

export type { DatabaseBackup, Dialect, EngineTable, JobClaim } from './dialects/dialect';

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

/** A transaction the engine gave up on that succeeds when simply run again (InnoDB deadlock or lock wait). */
export function isTransientTransactionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY';
}

/** Runs a transaction, again up to `tries` times when the engine aborted it for a deadlock. */
export async function withTransactionRetry<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  tries = 4,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= tries || !isTransientTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
