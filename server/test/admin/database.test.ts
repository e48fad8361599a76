/**
 * The admin database screen over HTTP, on every test database: health and pool figures, tables with exact
 * row counts and sizes, applied/pending/unknown migrations, and backups that restore: the SQLite snapshot
 * opens as a database with the same rows, and the MySQL dump loads into a scratch database whose every
 * table has the same row count and checksum as the original, hostile strings included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DatabaseHealthSchema,
  DatabaseMigrationsSchema,
  DatabaseTablesSchema,
  type DatabaseTables,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

const HOSTILE_NAME = `O'Brien \\ "quoted" ;\n-- not a comment */ DROP TABLE partners; 🚚 ünïcødé \u0000end`;

async function exactCounts(app: TestApp, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = (await app.db(table).count({ n: '*' }).first()) as { n: number | string };
    counts[table] = Number(row.n);
  }
  return counts;
}

describe.each(testDatabases())('admin database API on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-db-test-'));

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
  });
  afterAll(async () => {
    await app.db('partners').where('site_id', 'like', 'backup-test-%').delete();
    await app.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const json = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await admin.request(path);
    return { status: res.status, body: (await res.json()) as T };
  };

  it('refuses every database endpoint without a session', async () => {
    for (const path of ['health', 'tables', 'migrations', 'backup']) {
      const res = await app.get(`/api/admin/database/${path}`);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ error: 'Authentication required' });
    }
  });

  it('reports the dialect, server version, a measured latency and the pool', async () => {
    const { status, body } = await json('/api/admin/database/health');
    expect(status).toBe(200);
    const health = DatabaseHealthSchema.strict().parse(body);
    expect(health.dialect).toBe(database.name);
    expect(health.serverVersion).toMatch(
      database.name === 'sqlite' ? /^SQLite 3\.\d+/ : /^(MariaDB|MySQL) \d+\./,
    );
    expect(health.latencyMs).toBeGreaterThan(0);
    expect(health.pool.max).toBe(database.name === 'sqlite' ? 1 : 10);
    expect(health.pool.used + health.pool.free).toBeLessThanOrEqual(health.pool.max);
    expect(health.pool.pendingAcquires).toBe(0);
    expect(health.totalBytes).toBeGreaterThan(1_000_000);
  });

  it('lists every table with its exact row count and its size', async () => {
    const { status, body } = await json<DatabaseTables>('/api/admin/database/tables');
    expect(status).toBe(200);
    const { tables, total, sizeSource } = DatabaseTablesSchema.parse(body);
    expect(sizeSource).toBe(database.name === 'sqlite' ? 'dbstat' : 'information_schema');
    expect(total).toBe(tables.length);
    const names = tables.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const table of [
      'companies',
      'partners',
      'site_settings',
      'admin_users',
      'knex_migrations',
    ])
      expect(names).toContain(table);
    const counts = await exactCounts(app, names);
    for (const table of tables) {
      expect(table.rowsExact).toBe(true);
      expect(table.rows, table.name).toBe(counts[table.name]);
      expect(table.bytes, table.name).toBeGreaterThan(0);
    }
    // Indexes count towards their table: companies (with its indexes) outweighs its rows' share alone.
    const companies = tables.find((t) => t.name === 'companies')!;
    expect(companies.rows).toBe(2000);
    expect(companies.bytes!).toBeGreaterThan(100_000);
  });

  it('sorts and filters the tables on the server, and refuses unknown parameters', async () => {
    const byRows = await json<DatabaseTables>('/api/admin/database/tables?sort=rows&order=desc');
    const rows = byRows.body.tables.map((t) => t.rows);
    expect(rows).toEqual([...rows].sort((a, b) => b - a));
    const filtered = await json<DatabaseTables>('/api/admin/database/tables?q=ADMIN');
    expect(filtered.body.tables.map((t) => t.name).sort()).toEqual(
      expect.arrayContaining(['admin_sessions', 'admin_users']),
    );
    expect(filtered.body.tables.every((t) => t.name.includes('admin'))).toBe(true);
    expect((await json('/api/admin/database/tables?sort=size')).status).toBe(400);
    const unknown = await json<{ error: string }>('/api/admin/database/tables?drop=1');
    expect(unknown).toEqual({ status: 400, body: { error: 'Unknown query parameter: drop' } });
  });

  it('lists applied migrations, and shows pending and unknown ones as such', async () => {
    const { body } = await json('/api/admin/database/migrations');
    const list = DatabaseMigrationsSchema.parse(body);
    expect(list.pending).toBe(0);
    expect(list.applied).toBe(list.migrations.length);
    const settings = list.migrations.find((m) => m.name === '20261123_70_create_site_settings')!;
    expect(settings).toMatchObject({ status: 'applied', batch: expect.any(Number) });
    expect(Date.parse(settings.appliedAt!)).toBeGreaterThan(Date.parse('2025-01-01'));

    // Forget one migration and record one this build does not have: the screen must say so.
    const row = (await app
      .db('knex_migrations')
      .where({ name: '20261123_70_create_site_settings' })
      .first()) as Record<string, unknown>;
    await app.db('knex_migrations').where({ id: row.id }).delete();
    await app.db('knex_migrations').insert({
      name: '29991231_99_from_the_future',
      batch: 99,
      migration_time: new Date(),
    });
    try {
      const changed = DatabaseMigrationsSchema.parse(
        (await json('/api/admin/database/migrations')).body,
      );
      expect(changed.pending).toBe(1);
      expect(changed.migrations.find((m) => m.name === '20261123_70_create_site_settings')).toEqual(
        {
          name: '20261123_70_create_site_settings',
          status: 'pending',
          batch: null,
          appliedAt: null,
        },
      );
      expect(
        changed.migrations.find((m) => m.name === '29991231_99_from_the_future'),
      ).toMatchObject({ status: 'unknown', batch: 99 });
    } finally {
      await app.db('knex_migrations').where({ name: '29991231_99_from_the_future' }).delete();
      await app.db('knex_migrations').insert(row);
    }
  });

  it('downloads a backup that restores with the same rows, hostile strings intact', async () => {
    await app.db('partners').insert({
      site_id: 'backup-test-hostile',
      name: HOSTILE_NAME.replace('\u0000', database.name === 'sqlite' ? '' : '\u0000'),
      allowed_origins: JSON.stringify(["https://o'brien.example"]),
      active: false,
    });
    const started = Date.now();
    // A POST with the CSRF token (admin.request adds it): a GET never takes a backup.
    const res = await admin.request('/api/admin/database/backup', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const disposition = res.headers.get('content-disposition') ?? '';
    const extension = database.name === 'sqlite' ? 'sqlite' : 'sql';
    expect(disposition).toMatch(
      new RegExp(`^attachment; filename="moveratlas-\\d{4}-\\d{2}-\\d{2}-\\d{6}\\.${extension}"$`),
    );
    const stamp = /moveratlas-(\d{4}-\d{2}-\d{2})-(\d{2})(\d{2})(\d{2})/.exec(disposition)!;
    expect(
      Math.abs(Date.parse(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}Z`) - started),
    ).toBeLessThan(60_000);
    const file = path.join(scratch, `backup.${extension}`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));

    const tables = (await json<DatabaseTables>('/api/admin/database/tables')).body.tables.map(
      (t) => t.name,
    );
    const expected = await exactCounts(app, tables);
    const original = (await app
      .db('partners')
      .where({ site_id: 'backup-test-hostile' })
      .first('name', 'allowed_origins')) as { name: string; allowed_origins: string };

    if (database.name === 'sqlite') {
      expect(res.headers.get('content-type')).toBe('application/vnd.sqlite3');
      expect(Number(res.headers.get('content-length'))).toBe(fs.statSync(file).size);
      const restored = new Database(file, { readonly: true, fileMustExist: true });
      try {
        expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(restored.pragma('journal_mode', { simple: true })).toBe('delete');
        for (const table of tables) {
          const row = restored.prepare(`select count(*) as n from "${table}"`).get() as {
            n: number;
          };
          expect(row.n, table).toBe(expected[table]);
        }
        expect(
          restored
            .prepare(
              "select name, allowed_origins from partners where site_id = 'backup-test-hostile'",
            )
            .get(),
        ).toEqual(original);
      } finally {
        restored.close();
      }
      return;
    }

    expect(res.headers.get('content-type')).toBe('application/sql; charset=utf-8');
    const dump = fs.readFileSync(file, 'utf8');
    expect(dump).toMatch(/^-- MoverAtlas logical backup/);
    expect(dump.trimEnd()).toMatch(/-- Backup complete: \d+ tables\.$/);
    if (database.config.client !== 'mysql')
      throw new Error('unreachable: the SQLite case returned above');
    const mysqlUrl = database.config.url;
    const restoreUrl = new URL(mysqlUrl);
    const source = restoreUrl.pathname.slice(1);
    const scratchDb = `${source}_restore`;
    const server = await mysql.createConnection({
      uri: mysqlUrl,
      charset: 'utf8mb4',
    });
    await server.query(`DROP DATABASE IF EXISTS \`${scratchDb}\``);
    await server.query(`CREATE DATABASE \`${scratchDb}\` CHARACTER SET utf8mb4`);
    restoreUrl.pathname = `/${scratchDb}`;
    const target = await mysql.createConnection({
      uri: restoreUrl.toString(),
      charset: 'utf8mb4',
      multipleStatements: true,
    });
    try {
      // Each statement ends a line with ";": values never hold a raw newline (the driver escapes it).
      let chunk = '';
      for (const statement of dump.split(/;\n/)) {
        if (statement.trim() === '') continue;
        chunk += `${statement};\n`;
        if (chunk.length > 2_000_000) {
          await target.query(chunk);
          chunk = '';
        }
      }
      if (chunk) await target.query(chunk);

      for (const table of tables) {
        const [rows] = (await target.query(
          `SELECT COUNT(*) AS n FROM \`${table}\``,
        )) as unknown as [Array<{ n: number }>];
        expect(Number(rows[0]!.n), table).toBe(expected[table]);
        // Same definition and same data give the same checksum: every value survived the trip.
        const [[before]] = (await server.query(
          `CHECKSUM TABLE \`${source}\`.\`${table}\``,
        )) as unknown as [Array<{ Checksum: number }>];
        const [[after]] = (await target.query(`CHECKSUM TABLE \`${table}\``)) as unknown as [
          Array<{ Checksum: number }>,
        ];
        expect(after!.Checksum, `checksum of ${table}`).toBe(before!.Checksum);
      }
      const [hostile] = (await target.query(
        "SELECT name, allowed_origins FROM partners WHERE site_id = 'backup-test-hostile'",
      )) as unknown as [Array<{ name: string; allowed_origins: string }>];
      expect(hostile[0]).toEqual(original);
    } finally {
      await target.end();
      await server.query(`DROP DATABASE IF EXISTS \`${scratchDb}\``);
      await server.end();
    }
  });
});
