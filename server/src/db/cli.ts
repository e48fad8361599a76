/** npm run db:migrate / db:seed: the database steps of start-up, on their own; db:schema writes docs/schema.md. */
import fs from 'node:fs';
import { loadConfig } from '../config';
import { createLogger } from '../lib/logger';
import { openDatabase } from './connection';
import { migrate, prepareDatabase } from './prepare';
import { currentSchemaDocument, SCHEMA_DOC } from './schema-doc';

const command = process.argv[2];
if (command === 'schema') {
  // From an in-memory database migrated for the purpose: the configured one is never touched.
  fs.writeFileSync(SCHEMA_DOC, await currentSchemaDocument());
  console.info(`wrote ${SCHEMA_DOC}`);
} else {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = openDatabase(config.database);
  try {
    if (command === 'migrate') {
      const applied = await migrate(db);
      logger.info({ applied }, applied.length ? 'migrated' : 'already up to date');
    } else if (command === 'seed') {
      await prepareDatabase(db, config.seed, logger);
    } else {
      console.error('usage: cli.ts migrate|seed|schema');
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}
