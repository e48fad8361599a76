/**
 * What the database screen shows: the connection's health and the pool's state, every table with its row
 * count and size, and the migrations. What the engines report differently (version, sizes, their catalogues)
 * comes from the connection's dialect (db/dialects/); counting and sorting are the same for both.
 */
import type { Knex } from 'knex';
import type {
  DatabaseHealth,
  DatabaseMigration,
  DatabaseMigrations,
  DatabaseTable,
  DatabaseTables,
} from '@moveratlas/contracts';
import { dialectOf } from '../../../db/dialect';
import { migrationSource } from '../../../db/migrations';
import { sqlTimestampToIso } from '../../../db/timestamps';

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
  const engine = dialectOf(db);
  const dialect = engine.name;
  const started = process.hrtime.bigint();
  await db.raw('select 1');
  const latencyMs = Number(process.hrtime.bigint() - started) / 1e6;
  const serverVersion = await engine.serverVersion();
  const totalBytes = await engine.databaseBytes();

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

export async function databaseTables(
  db: Knex,
  query: { sort: 'name' | 'rows' | 'bytes'; order: 'asc' | 'desc'; q: string },
): Promise<DatabaseTables> {
  const listed = await dialectOf(db).tables();
  const needle = query.q.toLowerCase();
  const tables: DatabaseTable[] = [];
  for (const table of listed.tables) {
    if (!table.name.toLowerCase().includes(needle)) continue;
    // Counted exactly unless the engine's estimate says a COUNT(*) would scan too much.
    const exact = table.estimatedRows === null || table.estimatedRows < EXACT_COUNT_LIMIT;
    tables.push({
      name: table.name,
      rows: exact ? await countRows(db, table.name) : table.estimatedRows!,
      rowsExact: exact,
      bytes: table.bytes,
    });
  }
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
