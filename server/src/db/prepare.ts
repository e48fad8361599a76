/** Brings a database to the current schema and, the first time, fills it with the deterministic sample directory. */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { migrationSource } from './migrations';
import { refreshPlannerStatistics } from './dialect';
import { seedDatabase, type SeedOptions } from './seeds';
import { LONG_STATEMENT_TIMEOUT_MS, withStatementDeadline } from './statement-deadline';

/** Migrations may rebuild a large table: their statements get the long deadline, not a request's. */
export async function migrate(db: Knex): Promise<string[]> {
  const [, applied] = (await withStatementDeadline(LONG_STATEMENT_TIMEOUT_MS, () =>
    db.migrate.latest({ migrationSource }),
  )) as [number, string[]];
  return applied;
}

export async function isSeeded(db: Knex): Promise<boolean> {
  const row = (await db('seed_runs').where({ name: 'directory' }).first('name')) as
    { name: string } | undefined;
  return row !== undefined;
}

export function prepareDatabase(db: Knex, seed: SeedOptions, logger: Logger): Promise<void> {
  return withStatementDeadline(LONG_STATEMENT_TIMEOUT_MS, () => prepare(db, seed, logger));
}

async function prepare(db: Knex, seed: SeedOptions, logger: Logger): Promise<void> {
  const applied = await migrate(db);
  if (applied.length > 0)
    logger.info({ migrations: applied }, `applied ${applied.length} migration(s)`);
  if (await isSeeded(db)) return;
  logger.info(
    { companies: seed.companies, seed: seed.seed },
    'seeding the sample directory (first start)',
  );
  const summary = await seedDatabase(db, seed, (msg) => logger.info(msg));
  await refreshPlannerStatistics(db);
  logger.info(summary, 'seeded the sample directory');
}
