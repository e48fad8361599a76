/** Starts MoverAtlas: reads the configuration, prepares the database, serves HTTP and drains on SIGTERM. */
import type { Server } from 'node:http';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './lib/logger';
import { trustProxyExposure } from './lib/trust-proxy-check';
import { openDatabase } from './db/connection';
import { ReadReplicas } from './db/read-replicas';
import { prepareDatabase } from './db/prepare';
import { applyEnvironmentAdmin } from './features/auth';
import { createApp } from './app';
import { createJobWorker } from './workers';
import { KEEP_ALIVE_TIMEOUT_MS } from './lib/http/keep-alive';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** In-flight requests get this long to finish after SIGTERM before the process exits anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const exposure = trustProxyExposure(config);
  if (exposure) logger.warn({ trustProxy: config.trustProxy, host: config.host }, exposure);
  const db = openDatabase(config.database, logger);
  logger.info({ database: config.database.client }, 'opening database');
  await prepareDatabase(db, config.seed, logger);
  // Creates the admin if it does not exist; never overwrites a password changed since.
  await applyEnvironmentAdmin(db, config.admin, logger);

  // The outbox and other durable jobs; JOB_CONCURRENCY=0 leaves them to other processes.
  const worker = createJobWorker({ config, db, logger });
  worker.start();
  if (config.jobs.concurrency > 0)
    logger.info(
      { concurrency: config.jobs.concurrency, leadBackend: config.leadBackendUrl ?? 'built-in' },
      'job worker started',
    );

  // Read replicas are only read: nothing is migrated or written there, so a read-only user serves.
  const reads = new ReadReplicas(
    db,
    config.readReplicas.databases.map((replica) => openDatabase(replica, logger)),
    { afterChangeMs: config.readReplicas.afterChangeMs, logger },
  );
  if (reads.replicas.length > 0)
    logger.info({ replicas: reads.replicas.length }, 'public reads go to read replicas');

  const app = await createApp({ config, db, logger, jobs: worker, reads });
  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port }, `MoverAtlas is serving on http://localhost:${port}`);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('drain timeout reached; closing remaining connections');
      server.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    force.unref();
    // Keep-alive connections become idle as their last response ends; close each as soon as it does.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    closeIdle.unref();
    server.close(() => {
      clearInterval(closeIdle);
      // Jobs in hand finish (or their lease lets another process retry them) before the database closes.
      void worker
        .stop()
        .then(() => Promise.all([db.destroy(), reads.destroy()]))
        .finally(() => {
          logger.info('stopped');
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('MoverAtlas failed to start:', error);
  process.exit(1);
});
