/** Creates (once) a seeded SQLite file or MariaDB database of a given size for benchmarks. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import type { DatabaseConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/connection';
import { isSeeded, prepareDatabase } from '../../server/src/db/prepare';
import { refreshPlannerStatistics } from '../../server/src/db/dialect';

const dataDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'data',
  'bench',
);

export async function seededSqlite(companies: number): Promise<DatabaseConfig> {
  fs.mkdirSync(dataDir, { recursive: true });
  const config: DatabaseConfig = {
    client: 'sqlite',
    filename: path.join(dataDir, `companies-${companies}.sqlite`),
  };
  await ensureSeeded(config, companies);
  return config;
}

export async function ensureSeeded(config: DatabaseConfig, companies: number): Promise<void> {
  const db = openDatabase(config);
  try {
    const started = performance.now();
    await db.migrate.latest({
      migrationSource: (await import('../../server/src/db/migrations')).migrationSource,
    });
    if (!(await isSeeded(db))) {
      console.info(`seeding ${companies.toLocaleString('en-US')} companies…`);
      await prepareDatabase(db, { companies, seed: 20261123 }, pino({ level: 'silent' }));
      console.info(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await refreshPlannerStatistics(db);
  } finally {
    await db.destroy();
  }
}
