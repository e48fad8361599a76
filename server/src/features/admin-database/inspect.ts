/**
 * What the database screen shows: the connection's health and the pool's state, every table with its row
 * count and size, and the migrations. Listing a schema is the one thing no two engines do alike, so this
 * module reads SQLite's catalogue (sqlite_schema, dbstat) and MySQL's (information_schema) side by side.
 */
import type { Knex } from 'knex';
import type {
  DatabaseHealth,
  DatabaseMigration,
  DatabaseMigrations,
  DatabaseTable,
  DatabaseTables,
} from '@moveratlas/contracts';
import { dialectOf } from '../../db/dialect';
import { migrationSource } from '../../db/migrations';
import { sqlTimestampToIso } from '../settings/timestamps';

/** Tables MySQL estimates above this many rows are not counted exactly: a COUNT(*) would scan them all. */
export const EXACT_COUNT_LIMIT = 1_000_000;

interface PoolLike {
  min: number;
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/** The database's part of the health report (the route adds the server's load). */
export async function databaseHealth(db: Knex): Promise<Omit<DatabaseHealth, 'server'>> {
  const dialect = dialectOf(db).name;
  const started = process.hrtime.bigint();
  await db.raw('select 1');
  const latencyMs = Number(process.hrtime.bigint() - started) / 1e6;

  let serverVersion: string;
  let totalBytes: number | null;
  if (dialect === 'sqlite') {
    const rows = (await db.raw('select sqlite_version() as v')) as Array<{ v: string }>;
    serverVersion = `SQLite ${rows[0]!.v}`;
    const pages = (await db.raw(
      'select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()',
    )) as Array<{ bytes: number }>;
    totalBytes = Number(pages[0]!.bytes);
  } else {
    const [rows] = (await db.raw('select version() as v')) as [Array<{ v: string }>];
    const version = rows[0]!.v;
    serverVersion = /mariadb/i.test(version) ? `MariaDB ${version}` : `MySQL ${version}`;
    const [sizes] = (await db.raw(
      'select coalesce(sum(data_length + index_length), 0) as bytes from information_schema.tables where table_schema = database()',
    )) as [Array<{ bytes: number | string }>];
    totalBytes = Number(sizes[0]!.bytes);
  }

  const pool = (db.client as { pool?: PoolLike }).pool;
  return {
    dialect,
    serverVersion,
    latencyMs: Math.round(latencyMs * 1000) / 1000,
    pool: {
      min: pool?.min ?? 0,
      max: pool?.max ?? 0,
      used: pool?.numUsed() ?? 0,
      free: pool?.numFree() ?? 0,
      pendingAcquires: pool?.numPendingAcquires() ?? 0,
      pendingCreates: pool?.numPendingCreates() ?? 0,
    },
    totalBytes,
    checkedAt: new Date().toISOString(),
  };
}

async function countRows(db: Knex, table: string): Promise<number> {
  const row = (await db(table).count({ n: '*' }).first()) as { n: number | string };
  return Number(row.n);
}

async function sqliteTables(db: Knex): Promise<Omit<DatabaseTables, 'total'>> {
  const objects = (await db.raw(
    "select name, tbl_name as tableName, type from sqlite_schema where type in ('table', 'index')",
  )) as Array<{ name: string; tableName: string; type: string }>;
  const tableNames = objects
    .filter((o) => o.type === 'table' && !o.name.startsWith('sqlite_'))
    .map((o) => o.name);
  // dbstat sizes every b-tree (tables and indexes): an index's pages count towards its table.
  const btreeSizes = await dialectOf(db).tableSizes();
  const ownerOf = new Map(objects.map((o) => [o.name, o.tableName]));
  const bytes = new Map<string, number>();
  for (const [name, size] of btreeSizes) {
    const owner = ownerOf.get(name) ?? name;
    bytes.set(owner, (bytes.get(owner) ?? 0) + size);
  }
  const tables: DatabaseTable[] = [];
  for (const name of tableNames)
    tables.push({
      name,
      rows: await countRows(db, name),
      rowsExact: true,
      bytes: btreeSizes.size > 0 ? (bytes.get(name) ?? 0) : null,
    });
  return { tables, sizeSource: btreeSizes.size > 0 ? 'dbstat' : 'unavailable' };
}

async function mysqlTables(db: Knex): Promise<Omit<DatabaseTables, 'total'>> {
  const [rows] = (await db.raw(
    `select table_name as name, table_rows as estimate, data_length + index_length as bytes
       from information_schema.tables
      where table_schema = database() and table_type = 'BASE TABLE'`,
  )) as [Array<{ name: string; estimate: number | string | null; bytes: number | string | null }>];
  const tables: DatabaseTable[] = [];
  for (const row of rows) {
    const estimate = Number(row.estimate ?? 0);
    const exact = estimate < EXACT_COUNT_LIMIT;
    tables.push({
      name: row.name,
      rows: exact ? await countRows(db, row.name) : estimate,
      rowsExact: exact,
      bytes: row.bytes === null ? null : Number(row.bytes),
    });
  }
  return { tables, sizeSource: 'information_schema' };
}

export async function databaseTables(
  db: Knex,
  query: { sort: 'name' | 'rows' | 'bytes'; order: 'asc' | 'desc'; q: string },
): Promise<DatabaseTables> {
  const listed = dialectOf(db).name === 'sqlite' ? await sqliteTables(db) : await mysqlTables(db);
  const needle = query.q.toLowerCase();
  const tables = listed.tables.filter((t) => t.name.toLowerCase().includes(needle));
  const direction = query.order === 'asc' ? 1 : -1;
  tables.sort((a, b) => {
    const primary =
      query.sort === 'name'
        ? a.name.localeCompare(b.name)
        : Number(a[query.sort] ?? -1) - Number(b[query.sort] ?? -1);
    return direction * primary || a.name.localeCompare(b.name);
  });
  return { tables, total: tables.length, sizeSource: listed.sizeSource };
}

export async function databaseMigrations(db: Knex): Promise<DatabaseMigrations> {
  // The app's own list: pending ones are those it knows and the database has not recorded.
  const [, pending] = (await db.migrate.list({
    migrationSource,
    disableMigrationsListValidation: true,
  })) as [unknown, string[]];
  const known = new Set(await migrationSource.getMigrations([]));
  const applied = (await db('knex_migrations')
    .orderBy('id')
    .select('name', 'batch', 'migration_time')) as Array<{
    name: string;
    batch: number | string;
    migration_time: string | number | Date | null;
  }>;
  const migrations: DatabaseMigration[] = [
    ...applied.map((row) => ({
      name: row.name,
      status: known.has(row.name) ? ('applied' as const) : ('unknown' as const),
      batch: Number(row.batch),
      appliedAt: row.migration_time === null ? null : sqlTimestampToIso(row.migration_time),
    })),
    ...pending.map((name) => ({
      name: String(name),
      status: 'pending' as const,
      batch: null,
      appliedAt: null,
    })),
  ];
  return {
    migrations,
    applied: applied.length,
    pending: pending.length,
  };
}
