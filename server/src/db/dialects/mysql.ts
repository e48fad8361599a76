/** MySQL/MariaDB through mysql2: production, where several server processes share one database. */
import type { Knex } from 'knex';
import {
  insertInChunks,
  quoteName,
  retryTransient,
  type DatabaseBackup,
  type Dialect,
  type EngineTable,
  type JobClaim,
} from './dialect';
import { dumpMysql } from './mysql-dump';

/** MySQL allows 65,535 bound parameters per statement. */
const PARAMETERS_PER_STATEMENT = 60_000;

export class MysqlDialect implements Dialect {
  readonly name = 'mysql';
  readonly concurrentWriters = 4;
  readonly statementsHoldEventLoop = false;

  constructor(private readonly db: Knex) {}

  batchInsert<T extends object>(trx: Knex | Knex.Transaction, table: string, rows: readonly T[]) {
    const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
    return insertInChunks(
      trx,
      table,
      rows,
      Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns)),
    );
  }

  async upsertRows(
    trx: Knex | Knex.Transaction,
    table: string,
    keyColumn: string,
    columns: readonly string[],
    rows: ReadonlyArray<readonly unknown[]>,
  ): Promise<void> {
    if (rows.length === 0) return;
    const names = columns.map((c) => quoteName('`', c));
    const key = quoteName('`', keyColumn);
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    // The unique key that conflicts is the table's own: ON DUPLICATE KEY names none.
    const update = names
      .filter((n) => n !== key)
      .map((n) => `${n} = VALUES(${n})`)
      .join(', ');
    const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns.length));
    for (let from = 0; from < rows.length; from += perStatement) {
      const chunk = rows.slice(from, from + perStatement);
      await trx.raw(
        `INSERT INTO ${quoteName('`', table)} (${names.join(', ')}) VALUES ${Array(chunk.length).fill(tuple).join(', ')} ON DUPLICATE KEY UPDATE ${update}`,
        chunk.flat() as Knex.RawBinding[],
      );
    }
  }

  async tableSizes(): Promise<Map<string, number>> {
    const [rows] = (await this.db.raw(
      'SELECT table_name AS name, data_length + index_length AS bytes FROM information_schema.tables WHERE table_schema = DATABASE()',
    )) as [Array<{ name: string; bytes: number }>];
    return new Map(rows.map((row) => [row.name, Number(row.bytes)]));
  }

  async claimJobs({ workerId, type, now, leaseMs, limit }: JobClaim) {
    if (limit <= 0) return [];
    // SKIP LOCKED lets concurrent workers each take different rows instead of queueing on the first;
    // READ COMMITTED keeps InnoDB from gap-locking the index range against concurrent enqueues.
    return this.db.transaction(
      async (trx) => {
        const [picked] = (await trx.raw(
          `SELECT id FROM jobs WHERE status = 'queued' AND type = ? AND run_at <= ? ORDER BY run_at, id LIMIT ?
           FOR UPDATE SKIP LOCKED`,
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
  }

  async countHit(key: string, windowMs: number, now: number) {
    // One statement, so the count a request is judged by is the one its own hit made: a second statement
    // reading the row back would see the hits of every request that raced in between, and a burst would
    // be refused below its limit (issue 14). MySQL has no RETURNING: LAST_INSERT_ID(expr) hands the new
    // count back in the statement's own OK packet (insertId; the table has no AUTO_INCREMENT, so 0 means
    // the row was inserted with hits = 1). Both IF()s read the old reset_at: assignments run left to right
    // and only the second changes it.
    const [result] = (await retryTransient(
      () =>
        this.db.raw(
          `INSERT INTO rate_limit_hits (\`key\`, hits, reset_at) VALUES (?, 1, ?)
         ON DUPLICATE KEY UPDATE
           hits = LAST_INSERT_ID(IF(reset_at <= ?, 1, hits + 1)),
           reset_at = IF(reset_at <= ?, VALUES(reset_at), reset_at)`,
          [key, now + windowMs, now, now],
        ),
      // A hit on a row the sweep is deleting can meet its locks in the opposite order: InnoDB undoes one.
      3,
    )) as [{ insertId: number | string }];
    const hits = Number(result.insertId);
    if (hits === 0) return { hits: 1, resetAt: now + windowMs };
    // The window's end is read afterwards, for the RateLimit and Retry-After headers only: it never moves
    // while the window lasts, so this read gives the value the hit saw (or, had the window just ended, the
    // next one's end). The count is never read back.
    const row = (await this.db('rate_limit_hits').where({ key }).first('reset_at')) as
      { reset_at: number | string } | undefined;
    return { hits, resetAt: row ? Number(row.reset_at) : now + windowMs };
  }

  dayBucket(column: string, unit: 'day' | 'week' | 'month'): string {
    if (unit === 'week')
      return `DATE_FORMAT(DATE_SUB(${column}, INTERVAL WEEKDAY(${column}) DAY), '%Y-%m-%d')`;
    return `DATE_FORMAT(${column}, '${unit === 'month' ? '%Y-%m-01' : '%Y-%m-%d'}')`;
  }

  concat(...expressions: string[]): string {
    return `CONCAT(${expressions.join(', ')})`;
  }

  startsWith(column: string, prefix: string) {
    // LIKE with a literal prefix is an index range in any collation; a hand-made upper bound would depend
    // on where the collation sorts punctuation. ! escapes as in lib/sql-like.ts.
    return {
      sql: "?? LIKE ? ESCAPE '!'",
      bindings: [column, `${prefix.replace(/[!%_]/g, '!$&')}%`],
    };
  }

  async createPrefixIndex(
    table: string,
    name: string,
    columns: ReadonlyArray<string | { column: string; prefix: number }>,
  ): Promise<void> {
    const parts = columns.map((c) => (typeof c === 'string' ? { column: c, prefix: 0 } : c));
    const list = parts
      .map((c) => (c.prefix === 0 ? '??' : `??(${Math.trunc(c.prefix)})`))
      .join(', ');
    await this.db.raw(`CREATE INDEX ?? ON ?? (${list})`, [
      name,
      table,
      ...parts.map((c) => c.column),
    ]);
  }

  async refreshPlannerStatistics(): Promise<void> {
    await this.db.raw(
      'ANALYZE TABLE companies, company_search_tokens, company_services, cities, zip_codes, reviews',
    );
  }

  async serverVersion(): Promise<string> {
    const [rows] = (await this.db.raw('select version() as v')) as [Array<{ v: string }>];
    const version = rows[0]!.v;
    return /mariadb/i.test(version) ? `MariaDB ${version}` : `MySQL ${version}`;
  }

  async databaseBytes(): Promise<number> {
    const [sizes] = (await this.db.raw(
      'select coalesce(sum(data_length + index_length), 0) as bytes from information_schema.tables where table_schema = database()',
    )) as [Array<{ bytes: number | string }>];
    return Number(sizes[0]!.bytes);
  }

  async tables() {
    const [rows] = (await this.db.raw(
      `select table_name as name, table_rows as estimate, data_length + index_length as bytes
         from information_schema.tables
        where table_schema = database() and table_type = 'BASE TABLE'`,
    )) as [
      Array<{ name: string; estimate: number | string | null; bytes: number | string | null }>,
    ];
    const tables: EngineTable[] = rows.map((row) => ({
      name: row.name,
      estimatedRows: row.estimate === null ? null : Number(row.estimate),
      bytes: row.bytes === null ? null : Number(row.bytes),
    }));
    return { tables, sizeSource: 'information_schema' as const };
  }

  backup(): Promise<DatabaseBackup> {
    return Promise.resolve({
      extension: 'sql',
      bytes: null,
      body: dumpMysql(this.db),
      dispose: () => Promise.resolve(),
    });
  }
}
