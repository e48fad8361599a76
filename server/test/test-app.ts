/** Starts the real Express app on a random port against one of the seeded test databases. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { loadConfig, type DatabaseConfig } from '../src/config';
import { openDatabase } from '../src/db/connection';
import { createApp } from '../src/app';
import { KEEP_ALIVE_TIMEOUT_MS } from '../src/lib/http/keep-alive';

export interface TestApp {
  baseUrl: string;
  db: Knex;
  get(path: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestApp(
  database: DatabaseConfig,
  env: NodeJS.ProcessEnv = {},
): Promise<TestApp> {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), database };
  const db = openDatabase(database);
  const app = await createApp({ config, db, logger: pino({ level: 'silent' }) });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    db,
    get: (path) => fetch(baseUrl + path),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.destroy();
    },
  };
}
