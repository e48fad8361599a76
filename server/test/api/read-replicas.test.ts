/**
 * Read replicas (issue 14, decision 019). The "replica" is a copy of the seeded test database taken when the
 * file starts, reached through a TCP relay of the test's own by a user that may only read it: a replica that
 * never catches up, which shows plainly where each read went. A company an admin creates afterwards exists on
 * the primary only, so an answer of 200 for it comes from the primary and a 404 from the replica.
 *
 * Checked: anonymous public reads (API and pages) are served by the replica; the admin sees their own new
 * company at once (personal requests read the primary), and so does everyone for the moments after a change;
 * writes never go to the replica (its user cannot write, and forms and edits succeed); a replica that stops
 * answering is left out, every request still ending in a clear answer, and is used again once it answers.
 *
 * MariaDB only: replicas replicate a MySQL/MariaDB primary.
 */
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyProfilePath, FormReceiptSchema } from '@moveratlas/contracts';
import { loadConfig, type DatabaseConfig } from '../../src/config';
import { openDatabase } from '../../src/db/connection';
import { ReadReplicas } from '../../src/db/read-replicas';
import { createApp } from '../../src/app';
import { testDatabases } from '../databases';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { relayTo, type TcpRelay } from '../support/tcp-relay';
import { austinCompanyForm } from '../support/company-form';

const mysql = testDatabases().find((d) => d.name === 'mysql');
const AFTER_CHANGE_MS = 4000;
const suffix = `${process.pid}_${randomInt(100_000, 999_999)}`;
const replicaName = `test_replica_${suffix}`;
const reader = `reader_${suffix}`;
const readerPassword = `Rd-${randomInt(1e9, 9e9)}-pw`;

/** Copies every table of the primary's database into `replicaName` (no foreign keys: a snapshot to read). */
async function copyDatabase(root: Knex): Promise<void> {
  await root.raw(`CREATE DATABASE \`${replicaName}\``);
  const tables = (await root('information_schema.tables')
    .where({ table_schema: root.raw('DATABASE()'), table_type: 'BASE TABLE' })
    .pluck('table_name')) as string[];
  for (const table of tables) {
    await root.raw(`CREATE TABLE \`${replicaName}\`.?? LIKE ??`, [table, table]);
    await root.raw(`INSERT INTO \`${replicaName}\`.?? SELECT * FROM ??`, [table, table]);
  }
  for (const host of ['localhost', '127.0.0.1', '%'])
    await root.raw(`CREATE USER ?@? IDENTIFIED BY ?`, [reader, host, readerPassword]);
  for (const host of ['localhost', '127.0.0.1', '%'])
    await root.raw(`GRANT SELECT ON \`${replicaName}\`.* TO ?@?`, [reader, host]);
}

describe.runIf(mysql?.config.client === 'mysql')('read replicas on MariaDB', () => {
  let root: Knex;
  let db: Knex;
  let replica: Knex;
  let reads: ReadReplicas;
  let relay: TcpRelay;
  let server: Server;
  let baseUrl = '';
  let admin: AdminClient;
  let slug = '';
  let companyId: number | undefined;
  const word = `zqr${randomInt(100_000, 999_999)}`;

  beforeAll(async () => {
    if (mysql?.config.client !== 'mysql') return;
    root = openDatabase(mysql.config);
    await copyDatabase(root);
    const replicaUrl = new URL(mysql.config.url);
    replicaUrl.username = reader;
    replicaUrl.password = readerPassword;
    replicaUrl.pathname = `/${replicaName}`;
    const through = await relayTo(replicaUrl.toString());
    relay = through.relay;
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        // Every answer from the database, none from a cache: where it was read is the question.
        API_CACHE_SECONDS: '0',
        RATE_LIMIT_LEADS: '0',
        DATABASE_URL: mysql.config.url,
        DATABASE_READ_URL: through.url,
        DATABASE_READ_AFTER_CHANGE_MS: String(AFTER_CHANGE_MS),
        DB_STATEMENT_TIMEOUT_MS: '1000',
      }),
    };
    db = openDatabase(config.database);
    replica = openDatabase(config.readReplicas.databases[0] as DatabaseConfig);
    reads = new ReadReplicas(db, [replica], { afterChangeMs: AFTER_CHANGE_MS });
    const app = await createApp({ config, db, logger: pino({ level: 'silent' }), reads });
    server = await new Promise((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await reads.probe();
    admin = await loginAsAdmin(baseUrl);
  }, 120_000);

  afterAll(async () => {
    if (!root) return;
    if (companyId !== undefined)
      await admin.request(`/api/admin/companies/${companyId}`, { method: 'DELETE' });
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    relay?.resume();
    await reads?.destroy();
    await db?.destroy();
    await relay?.stop();
    for (const host of ['localhost', '127.0.0.1', '%'])
      await root.raw('DROP USER IF EXISTS ?@?', [reader, host]);
    await root.raw(`DROP DATABASE IF EXISTS \`${replicaName}\``);
    await root.destroy();
  });

  const anonymous = (path: string) => fetch(baseUrl + path);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('serves anonymous reads from the replica, and the admin their own edit from the primary', async () => {
    const created = await admin.request('/api/admin/companies', {
      method: 'POST',
      body: JSON.stringify(austinCompanyForm(`${word} Replica Movers`)),
    });
    const changedAt = Date.now();
    expect(created.status).toBe(201);
    ({ id: companyId, slug } = (await created.json()) as { id: number; slug: string });
    // Everyone reads the primary for the moments after a change, while replicas catch up.
    expect((await anonymous(`/api/companies/${slug}`)).status).toBe(200);

    // The admin's own requests read the primary: the new company at once, in the API and its page.
    expect((await admin.request(`/api/companies/${slug}`)).status).toBe(200);
    const page = await admin.request(companyProfilePath(slug));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${word} Replica Movers`);

    // Past the window (and a poll of the shared counter, which may tell of the change once more).
    await sleep(Math.max(0, changedAt + AFTER_CHANGE_MS + 1500 - Date.now()));
    // Then anonymous reads go to the replica, which (this one never catches up) does not have it.
    expect((await anonymous(`/api/companies/${slug}`)).status).toBe(404);
    expect((await anonymous(companyProfilePath(slug))).status).toBe(404);
    const search = await anonymous(`/api/search?q=${word}&type=companies`);
    expect(search.status).toBe(200);
    expect(((await search.json()) as { companies: unknown[] }).companies).toEqual([]);
    // Seeded companies are there, read from the replica.
    const list = await anonymous('/api/companies?limit=5');
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(5);
    // The admin still sees it.
    expect((await admin.request(`/api/companies/${slug}`)).status).toBe(200);
  });

  it('never writes to the replica: its user cannot, and visitors’ forms are stored on the primary', async () => {
    await expect(replica('contact_messages').delete()).rejects.toMatchObject({
      code: 'ER_TABLEACCESS_DENIED_ERROR',
    });
    const email = `replica-${suffix}@forms-test.example`;
    const response = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Dana Reyes',
        email,
        topic: 'company-listing',
        message: 'Please update the phone number of my listing.',
      }),
    });
    expect(response.status).toBe(201);
    const receipt = FormReceiptSchema.parse(await response.json());
    expect(await db('contact_messages').where({ public_id: receipt.id }).first('email')).toEqual({
      email,
    });
    await db('contact_messages').where({ email }).delete();
  });

  it('leaves out a replica that stops answering, with a clear answer to every request, then uses it again', async () => {
    relay.pause();
    const statuses: number[] = [];
    // Each read either fails in time (503) or comes from the primary, which has the new company (200).
    for (let i = 0; i < 20 && statuses.at(-1) !== 200; i++) {
      const response = await fetch(`${baseUrl}/api/companies/${slug}`, {
        signal: AbortSignal.timeout(15_000),
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    // Left out: the next reads go to the primary at once.
    for (let i = 0; i < 3; i++)
      expect((await anonymous(`/api/companies/${slug}`)).status).toBe(200);

    relay.resume();
    // The next probe that gets through (one a second) brings it back: reads from the replica again.
    let status = 0;
    for (let i = 0; i < 20 && status !== 404; i++) {
      await reads.probe();
      status = (await anonymous(`/api/companies/${slug}`)).status;
    }
    expect(status).toBe(404);
  }, 60_000);
});
