/**
 * Every SQLite-vs-MySQL difference lives here, so query modules never branch on the client.
 */
import type { Knex } from 'knex';
import { isSqlite } from './connection';

export interface Dialect {
  name: 'sqlite' | 'mysql';
  /** Write transactions worth running at once: SQLite has a single writer, InnoDB commits in parallel. */
  concurrentWriters: number;
  /** Inserts rows in chunks sized for the engine's bound-parameter limit. */
  batchInsert<T extends object>(
    trx: Knex | Knex.Transaction,
    table: string,
    rows: readonly T[],
  ): Promise<void>;
  /** Sizes of the user tables in bytes, where the engine reports them. */
  tableSizes(): Promise<Map<string, number>>;
  /**
   * Claims up to `limit` due queued jobs of one type for `workerId`, oldest first: marks them running with a
   * lease until `now + leaseMs` and counts the attempt. Exactly one caller gets a given job, across processes.
   */
  claimJobs(claim: JobClaim): Promise<Array<Record<string, unknown>>>;
  /** Adds a hit to a rate-limit counter, starting a new window when the old one has ended. */
  countHit(key: string, windowMs: number, now: number): Promise<{ hits: number; resetAt: number }>;
  /**
   * SQL for the UTC calendar day of a timestamp column as 'YYYY-MM-DD': the day itself, the Monday of its
   * week, or the first of its month. For grouping by period in the admin statistics.
   */
  dayBucket(column: string, unit: 'day' | 'week' | 'month'): string;
  /** SQL joining SQL expressions (columns, `?` placeholders) into one string. */
  concat(...expressions: string[]): string;
  /**
   * Adds an index whose TEXT columns are indexed on their first `prefix` characters (MySQL needs a length
   * for TEXT keys; SQLite indexes the whole value).
   */
  createPrefixIndex(
    table: string,
    name: string,
    columns: ReadonlyArray<string | { column: string; prefix: number }>,
  ): Promise<void>;
}

export interface JobClaim {
  workerId: string;
  type: string;
  now: number;
  leaseMs: number;
  limit: number;
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

export function dialectOf(db: Knex): Dialect {
  const sqlite = isSqlite(db);
  return {
    name: sqlite ? 'sqlite' : 'mysql',
    concurrentWriters: sqlite ? 1 : 4,
    async batchInsert(trx, table, rows) {
      if (rows.length === 0) return;
      const columns = Object.keys(rows[0] as object).length;
      // MySQL allows 65535 bound parameters per statement. knex writes a multi-row SQLite insert as
      // SELECT … UNION ALL SELECT …, and SQLite refuses more than 500 terms in a compound SELECT.
      const chunk = sqlite ? 500 : Math.max(1, Math.floor(60000 / columns));
      for (let i = 0; i < rows.length; i += chunk) {
        await trx(table).insert(rows.slice(i, i + chunk));
      }
    },
    async tableSizes() {
      const sizes = new Map<string, number>();
      if (sqlite) {
        try {
          const rows = (await db.raw(
            'SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name',
          )) as Array<{ name: string; bytes: number }>;
          for (const row of rows) sizes.set(row.name, Number(row.bytes));
        } catch {
          // dbstat is a compile-time option; without it sizes are simply unknown.
        }
        return sizes;
      }
      const [rows] = (await db.raw(
        'SELECT table_name AS name, data_length + index_length AS bytes FROM information_schema.tables WHERE table_schema = DATABASE()',
      )) as [Array<{ name: string; bytes: number }>];
      for (const row of rows) sizes.set(row.name, Number(row.bytes));
      return sizes;
    },
    async claimJobs({ workerId, type, now, leaseMs, limit }) {
      if (limit <= 0) return [];
      const due = `status = 'queued' AND type = ? AND run_at <= ? ORDER BY run_at, id LIMIT ?`;
      if (sqlite) {
        // One statement, and SQLite has one writer: no other claim can slip between the pick and the update.
        const rows = (await db.raw(
          `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ?, locked_until = ?, started_at = ?, updated_at = ?
           WHERE id IN (SELECT id FROM jobs WHERE ${due}) RETURNING *`,
          [workerId, now + leaseMs, now, now, type, now, limit],
        )) as Array<Record<string, unknown>>;
        return rows.sort(
          (a, b) => Number(a.run_at) - Number(b.run_at) || Number(a.id) - Number(b.id),
        );
      }
      // SKIP LOCKED lets concurrent workers each take different rows instead of queueing on the first;
      // READ COMMITTED keeps InnoDB from gap-locking the index range against concurrent enqueues.
      return db.transaction(
        async (trx) => {
          const [picked] = (await trx.raw(
            `SELECT id FROM jobs WHERE ${due} FOR UPDATE SKIP LOCKED`,
            [type, now, limit],
          )) as [Array<{ id: number }>];
          const ids = picked.map((row) => row.id);
          if (ids.length === 0) return [];
          await trx('jobs')
            .whereIn('id', ids)
            .update({
              status: 'running',
              attempts: trx.raw('attempts + 1'),
              locked_by: workerId,
              locked_until: now + leaseMs,
              started_at: now,
              updated_at: now,
            });
          return (await trx('jobs')
            .whereIn('id', ids)
            .orderBy([{ column: 'run_at' }, { column: 'id' }])) as Array<Record<string, unknown>>;
        },
        { isolationLevel: 'read committed' },
      );
    },
    async countHit(key, windowMs, now) {
      const resetAt = now + windowMs;
      if (sqlite) {
        const rows = (await db.raw(
          `INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (?, 1, ?)
           ON CONFLICT(key) DO UPDATE SET
             hits = CASE WHEN reset_at <= ? THEN 1 ELSE hits + 1 END,
             reset_at = CASE WHEN reset_at <= ? THEN excluded.reset_at ELSE reset_at END
           RETURNING hits, reset_at`,
          [key, resetAt, now, now],
        )) as Array<{ hits: number; reset_at: number }>;
        return { hits: Number(rows[0]!.hits), resetAt: Number(rows[0]!.reset_at) };
      }
      // MySQL has no RETURNING: upsert, then read the row back. Not one transaction on purpose: a counter
      // does not need a commit (and a log flush) of its own per request, and two requests racing here at
      // most both see the later count. Both IF()s read the old reset_at: only the second assignment changes it.
      await db.raw(
        `INSERT INTO rate_limit_hits (\`key\`, hits, reset_at) VALUES (?, 1, ?)
         ON DUPLICATE KEY UPDATE
           hits = IF(reset_at <= ?, 1, hits + 1),
           reset_at = IF(reset_at <= ?, VALUES(reset_at), reset_at)`,
        [key, resetAt, now, now],
      );
      const row = (await db('rate_limit_hits').where({ key }).first('hits', 'reset_at')) as {
        hits: number;
        reset_at: number;
      };
      return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
    },
    dayBucket(column, unit) {
      if (sqlite) {
        // 'weekday 0' moves forward to the Sunday (staying on a Sunday); six days back is that week's Monday.
        if (unit === 'week') return `strftime('%Y-%m-%d', ${column}, 'weekday 0', '-6 days')`;
        return `strftime('${unit === 'month' ? '%Y-%m-01' : '%Y-%m-%d'}', ${column})`;
      }
      if (unit === 'week')
        return `DATE_FORMAT(DATE_SUB(${column}, INTERVAL WEEKDAY(${column}) DAY), '%Y-%m-%d')`;
      return `DATE_FORMAT(${column}, '${unit === 'month' ? '%Y-%m-01' : '%Y-%m-%d'}')`;
    },
    concat(...expressions) {
      return sqlite ? `(${expressions.join(' || ')})` : `CONCAT(${expressions.join(', ')})`;
    },
    async createPrefixIndex(table, name, columns) {
      const parts = columns.map((c) => (typeof c === 'string' ? { column: c, prefix: 0 } : c));
      const list = parts
        .map((c) => (sqlite || c.prefix === 0 ? '??' : `??(${Math.trunc(c.prefix)})`))
        .join(', ');
      await db.raw(`CREATE INDEX ?? ON ?? (${list})`, [name, table, ...parts.map((c) => c.column)]);
    },
  };
}

/**
 * Refreshes the query planner's statistics. Without them SQLite assumes `is_in_list = 1` is selective and
 * walks a 200,000-row sort index instead of the word index; run after bulk loads (seed, imports).
 */
export async function refreshPlannerStatistics(
  db: Knex,
  options: { sampleRows?: number } = {},
): Promise<void> {
  if (isSqlite(db)) {
    // sampleRows bounds the rows ANALYZE reads per index (PRAGMA analysis_limit): close-enough statistics in
    // milliseconds, where a full ANALYZE of a large table holds the one connection (and, better-sqlite3 being
    // synchronous, the event loop) for seconds. For refreshes while the server is serving (after an import).
    if (options.sampleRows !== undefined) {
      await db.raw(`PRAGMA analysis_limit = ${Math.max(1, Math.floor(options.sampleRows))}`);
      try {
        await db.raw('ANALYZE');
      } finally {
        await db.raw('PRAGMA analysis_limit = 0');
      }
      return;
    }
    await db.raw('ANALYZE');
    return;
  }
  await db.raw(
    'ANALYZE TABLE companies, company_search_tokens, company_services, cities, zip_codes, reviews',
  );
}
