/**
 * The fuzz suite's own app and database. The fuzz may succeed at anything an admin can do (delete a company,
 * change settings), so it never runs on the shared seeded test databases: each run seeds a small private copy
 * (SQLite: a file beside TEST_SQLITE_FILE's; MariaDB: TEST_MYSQL_URL's database name + `_fuzz`), starts the
 * real app on it, and signs its admin in.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import knexFactory, { type Knex } from 'knex';
import { pino } from 'pino';
import { loadConfig, type DatabaseConfig } from '../../src/config';
import { openDatabase } from '../../src/db/connection';
import { prepareDatabase } from '../../src/db/prepare';
import { setAdminPassword } from '../../src/features/auth/admin-users';
import { createApp } from '../../src/app';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../src/lib/http/keep-alive';
import { TEST_ADMIN } from '../databases';

/** Tables that record refused requests on purpose (hits, failed logins) or sessions and devices of sign-ins. */
export const RECORDS_REFUSALS = new Set([
  'rate_limit_hits',
  'login_throttle',
  'admin_sessions',
  'admin_devices',
  'knex_migrations',
  'knex_migrations_lock',
]);

/** A private copy of a test database's kind, migrated and seeded small. */
export async function privateDatabase(shared: DatabaseConfig): Promise<DatabaseConfig> {
  let config: DatabaseConfig;
  if (shared.client === 'sqlite') {
    const filename = shared.filename.replace(/(\.sqlite)?$/, '-fuzz.sqlite');
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(filename + suffix, { force: true });
    config = { client: 'sqlite', filename };
  } else {
    const url = new URL(shared.url);
    const name = `${url.pathname.slice(1)}_fuzz`;
    const server = new URL(shared.url);
    server.pathname = '/';
    const root: Knex = knexFactory({
      client: 'mysql2',
      connection: { uri: server.toString() } as never,
    });
    try {
      await root.raw('DROP DATABASE IF EXISTS ??', [name]);
      await root.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
    } finally {
      await root.destroy();
    }
    url.pathname = `/${name}`;
    config = { client: 'mysql', url: url.toString() };
  }
  const db = openDatabase(config);
  try {
    await prepareDatabase(db, { companies: 100, seed: 11 }, pino({ level: 'silent' }));
    await setAdminPassword(db, TEST_ADMIN.username, TEST_ADMIN.password);
  } finally {
    await db.destroy();
  }
  return config;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface FuzzApp {
  app: Express;
  baseUrl: string;
  db: Knex;
  send(request: RawRequest): Promise<RawAnswer>;
  close(): Promise<void>;
}

export async function startFuzzApp(
  database: DatabaseConfig,
  env: NodeJS.ProcessEnv = {},
): Promise<FuzzApp> {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), database };
  const db = openDatabase(database);
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = await createApp({ config, db, logger });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  });
  const port = (server.address() as AddressInfo).port;
  // One connection per request: a refused body must not leave a half-read socket for the next one.
  const agent = new http.Agent({ keepAlive: false });
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    send: ({ method, path, headers, body }) =>
      new Promise((resolve, reject) => {
        // Node's client frames no body of a DELETE, OPTIONS or TRACE by itself: say its length.
        const framed = body ? { 'Content-Length': String(body.length), ...headers } : headers;
        const req = http.request(
          { host: '127.0.0.1', port, method, path, headers: framed, agent, timeout: 20_000 },
          (res) => {
            // A stream of server-sent events never ends by itself: its headers are the answer.
            if (String(res.headers['content-type']).startsWith('text/event-stream')) {
              res.destroy();
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.alloc(0) });
              return;
            }
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('timeout', () =>
          req.destroy(new Error(`no answer to ${method} ${path.slice(0, 200)}`)),
        );
        req.on('error', reject);
        req.end(body);
      }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
      await db.destroy();
    },
  };
}

/** Row counts of every table but those that record refusals, in one query. */
export async function tableCounts(db: Knex): Promise<Record<string, number>> {
  const sqlite = db.client.config.client === 'better-sqlite3';
  const tables = sqlite
    ? ((await db.raw(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'",
      )) as Array<{ name: string }>)
    : (
        (await db.raw(
          'select table_name as name from information_schema.tables where table_schema = database()',
        )) as [Array<{ name: string }>]
      )[0];
  const names = tables.map((t) => t.name).filter((name) => !RECORDS_REFUSALS.has(name));
  const select = names.map(
    (name) => `(select count(*) from ${quote(sqlite, name)}) as ${quote(sqlite, name)}`,
  );
  const result = (await db.raw(`select ${select.join(', ')}`)) as unknown;
  const row = (
    sqlite
      ? (result as Array<Record<string, unknown>>)[0]
      : (result as [Array<Record<string, unknown>>])[0][0]
  )!;
  return Object.fromEntries(Object.entries(row).map(([name, n]) => [name, Number(n)]));
}

const quote = (sqlite: boolean, name: string) => (sqlite ? `"${name}"` : `\`${name}\``);
