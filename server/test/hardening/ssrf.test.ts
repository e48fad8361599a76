/**
 * Issue 12, server-side request forgery through the lead backend URL: the setting refuses addresses inside
 * (loopback, private, link-local, mapped IPv6, names that resolve there; plain http in production), the guard
 * refuses them again where the connection is made (DNS rebinding), redirects are never followed, and nothing
 * an upstream answers reaches a job's log.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SiteSettingsResponseSchema } from '@moveratlas/contracts';
import { loadConfig } from '../../src/config';
import { jobEvents, findJob } from '../../src/jobs/queue';
import { openDatabase } from '../../src/db/connection';
import { createLeadBackend } from '../../src/lead-backend/create-lead-backend';
import { addressKind } from '../../src/lib/http/address-kind';
import {
  OutboundRefusedError,
  PublicFetch,
  outboundRules,
  type OutboundRules,
} from '../../src/lib/http/public-fetch';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { leadForm, removeLeads, startLeadApp, waitFor, type LeadApp } from '../leads/support';

const SECRET = 'INTERNAL-ANSWER-7f3a';

/** A loopback TCP port that counts the connections it gets (and answers nothing). */
async function countingPort(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An http stand-in on loopback whose every answer is `answer`; counts what it received. */
async function standIn(
  answer: (res: http.ServerResponse) => void,
): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PRODUCTION_RULES: OutboundRules = {
  allowLoopback: false,
  allowPrivate: false,
  allowHttp: false,
  anyPort: false,
};

describe('address kinds', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.4.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00::1', 'private'],
    ['::ffff:10.0.0.5', 'private'],
    ['169.254.169.254', 'refused'],
    ['fe80::1', 'refused'],
    ['0.0.0.0', 'refused'],
    ['224.0.0.1', 'refused'],
    ['255.255.255.255', 'refused'],
    ['192.0.2.10', 'refused'],
    ['64:ff9b::a00:5', 'refused'],
    ['2002:7f00:1::', 'refused'],
    ['not an address', 'refused'],
    ['93.184.216.34', 'public'],
    ['2606:4700:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe('the outbound guard', () => {
  it('refuses at connect time a name that resolved to a public address before and to loopback now (DNS rebinding)', async () => {
    const target = await countingPort();
    const answers = ['93.184.216.34', '127.0.0.1'];
    const lookups: string[] = [];
    const rebinding = async (hostname: string) => {
      lookups.push(hostname);
      return [{ address: answers.shift() ?? '127.0.0.1', family: 4 }];
    };
    // Any port, so the stand-in's port is not what refuses it: only the address may.
    const guard = new PublicFetch({ ...PRODUCTION_RULES, anyPort: true }, { resolve: rebinding });
    const url = `https://backend.rebind.test:${target.port}/send_lead`;
    try {
      expect(await guard.check(url)).toBeUndefined();
      const attempt = guard.fetch(url, { method: 'POST', body: 'x' });
      await expect(attempt).rejects.toBeInstanceOf(OutboundRefusedError);
      await expect(attempt).rejects.toThrow(/this machine/);
      expect(lookups).toEqual(['backend.rebind.test', 'backend.rebind.test']);
      expect(target.connections()).toBe(0);

      // The control: with loopback allowed the same lookup does connect, so the refusal above was the guard.
      const open = new PublicFetch(
        { ...PRODUCTION_RULES, anyPort: true, allowLoopback: true },
        { resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
      );
      await expect(open.fetch(url, { method: 'POST', body: 'x' })).rejects.not.toBeInstanceOf(
        OutboundRefusedError,
      );
      expect(target.connections()).toBe(1);
      await open.close();
    } finally {
      await guard.close();
      await target.close();
    }
  });

  it('refuses a name whose answers include one refused address, and IP literals without any lookup', async () => {
    const target = await countingPort();
    const mixed = new PublicFetch(
      { ...PRODUCTION_RULES, anyPort: true },
      {
        resolve: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ],
      },
    );
    const guard = new PublicFetch({ ...PRODUCTION_RULES, anyPort: true });
    try {
      await expect(
        mixed.fetch(`https://mixed.test:${target.port}/`, { method: 'POST' }),
      ).rejects.toBeInstanceOf(OutboundRefusedError);
      for (const host of [
        '127.0.0.1',
        '[::1]',
        '[::ffff:127.0.0.1]',
        '169.254.169.254',
        '10.0.0.5',
      ])
        await expect(guard.fetch(`https://${host}:${target.port}/`)).rejects.toBeInstanceOf(
          OutboundRefusedError,
        );
      expect(target.connections()).toBe(0);
    } finally {
      await mixed.close();
      await guard.close();
      await target.close();
    }
  });

  it('never follows a redirect and never reads the redirect answer', async () => {
    const inside = await standIn((res) => res.writeHead(200).end('inside'));
    const redirecting = await standIn((res) =>
      res.writeHead(307, { location: `${inside.url}/` }).end(SECRET),
    );
    const guard = new PublicFetch(outboundRules(loadConfig({ NODE_ENV: 'test' })));
    try {
      const attempt = guard.fetch(`${redirecting.url}/send_lead`, { method: 'POST', body: 'a=1' });
      await expect(attempt).rejects.toThrow(
        'answered with a redirect (307), which is never followed',
      );
      expect(redirecting.received()).toBe(1);
      expect(inside.received()).toBe(0);
    } finally {
      await guard.close();
      await inside.close();
      await redirecting.close();
    }
  });

  it('in test mode reaches loopback over http but never a public address over http', async () => {
    const rules = outboundRules(loadConfig({ NODE_ENV: 'test' }));
    const guard = new PublicFetch(rules, {
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
    });
    expect(await guard.check('http://127.0.0.1:9/')).toBeUndefined();
    expect(await guard.check('http://functions.example/')).toMatch(/use https/);
    expect(await guard.check('https://10.0.0.5/')).toMatch(/private network/);
    expect(await guard.check('https://169.254.169.254/')).toMatch(/link-local/);
  });
});

describe('LEAD_BACKEND_URL in production', () => {
  it('must be https unless the operator allows a private network', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', LEAD_BACKEND_URL: 'http://functions.example' }),
    ).toThrow(/LEAD_BACKEND_URL must be an https:\/\/ URL in production/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        LEAD_BACKEND_URL: 'http://10.0.0.5:8080',
        LEAD_BACKEND_ALLOW_PRIVATE: '1',
      }).leadBackendAllowPrivate,
    ).toBe(true);
    expect(
      outboundRules(loadConfig({ NODE_ENV: 'production', LEAD_BACKEND_URL: 'https://f.example' })),
    ).toEqual(PRODUCTION_RULES);
  });
});

describe.each(testDatabases())('the lead backend URL setting on $name', (database) => {
  let production: TestApp;
  let testMode: TestApp;
  let productionAdmin: AdminClient;
  let testAdmin: AdminClient;
  const site = {
    siteName: 'MoverAtlas',
    supportEmail: 'support@moveratlas.example',
    supportPhone: '3125550100',
  };
  const put = async (admin: AdminClient, leadBackendUrl: string) => {
    // A save names the version it was based on (decision 028).
    const { version } = (await (await admin.request('/api/admin/settings/site')).json()) as {
      version: number;
    };
    return admin.request('/api/admin/settings/site', {
      method: 'PUT',
      body: JSON.stringify({ ...site, leadBackendUrl, version }),
    });
  };
  const storedUrl = async () =>
    (await production.db('site_settings').where({ name: 'leadBackendUrl' }).first('value')) as
      { value: string } | undefined;

  beforeAll(async () => {
    production = await startTestApp(database.config, { NODE_ENV: 'production' });
    testMode = await startTestApp(database.config);
    await production.db('site_settings').delete();
    productionAdmin = await loginAsAdmin(production.baseUrl);
    testAdmin = await loginAsAdmin(testMode.baseUrl);
  });
  afterAll(async () => {
    await production.db('site_settings').delete();
    await production.close();
    await testMode.close();
  });

  it.each([
    ['http://functions.example', /plain http:\/\/ is refused in production/],
    ['https://127.0.0.1', /this machine/],
    ['https://10.0.0.5', /private network/],
    ['https://192.168.1.20/functions', /private network/],
    ['https://169.254.169.254', /link-local/],
    ['https://[::1]', /this machine/],
    ['https://[::ffff:127.0.0.1]', /this machine/],
    ['https://localhost', /resolves to an address that is refused: .*this machine/],
    ['https://functions.example:6379', /port 443 or 8443/],
  ])('refuses %s in production, and stores nothing', async (url, reason) => {
    const res = await put(productionAdmin, url);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(/^The lead backend URL cannot be used: /);
    expect(error).toMatch(reason);
    expect(await storedUrl()).toBeUndefined();
  });

  it('accepts a public https host in production (a name that does not resolve yet is checked when used)', async () => {
    const res = await put(productionAdmin, 'https://functions.example/v1');
    expect(res.status).toBe(200);
    const answer = SiteSettingsResponseSchema.parse(await res.json());
    expect(answer.settings.leadBackendUrl).toBe('https://functions.example/v1');
    await put(productionAdmin, '');
  });

  it('refuses private and link-local hosts in test mode too, where loopback stand-ins are allowed', async () => {
    for (const url of ['https://10.0.0.5', 'http://169.254.169.254', 'https://[fd00::1]'])
      expect((await put(testAdmin, url)).status).toBe(400);
    expect((await put(testAdmin, 'http://127.0.0.1:9')).status).toBe(200);
    expect((await put(testAdmin, '')).status).toBe(200);
  });
});

describe.each(testDatabases())('forwarding leads through the guard on $name', (database) => {
  let app: LeadApp | undefined;
  const uuids: string[] = [];
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    // A stored setting would win over the LEAD_BACKEND_URL these tests set.
    const cleanup = await startLeadApp(database.config);
    await cleanup.db('site_settings').where({ name: 'leadBackendUrl' }).delete();
    await cleanup.close();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    for (const close of closers.splice(0)) await close();
  });
  afterAll(async () => {
    const cleanup = await startLeadApp(database.config);
    await removeLeads(cleanup.db, uuids);
    await cleanup.close();
  });

  /** Submits a lead and waits for the first failed forwarding attempt: the job as the Jobs screen shows it. */
  const failedForward = async (lead: LeadApp) => {
    const fields = leadForm();
    uuids.push(fields.lead_uuid!);
    expect((await lead.postForm('/api/proxy/send_lead', fields)).status).toBe(200);
    const row = (await lead.db('leads').where({ lead_uuid: fields.lead_uuid }).first('id')) as {
      id: number;
    };
    const jobRow = (await lead
      .db('jobs')
      .where({ type: 'lead.forward', payload: JSON.stringify({ leadId: Number(row.id) }) })
      .first('id')) as { id: number };
    await waitFor(
      async () => (await findJob(lead.db, Number(jobRow.id)))!.lastError !== null,
      10_000,
      'a failed forwarding attempt',
    );
    const job = (await findJob(lead.db, Number(jobRow.id)))!;
    const delivery = (await lead.db('leads').where({ id: row.id }).first('delivery_status')) as {
      delivery_status: string;
    };
    return { job, events: await jobEvents(lead.db, job.id), delivery: delivery.delivery_status };
  };

  // These check what the backend answered: FAST_JOBS's 400 ms could pass on a starved CI machine before the
  // stand-in's answer is read, and the failure recorded would be a timeout, which tests nothing here.
  const ANSWER_ARRIVES = { LEAD_BACKEND_TIMEOUT_MS: '3000', JOB_LEASE_MS: '7000' };

  it('does not follow a redirect with the lead in the body, and keeps the answer out of the job log', async () => {
    const inside = await standIn((res) => res.writeHead(200).end('999'));
    const redirecting = await standIn((res) =>
      res.writeHead(307, { location: `${inside.url}/send_lead` }).end(SECRET),
    );
    closers.push(inside.close, redirecting.close);
    app = await startLeadApp(
      database.config,
      { ...ANSWER_ARRIVES, LEAD_BACKEND_URL: redirecting.url },
      { worker: true },
    );
    const { job, events, delivery } = await failedForward(app);
    expect(redirecting.received()).toBeGreaterThanOrEqual(1);
    expect(inside.received()).toBe(0);
    expect(delivery).toBe('pending');
    expect(job.lastError).toMatch(
      /^POST \/send_lead answered with a redirect \(307\), which is never followed \(after \d+ ms\)$/,
    );
    expect(JSON.stringify({ job, events })).not.toContain(SECRET);
  });

  it.each([
    [
      'an error page',
      500,
      `<html><body>${SECRET} stack trace</body></html>`,
      /^POST \/send_lead answered 500 after \d+ ms$/,
    ],
    ['a page instead of a lead id', 200, `<html>${SECRET}</html>`, /not a plain id/],
  ])('keeps %s out of the job log', async (_what, status, body, lastError) => {
    const upstream = await standIn((res) => res.writeHead(status).end(body));
    closers.push(upstream.close);
    app = await startLeadApp(
      database.config,
      { ...ANSWER_ARRIVES, LEAD_BACKEND_URL: upstream.url },
      { worker: true },
    );
    const { job, events, delivery } = await failedForward(app);
    expect(delivery).toBe('pending');
    expect(job.lastError).toMatch(lastError);
    expect(JSON.stringify({ job, events })).not.toContain(SECRET);
  });

  it('refuses at connect time an environment-configured backend whose name resolves to loopback, in production', async () => {
    // A handle of its own: the settings service is per handle and keeps the defaults it was made with.
    const db = openDatabase(database.config);
    closers.push(() => db.destroy());
    const config = {
      ...loadConfig({ NODE_ENV: 'production', LEAD_BACKEND_URL: 'https://localhost' }),
      database: database.config,
    };
    const backend = createLeadBackend(config, db);
    const wire = leadForm() as unknown as Parameters<typeof backend.sendLead>[0];
    await expect(backend.sendLead(wire)).rejects.toThrow(
      /^POST \/send_lead refused: the host name resolves to an address that is refused \(it points at this machine/,
    );
  });
});
