/** Brings a database to the current schema and, the first time, fills it with the deterministic sample directory. */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { migrationSource } from './migrations';
import { refreshPlannerStatistics } from './dialect';
import { seedDatabase, type SeedOptions } from './seeds';
import { LONG_STATEMENT_TIMEOUT_MS, withStatementDeadline } from './statement-deadline';

/** How long a start waits for another process's migrations, and how often it looks. */
export const MIGRATION_LOCK_WAIT = { totalMs: 10 * 60_000, pollMs: 500 };

/**
 * Migrations may rebuild a large table: their statements get the long deadline, not a request's.
 *
 * Several processes of a fleet start together after a deploy. One takes knex's migration lock and runs
 * what is new; knex makes the others fail at once ("Migration table is already locked"), which stopped
 * their start. They wait for the lock instead and then find nothing left to run. A lock left behind by a
 * process killed mid-migration is still an error after the wait: whether its half-run migration is safe to
 * repeat is a person's call (knex's message says how to release the lock).
 */
export async function migrate(db: Knex, lockWait = MIGRATION_LOCK_WAIT): Promise<string[]> {
  const started = Date.now();
  for (;;) {
    try {
      const [, applied] = (await withStatementDeadline(LONG_STATEMENT_TIMEOUT_MS, () =>
        db.migrate.latest({ migrationSource }),
      )) as [number, string[]];
      return applied;
    } catch (error) {
      const locked = error instanceof Error && error.name === 'MigrationLocked';
      if (!locked || Date.now() - started >= lockWait.totalMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, lockWait.pollMs));
    }
  }
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
