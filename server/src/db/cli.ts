/** npm run db:migrate / db:seed: the database steps of start-up, on their own. */
import { loadConfig } from '../config';
import { createLogger } from '../lib/logger';
import { openDatabase } from './connection';
import { migrate, prepareDatabase } from './prepare';

const command = process.argv[2];
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
    console.error('usage: cli.ts migrate|seed');
    process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
