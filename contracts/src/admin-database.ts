/**
 * The admin database screen (/admin/database): the connection and pool's health, every table with its row
 * count and size, the applied and pending migrations, and the backup download's name and type.
 */
import { z } from 'zod';
import { ServerLoadSchema } from './server-load';

export const DATABASE_DIALECTS = ['sqlite', 'mysql'] as const;
export type DatabaseDialect = (typeof DATABASE_DIALECTS)[number];

/** GET /api/admin/database/health */
export const DatabaseHealthSchema = z.object({
  dialect: z.enum(DATABASE_DIALECTS),
  /** "SQLite 3.53.2" or "MariaDB 10.11.19" (the server's own VERSION()). */
  serverVersion: z.string(),
  /** Round trip of a `select 1` through the pool, in milliseconds (fractional). */
  latencyMs: z.number().nonnegative(),
  pool: z.object({
    min: z.number().int().nonnegative(),
    max: z.number().int().nonnegative(),
    /** Connections lent out right now (this request's own `select 1` has been returned by then). */
    used: z.number().int().nonnegative(),
    free: z.number().int().nonnegative(),
    /** Requests waiting for a connection: above zero for long means the pool is too small or stuck. */
    pendingAcquires: z.number().int().nonnegative(),
    pendingCreates: z.number().int().nonnegative(),
  }),
  /** The whole database's size in bytes, when the engine reports it. */
  totalBytes: z.number().nonnegative().nullable(),
  checkedAt: z.string(),
  /** The server process's event-loop delay and requests in flight (the same figures as /healthz). */
  server: ServerLoadSchema,
});
export type DatabaseHealth = z.infer<typeof DatabaseHealthSchema>;

export const DATABASE_TABLE_SORTS = ['name', 'rows', 'bytes'] as const;
export type DatabaseTableSort = (typeof DATABASE_TABLE_SORTS)[number];

/** GET /api/admin/database/tables?sort=&order=&q= (a few dozen tables: one page, sorted and filtered by the server). */
export const DatabaseTablesQuerySchema = z.strictObject({
  sort: z
    .enum(DATABASE_TABLE_SORTS, {
      message: `Sort must be one of: ${DATABASE_TABLE_SORTS.join(', ')}`,
    })
    .optional()
    .default('name'),
  order: z
    .enum(['asc', 'desc'], { message: 'Order must be asc or desc' })
    .optional()
    .default('asc'),
  q: z.string().trim().max(64, 'Search must be at most 64 characters').optional().default(''),
});
export type DatabaseTablesQuery = z.input<typeof DatabaseTablesQuerySchema>;

export const DatabaseTableSchema = z.object({
  name: z.string(),
  rows: z.number().int().nonnegative(),
  /** false: `rows` is the engine's estimate (MySQL's table_rows for very large tables), not a COUNT(*). */
  rowsExact: z.boolean(),
  /** Data plus indexes in bytes; null where the engine does not report it. */
  bytes: z.number().nonnegative().nullable(),
});
export type DatabaseTable = z.infer<typeof DatabaseTableSchema>;

export const DatabaseTablesSchema = z.object({
  tables: z.array(DatabaseTableSchema),
  total: z.number().int().nonnegative(),
  /** Where the sizes come from, for the screen's footnote. */
  sizeSource: z.enum(['dbstat', 'information_schema', 'unavailable']),
});
export type DatabaseTables = z.infer<typeof DatabaseTablesSchema>;

export const DatabaseMigrationSchema = z.object({
  name: z.string(),
  /** unknown: recorded as applied but not part of this build (applied by a newer version). */
  status: z.enum(['applied', 'pending', 'unknown']),
  batch: z.number().int().nullable(),
  appliedAt: z.string().nullable(),
});
export type DatabaseMigration = z.infer<typeof DatabaseMigrationSchema>;

/** GET /api/admin/database/migrations */
export const DatabaseMigrationsSchema = z.object({
  migrations: z.array(DatabaseMigrationSchema),
  applied: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type DatabaseMigrations = z.infer<typeof DatabaseMigrationsSchema>;

/** GET /api/admin/database/backup answers the file itself, named moveratlas-YYYY-MM-DD-HHMMSS.{sqlite,sql}. */
export const DATABASE_BACKUP_PATH = '/api/admin/database/backup';
export const DATABASE_BACKUP_TYPES = {
  sqlite: 'application/vnd.sqlite3',
  mysql: 'application/sql; charset=utf-8',
} as const satisfies Record<DatabaseDialect, string>;
