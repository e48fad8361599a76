/**
 * What differs between the two engines, as one interface with one class per engine (sqlite.ts, mysql.ts),
 * as Directus keeps its database helpers: the differences sit side by side, query modules never branch on
 * the client, and a new engine is one file. db/dialect.ts hands out the instance for a connection.
 */
import type { Knex } from 'knex';

/** Inserts rows a chunk at a time: each engine says how many rows one statement may carry. */
export async function insertInChunks<T extends object>(
  trx: Knex | Knex.Transaction,
  table: string,
  rows: readonly T[],
  rowsPerStatement: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    await trx(table).insert(rows.slice(i, i + rowsPerStatement));
  }
}

export interface JobClaim {
  workerId: string;
  type: string;
  now: number;
  leaseMs: number;
  limit: number;
}

/** A user table as the engine describes it, for the admin Database screen. */
export interface EngineTable {
  name: string;
  /** The engine's estimate of its rows; null when it has none (count them). */
  estimatedRows: number | null;
  /** Table and index bytes; null when the engine cannot say. */
  bytes: number | null;
}

/** A whole-database backup, ready to be read once. */
export interface DatabaseBackup {
  /** The file name's extension: a SQLite database file, or a logical SQL export. */
  extension: 'sqlite' | 'sql';
  /** Its size when known before it is read (a SQLite snapshot; an export is written as it is read). */
  bytes: number | null;
  body: AsyncIterable<string | Uint8Array>;
  /** Frees what the backup holds (its temporary file); call it once the body is read or given up. */
  dispose(): Promise<void>;
}

export interface Dialect {
  readonly name: 'sqlite' | 'mysql';
  /** Write transactions worth running at once: SQLite has a single writer, InnoDB commits in parallel. */
  readonly concurrentWriters: number;
  /**
   * Whether a statement runs on the event loop's own thread (better-sqlite3 is synchronous): long writes
   * must then be cut into short transactions, where a networked engine only waits.
   */
  readonly statementsHoldEventLoop: boolean;
  /** Inserts rows in chunks sized for the engine's bound-parameter limit. */
  batchInsert<T extends object>(
    trx: Knex | Knex.Transaction,
    table: string,
    rows: readonly T[],
  ): Promise<void>;
  /**
   * Inserts rows (values in the order of `columns`), each replacing the row with the same `keyColumn` value
   * (a unique key) when there is one. For bulk loads: knex's builder spends more compiling a wide multi-row
   * upsert than the engine spends running it, so each engine writes its own statement.
   */
  upsertRows(
    trx: Knex | Knex.Transaction,
    table: string,
    keyColumn: string,
    columns: readonly string[],
    rows: ReadonlyArray<readonly unknown[]>,
  ): Promise<void>;
  /** Sizes of the user tables (and, on SQLite, of each index b-tree) in bytes, where the engine reports them. */
  tableSizes(): Promise<Map<string, number>>;
  /**
   * Claims up to `limit` due queued jobs of one type for `workerId`, oldest first: marks them running with a
   * lease until `now + leaseMs` and counts the attempt. Exactly one caller gets a given job, across processes.
   */
  claimJobs(claim: JobClaim): Promise<Array<Record<string, unknown>>>;
  /**
   * Adds a hit to a rate-limit counter, starting a new window when the old one has ended, and answers the
   * count this hit made, atomically: N concurrent hits, from any number of processes, get 1..N.
   */
  countHit(key: string, windowMs: number, now: number): Promise<{ hits: number; resetAt: number }>;
  /**
   * SQL for the UTC calendar day of a timestamp column as 'YYYY-MM-DD': the day itself, the Monday of its
   * week, or the first of its month. For grouping by period in the admin statistics.
   */
  dayBucket(column: string, unit: 'day' | 'week' | 'month'): string;
  /** SQL joining SQL expressions (columns, `?` placeholders) into one string. */
  concat(...expressions: string[]): string;
  /**
   * A condition "`column` starts with `prefix`" the engine answers from an index on the column, for
   * `whereRaw(sql, bindings)`. `prefix` must be lower-case ASCII letters, digits and spaces (a lookup key).
   */
  startsWith(column: string, prefix: string): { sql: string; bindings: string[] };
  /**
   * Adds an index whose TEXT columns are indexed on their first `prefix` characters (MySQL needs a length
   * for TEXT keys; SQLite indexes the whole value).
   */
  createPrefixIndex(
    table: string,
    name: string,
    columns: ReadonlyArray<string | { column: string; prefix: number }>,
  ): Promise<void>;
  /**
   * Refreshes the query planner's statistics after bulk loads; `sampleRows` bounds the rows read per index
   * where the engine allows it (for refreshes while the server is serving).
   */
  refreshPlannerStatistics(options?: { sampleRows?: number }): Promise<void>;
  /** The engine and its version as people name them: "SQLite 3.46.1", "MariaDB 10.11.6-MariaDB…". */
  serverVersion(): Promise<string>;
  /** The whole database's size in bytes. */
  databaseBytes(): Promise<number>;
  /** The user tables, with the engine's row estimates and sizes; `sizeSource` says where sizes came from. */
  tables(): Promise<{
    tables: EngineTable[];
    sizeSource: 'dbstat' | 'information_schema' | 'unavailable';
  }>;
  /** A consistent backup of the whole database, taken while the site keeps running. */
  backup(): Promise<DatabaseBackup>;
}

/**
 * A statement or transaction the engine gave up on that succeeds when simply run again: InnoDB's deadlock or
 * lock wait, SQLite's busy lock, and SQLite's SQLITE_BUSY_SNAPSHOT (a transaction that read, then wanted to
 * write after another connection wrote: WAL refuses it at once, without the busy timeout).
 */
export function isTransientTransactionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'ER_LOCK_DEADLOCK' ||
    code === 'ER_LOCK_WAIT_TIMEOUT' ||
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
  );
}

/**
 * Runs `work` again, up to `tries` times in all, when the engine undid it for a deadlock or a lock wait
 * (after a short random pause, so two victims do not meet again at once); any other failure is thrown.
 */
export async function retryTransient<T>(work: () => Promise<T>, tries: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isTransientTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** An identifier quoted as both engines take it (the names come from our own code, never from input). */
export const quoteName = (quote: string, name: string) =>
  `${quote}${name.replaceAll(quote, quote + quote)}${quote}`;
