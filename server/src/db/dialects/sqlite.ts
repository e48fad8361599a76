/** SQLite through better-sqlite3: the embedded default (docs/decisions/001). */
import fs from 'node:fs';
import type { Knex } from 'knex';
import {
  insertInChunks,
  quoteName,
  type DatabaseBackup,
  type Dialect,
  type EngineTable,
  type JobClaim,
} from './dialect';
import { snapshotSqlite } from './sqlite-backup';

interface PreparedStatement {
  run(...values: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): PreparedStatement;
}
interface PooledClient {
  acquireConnection(): Promise<SqliteConnection>;
  releaseConnection(connection: SqliteConnection): Promise<unknown>;
}
/** Statements upsertRows prepared, per connection (a handful: one per table it writes). */
const preparedStatements = new WeakMap<SqliteConnection, Map<string, PreparedStatement>>();

/** knex writes a multi-row insert as SELECT … UNION ALL SELECT …; SQLite refuses over 500 compound terms. */
const ROWS_PER_INSERT = 500;

export class SqliteDialect implements Dialect {
  readonly name = 'sqlite';
  readonly concurrentWriters = 1;
  readonly statementsHoldEventLoop = true;

  constructor(private readonly db: Knex) {}

  batchInsert<T extends object>(trx: Knex | Knex.Transaction, table: string, rows: readonly T[]) {
    return insertInChunks(trx, table, rows, ROWS_PER_INSERT);
  }

  /**
   * better-sqlite3 runs a prepared statement in a few microseconds, where knex spent ten times that compiling
   * and preparing a wide multi-row upsert each time (decision 040's bench): one single-row statement,
   * prepared once per connection, run for each row on the transaction's own connection.
   */
  async upsertRows(
    trx: Knex | Knex.Transaction,
    table: string,
    keyColumn: string,
    columns: readonly string[],
    rows: ReadonlyArray<readonly unknown[]>,
  ): Promise<void> {
    if (rows.length === 0) return;
    const name = (n: string) => quoteName('"', n);
    const set = columns
      .filter((c) => c !== keyColumn)
      .map((c) => `${name(c)} = excluded.${name(c)}`);
    const sql = `INSERT INTO ${name(table)} (${columns.map(name).join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (${name(keyColumn)}) DO UPDATE SET ${set.join(', ')}`;
    // Inside a transaction knex hands back the transaction's connection (and releasing it does nothing).
    const client = (trx as unknown as { client: PooledClient }).client;
    const connection = await client.acquireConnection();
    try {
      let cache = preparedStatements.get(connection);
      if (!cache) preparedStatements.set(connection, (cache = new Map()));
      let statement = cache.get(sql);
      if (!statement) cache.set(sql, (statement = connection.prepare(sql)));
      const values: unknown[] = new Array(columns.length);
      for (const row of rows) {
        for (let i = 0; i < columns.length; i++) {
          const value = row[i];
          // SQLite binds no booleans: 1 and 0, as knex writes them.
          values[i] =
            value === undefined ? null : typeof value === 'boolean' ? Number(value) : value;
        }
        statement.run(...values);
      }
    } finally {
      await client.releaseConnection(connection);
    }
  }

  async tableSizes(): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    try {
      const rows = (await this.db.raw(
        'SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name',
      )) as Array<{ name: string; bytes: number }>;
      for (const row of rows) sizes.set(row.name, Number(row.bytes));
    } catch {
      // dbstat is a compile-time option; without it sizes are simply unknown.
    }
    return sizes;
  }

  async claimJobs({ workerId, type, now, leaseMs, limit }: JobClaim) {
    if (limit <= 0) return [];
    // One statement, and SQLite has one writer: no other claim can slip between the pick and the update.
    const rows = (await this.db.raw(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ?, locked_until = ?, started_at = ?, updated_at = ?
       WHERE id IN (SELECT id FROM jobs WHERE status = 'queued' AND type = ? AND run_at <= ? ORDER BY run_at, id LIMIT ?)
       RETURNING *`,
      [workerId, now + leaseMs, now, now, type, now, limit],
    )) as Array<Record<string, unknown>>;
    return rows.sort((a, b) => Number(a.run_at) - Number(b.run_at) || Number(a.id) - Number(b.id));
  }

  async countHit(key: string, windowMs: number, now: number) {
    // One statement under SQLite's single writer: RETURNING answers the count this hit made, whichever
    // process's hit comes next.
    const rows = (await this.db.raw(
      `INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (?, 1, ?)
       ON CONFLICT(key) DO UPDATE SET
         hits = CASE WHEN reset_at <= ? THEN 1 ELSE hits + 1 END,
         reset_at = CASE WHEN reset_at <= ? THEN excluded.reset_at ELSE reset_at END
       RETURNING hits, reset_at`,
      [key, now + windowMs, now, now],
    )) as Array<{ hits: number; reset_at: number }>;
    return { hits: Number(rows[0]!.hits), resetAt: Number(rows[0]!.reset_at) };
  }

  dayBucket(column: string, unit: 'day' | 'week' | 'month'): string {
    // 'weekday 0' moves forward to the Sunday (staying on a Sunday); six days back is that week's Monday.
    if (unit === 'week') return `strftime('%Y-%m-%d', ${column}, 'weekday 0', '-6 days')`;
    return `strftime('${unit === 'month' ? '%Y-%m-01' : '%Y-%m-%d'}', ${column})`;
  }

  concat(...expressions: string[]): string {
    return `(${expressions.join(' || ')})`;
  }

  startsWith(column: string, prefix: string) {
    // SQLite's LIKE ignores case, so it cannot read a BINARY index: a range in byte order can ('acme' up
    // to 'acmf'), and the keys are ASCII.
    const upper =
      prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    return { sql: '?? >= ? AND ?? < ?', bindings: [column, prefix, column, upper] };
  }

  async createPrefixIndex(
    table: string,
    name: string,
    columns: ReadonlyArray<string | { column: string; prefix: number }>,
  ): Promise<void> {
    // SQLite indexes TEXT whole: no prefix lengths.
    const names = columns.map((c) => (typeof c === 'string' ? c : c.column));
    await this.db.raw(`CREATE INDEX ?? ON ?? (${names.map(() => '??').join(', ')})`, [
      name,
      table,
      ...names,
    ]);
  }

  /**
   * Without statistics SQLite assumes `is_in_list = 1` is selective and walks a 200,000-row sort index
   * instead of the word index. `sampleRows` bounds the rows ANALYZE reads per index (PRAGMA analysis_limit):
   * close-enough statistics in milliseconds, where a full ANALYZE of a large table holds the one connection
   * (and, better-sqlite3 being synchronous, the event loop) for seconds.
   */
  async refreshPlannerStatistics(options: { sampleRows?: number } = {}): Promise<void> {
    if (options.sampleRows === undefined) {
      await this.db.raw('ANALYZE');
      return;
    }
    await this.db.raw(`PRAGMA analysis_limit = ${Math.max(1, Math.floor(options.sampleRows))}`);
    try {
      await this.db.raw('ANALYZE');
    } finally {
      await this.db.raw('PRAGMA analysis_limit = 0');
    }
  }

  async serverVersion(): Promise<string> {
    const rows = (await this.db.raw('select sqlite_version() as v')) as Array<{ v: string }>;
    return `SQLite ${rows[0]!.v}`;
  }

  async databaseBytes(): Promise<number> {
    const pages = (await this.db.raw(
      'select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()',
    )) as Array<{ bytes: number }>;
    return Number(pages[0]!.bytes);
  }

  async tables() {
    const objects = (await this.db.raw(
      "select name, tbl_name as tableName, type from sqlite_schema where type in ('table', 'index')",
    )) as Array<{ name: string; tableName: string; type: string }>;
    // dbstat sizes every b-tree (tables and indexes): an index's pages count towards its table.
    const btreeSizes = await this.tableSizes();
    const ownerOf = new Map(objects.map((o) => [o.name, o.tableName]));
    const bytes = new Map<string, number>();
    for (const [name, size] of btreeSizes) {
      const owner = ownerOf.get(name) ?? name;
      bytes.set(owner, (bytes.get(owner) ?? 0) + size);
    }
    const tables: EngineTable[] = objects
      .filter((o) => o.type === 'table' && !o.name.startsWith('sqlite_'))
      .map((o) => ({
        name: o.name,
        // SQLite keeps no row estimate: every table is counted.
        estimatedRows: null,
        bytes: btreeSizes.size > 0 ? (bytes.get(o.name) ?? 0) : null,
      }));
    return {
      tables,
      sizeSource: btreeSizes.size > 0 ? ('dbstat' as const) : ('unavailable' as const),
    };
  }

  async backup(): Promise<DatabaseBackup> {
    const snapshot = await snapshotSqlite(this.db);
    return {
      extension: 'sqlite',
      bytes: snapshot.bytes,
      body: fs.createReadStream(snapshot.file),
      dispose: snapshot.remove,
    };
  }
}
