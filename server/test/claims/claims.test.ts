/**
 * Claiming a listing, on every test database: the code goes to the LISTING's address (in mail_messages, and
 * through a real SMTP server on loopback), a wrong code is refused and counted, a code works once and not
 * after 30 minutes (a clock the test sets), codes are throttled per listing (429), the right code and a good
 * password make an owner who is signed in, a claimed listing refuses codes, an evidence claim refuses a text
 * file named .pdf and stores a real one, staff approve (owner made, e-mailed a link) or decline (e-mailed the
 * reason) with an audit entry each, and suspending a company's user ends that user's sessions.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_CODE_MAX_TRIES,
  claimCodeApiPath,
  claimEvidenceApiPath,
  claimVerifyApiPath,
  type AdminClaimDecision,
  type AdminClaimPage,
  type AdminCompanyUsers,
  type ClaimInfo,
} from '@moveratlas/contracts';
import { loadConfig, type Config } from '../../src/config';
import { errorHandler } from '../../src/lib/error-handler';
import { JobWorker } from '../../src/jobs/worker';
import { claimRoutes } from '../../src/features/claims';
import { mailJobHandlers } from '../../src/features/mail';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { waitFor } from '../leads/support';
import { austinCompanyForm } from '../support/company-form';
import { LoopbackSmtp } from '../support/loopback-smtp';
import { startTestApp, type TestApp } from '../test-app';

const PASSWORD = 'juniper ledger claim harbor 5521';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

describe.each(testDatabases())('claiming a listing on $name', (database) => {
  const tag = randomUUID().slice(0, 8);
  const listingEmail = (n: string) => `listing-${n}-${tag}@example.com`;
  const claimant = (n: string) => `claimant-${n}-${tag}@example.com`;
  let app: TestApp;
  let admin: AdminClient;
  const companies: number[] = [];

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(app.baseUrl + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  /** A listed company with its own e-mail address; answers its id and slug. */
  async function listing(n: string, email: string | null = listingEmail(n)) {
    const res = await admin.request('/api/admin/companies', {
      method: 'POST',
      body: JSON.stringify({
        ...austinCompanyForm(`Claim Walk ${n} ${tag}`),
        email: email ?? '',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id, slug } = (await res.json()) as { id: number; slug: string };
    companies.push(id);
    return { id, slug };
  }

  /** The code in the newest claim-code message to `to` (read as the admin Mail screen would). */
  async function codeSentTo(to: string): Promise<string> {
    const row = (await app
      .db('mail_messages')
      .where({ to_address: to, template: 'claim-code' })
      .orderBy('id', 'desc')
      .first('text_body')) as { text_body: string } | undefined;
    expect(row, `a claim code mailed to ${to}`).toBeDefined();
    return /Your code: (\d{6})/.exec(row!.text_body)![1]!;
  }

  const cookiesOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

  beforeAll(async () => {
    // The per-address limit of public forms is off here: the claim's own throttle is what is tested.
    app = await startTestApp(database.config, { RATE_LIMIT_LEADS: '0' });
    admin = await loginAsAdmin(app.baseUrl);
  });

  afterAll(async () => {
    const users = (await app
      .db('mover_users')
      .where('email', 'like', `%-${tag}@example.com`)
      .pluck('id')) as number[];
    await app.db('mover_sessions').whereIn('user_id', users).delete();
    await app.db('mover_tokens').whereIn('user_id', users).delete();
    await app.db('company_users').whereIn('user_id', users).delete();
    await app.db('mover_users').whereIn('id', users).delete();
    await app.db('claim_codes').whereIn('company_id', companies).delete();
    await app.db('company_claims').whereIn('company_id', companies).delete();
    const jobs = (await app
      .db('mail_messages')
      .where('to_address', 'like', `%-${tag}@example.com`)
      .pluck('job_id')) as number[];
    await app.db('jobs').whereIn('id', jobs).delete();
    await app.db('mail_messages').where('to_address', 'like', `%-${tag}@example.com`).delete();
    await app.db('audit_events').whereIn('company_id', companies).delete();
    await app.db('companies').whereIn('id', companies).delete();
    await app.close();
  });

  it('shows the listing with its address masked, and sends the code to that address only', async () => {
    const { slug } = await listing('masked');
    const info = (await (await app.get(`/api/claims/${slug}`)).json()) as ClaimInfo;
    expect(info.listingEmail).toBe('l***@example.com');
    expect(info.claimed).toBe(false);

    const res = await post(claimCodeApiPath(slug), {
      name: 'Rosa Diaz',
      email: claimant('masked'),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    expect(await res.json()).toEqual({
      ok: true,
      sentTo: 'l***@example.com',
      expiresInMinutes: 30,
    });
    const mails = (await app
      .db('mail_messages')
      .where('to_address', 'like', `%masked-${tag}@example.com`)
      .select('to_address', 'subject', 'text_body')) as Array<{
      to_address: string;
      subject: string;
      text_body: string;
    }>;
    expect(mails.map((m) => m.to_address)).toEqual([listingEmail('masked')]);
    expect(mails[0]!.text_body).toContain(`Rosa Diaz (${claimant('masked')}) asked to manage`);
    // Stored hashed: the code in the mail is nowhere in the table.
    const code = await codeSentTo(listingEmail('masked'));
    const stored = (await app
      .db('claim_codes')
      .where({ sent_to: listingEmail('masked') })
      .first()) as Record<string, unknown>;
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('delivers the code through a real SMTP server', async () => {
    const smtp = new LoopbackSmtp();
    await smtp.start();
    const config: Config = {
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'claims@moveratlas.example',
      }),
      database: database.config,
    };
    const worker = new JobWorker({
      db: app.db,
      logger: pino({ level: 'silent' }),
      handlers: mailJobHandlers(app.db, config, pino({ level: 'silent' })),
      concurrency: 1,
      pollIntervalMs: 50,
      leaseMs: 10_000,
      backoff: config.jobs.backoff,
    });
    try {
      const { slug } = await listing('smtp');
      const res = await post(claimCodeApiPath(slug), { name: 'Ann Lee', email: claimant('smtp') });
      expect(res.status).toBe(202);
      worker.start();
      await waitFor(() => smtp.to(listingEmail('smtp')).length === 1, 15_000, 'the code e-mail');
      const [received] = smtp.to(listingEmail('smtp'));
      expect(received!.subject).toMatch(/^\d{6} is your code to claim Claim Walk smtp/);
      expect(received!.decoded).toContain(`Your code: ${await codeSentTo(listingEmail('smtp'))}`);
      expect(smtp.to(claimant('smtp'))).toEqual([]);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('refuses a wrong code, counts it, and voids the code after the last try', async () => {
    const { slug } = await listing('wrong');
    await post(claimCodeApiPath(slug), { name: 'Ann Lee', email: claimant('wrong') });
    const code = await codeSentTo(listingEmail('wrong'));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let tries = 1; tries <= CLAIM_CODE_MAX_TRIES; tries++) {
      const res = await post(claimVerifyApiPath(slug), {
        email: claimant('wrong'),
        code: wrong,
        password: PASSWORD,
      });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: string };
      expect(error).toMatch(
        tries < CLAIM_CODE_MAX_TRIES ? /not right\. You can try \d more/ : /tried too many times/,
      );
    }
    // The right code no longer works either.
    const late = await post(claimVerifyApiPath(slug), {
      email: claimant('wrong'),
      code,
      password: PASSWORD,
    });
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: string }).error).toMatch(/no code waiting/);
  });

  it('makes the claimant the owner with the right code, signs them in, and uses the code once', async () => {
    const { id, slug } = await listing('owner');
    await post(claimCodeApiPath(slug), { name: 'Rosa Diaz', email: claimant('owner') });
    const code = await codeSentTo(listingEmail('owner'));

    const weak = await post(claimVerifyApiPath(slug), {
      email: claimant('owner'),
      code,
      password: 'password1234',
    });
    expect(weak.status).toBe(400);

    const res = await post(claimVerifyApiPath(slug), {
      email: claimant('owner'),
      code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
      password: PASSWORD,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ ok: true, companyId: id, next: '/pro' });
    const status = (await (
      await fetch(`${app.baseUrl}/api/pro/auth/status`, { headers: { Cookie: cookiesOf(res) } })
    ).json()) as { isAuthenticated: boolean; companies?: Array<{ id: number; role: string }> };
    expect(status.isAuthenticated).toBe(true);
    expect(status.companies).toEqual([expect.objectContaining({ id, role: 'owner' })]);

    const company = (await app.db('companies').where({ id }).first('claimed_at')) as {
      claimed_at: number | string | null;
    };
    expect(Number(company.claimed_at)).toBeGreaterThan(0);
    const audit = (await app
      .db('audit_events')
      .where({ action: 'company.claim', company_id: id })
      .first()) as Record<string, unknown> | undefined;
    expect(audit).toBeDefined();

    // Once: the same code again is refused, and the listing is claimed now.
    const again = await post(claimVerifyApiPath(slug), {
      email: claimant('owner'),
      code,
      password: PASSWORD,
    });
    expect(again.status).toBe(400);
    const info = (await (await app.get(`/api/claims/${slug}`)).json()) as ClaimInfo;
    expect(info.claimed).toBe(true);
    const refused = await post(claimCodeApiPath(slug), {
      name: 'Mallory',
      email: claimant('late'),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/already has an owner/);
  });

  it('refuses a code after 30 minutes (the clock is the test’s)', async () => {
    let clock = Date.now();
    const config: Config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_LEADS: '0' }),
      database: database.config,
    };
    const clocked = express();
    const logger = pino({ level: 'silent' });
    clocked.use('/api', claimRoutes({ config, db: app.db, logger, now: () => clock }));
    clocked.use(errorHandler(logger));
    const server: Server = await new Promise((resolve) => {
      const s = clocked.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { slug } = await listing('expiry');
      const ask = await fetch(base + claimCodeApiPath(slug), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Ann Lee', email: claimant('expiry') }),
      });
      expect(ask.status).toBe(202);
      const code = await codeSentTo(listingEmail('expiry'));
      clock += 30 * 60_000 + 1;
      const res = await fetch(base + claimVerifyApiPath(slug), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: claimant('expiry'), code, password: PASSWORD }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/expired/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('throttles codes per listing (429 with Retry-After)', async () => {
    const { slug } = await listing('throttle');
    for (let i = 0; i < 3; i++) {
      const res = await post(claimCodeApiPath(slug), {
        name: 'Ann Lee',
        email: claimant(`throttle${i}`),
      });
      expect(res.status).toBe(202);
    }
    const res = await post(claimCodeApiPath(slug), {
      name: 'Ann Lee',
      email: claimant('throttle9'),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^Too many codes were asked for this listing\. Please try again in \d+ minutes?\.$/,
    );
  });

  it('keeps the per-listing limit exact when requests arrive at once', async () => {
    const { id, slug } = await listing('parallel');
    // Earlier tests' codes, all from this machine's address, leave the per-address hour: only the listing's
    // own limit can refuse here.
    await app
      .db('claim_codes')
      .whereNot('company_id', id)
      .update({ created_at: Date.now() - 2 * 3_600_000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(claimCodeApiPath(slug), { name: 'Ann Lee', email: claimant(`parallel${i}`) }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429, 429, 429]);
    const [stored] = await app.db('claim_codes').where('company_id', id).count({ n: '*' });
    expect(Number(stored!.n)).toBe(3);
  });

  it('refuses a code for a listing without an e-mail address', async () => {
    const { slug } = await listing('no-email', null);
    const info = (await (await app.get(`/api/claims/${slug}`)).json()) as ClaimInfo;
    expect(info.listingEmail).toBeNull();
    const res = await post(claimCodeApiPath(slug), { name: 'Ann Lee', email: claimant('none') });
    expect(res.status).toBe(409);
  });

  const evidence = (n: string, document: Buffer, name = 'licence.pdf') => ({
    name: 'Sam Ortiz',
    email: claimant(n),
    phone: '(512) 555-0199',
    role: 'owner',
    usdotNumber: 'USDOT 1234567',
    message: 'The listing address is our old office manager’s mailbox.',
    document: { name, data: document.toString('base64') },
  });

  it('refuses a text file named .pdf as evidence, and stores a real PDF for staff', async () => {
    const { slug } = await listing('evidence-fake');
    const fake = await post(
      claimEvidenceApiPath(slug),
      evidence('fake', Buffer.from('I am a PDF, honest\n'), 'licence.pdf'),
    );
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { error: string }).error).toMatch(/must be a PDF or a photo/);
    const html = await post(
      claimEvidenceApiPath(slug),
      evidence('html', Buffer.from('<html><script>alert(1)</script></html>'), 'scan.png'),
    );
    expect(html.status).toBe(400);
    expect(await app.db('company_claims').where({ email: claimant('fake') })).toEqual([]);

    const real = await post(claimEvidenceApiPath(slug), evidence('real', PDF));
    expect(real.status, await real.clone().text()).toBe(201);
    const stored = (await app
      .db('company_claims')
      .where({ email: claimant('real') })
      .first()) as {
      status: string;
      document_type: string;
      usdot_number: string;
      phone: string;
    };
    expect(stored).toMatchObject({
      status: 'pending',
      document_type: 'application/pdf',
      usdot_number: '1234567',
      phone: '5125550199',
    });
  });

  it('lets staff approve an evidence claim: the claimant owns the company and is e-mailed a link', async () => {
    const { id, slug } = await listing('approve', null);
    const sent = await post(claimEvidenceApiPath(slug), evidence('approve', PDF));
    const claimId = ((await sent.json()) as { id: number }).id;

    const page = (await (await admin.request('/api/admin/claims')).json()) as AdminClaimPage;
    expect(page.items.map((c) => c.id)).toContain(claimId);

    const download = await admin.request(`/api/admin/claims/${claimId}/document`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=licence.pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const res = await admin.request(`/api/admin/claims/${claimId}/approve`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(200);
    const decision = (await res.json()) as AdminClaimDecision;
    expect(decision.claim.status).toBe('approved');
    expect(decision.passwordLinkSent).toBe(true);

    const users = (await (
      await admin.request(`/api/admin/companies/${id}/users`)
    ).json()) as AdminCompanyUsers;
    expect(users.claimedAt).not.toBeNull();
    expect(users.users).toEqual([
      expect.objectContaining({ email: claimant('approve'), role: 'owner', status: 'active' }),
    ]);
    const mail = (await app
      .db('mail_messages')
      .where({ to_address: claimant('approve'), template: 'claim-approved' })
      .first('text_body')) as { text_body: string };
    expect(mail.text_body).toMatch(/\/pro\/reset-password\?token=[\w-]+/);
    const audit = (await app
      .db('audit_events')
      .where({ action: 'claim.approve', entity_id: String(claimId) })
      .first()) as Record<string, unknown> | undefined;
    expect(audit).toMatchObject({ actor_username: 'test-admin', outcome: 'succeeded' });

    // Decided once: a second approval is a conflict.
    const twice = await admin.request(`/api/admin/claims/${claimId}/approve`, { method: 'POST' });
    expect(twice.status).toBe(409);
  });

  it('lets staff decline an evidence claim with a reason the claimant is e-mailed', async () => {
    const { slug } = await listing('decline');
    const sent = await post(claimEvidenceApiPath(slug), evidence('decline', PDF));
    const claimId = ((await sent.json()) as { id: number }).id;
    const empty = await admin.request(`/api/admin/claims/${claimId}/decline`, {
      method: 'POST',
      body: JSON.stringify({}),
    });
    expect(empty.status).toBe(400);
    const reason = 'The USDOT number belongs to another company.';
    const res = await admin.request(`/api/admin/claims/${claimId}/decline`, {
      method: 'POST',
      body: JSON.stringify({ reason }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const mail = (await app
      .db('mail_messages')
      .where({ to_address: claimant('decline'), template: 'claim-declined' })
      .first('text_body')) as { text_body: string };
    expect(mail.text_body).toContain(`The reason: ${reason}`);
    const audit = (await app
      .db('audit_events')
      .where({ action: 'claim.decline', entity_id: String(claimId) })
      .first('after_json')) as { after_json: string };
    expect(JSON.parse(audit.after_json)).toEqual({ status: 'declined', reason });
  });

  it('suspends a company’s user, which ends their sessions; restoring lets them in again', async () => {
    const { id, slug } = await listing('suspend');
    await post(claimCodeApiPath(slug), { name: 'Rosa Diaz', email: claimant('suspend') });
    const code = await codeSentTo(listingEmail('suspend'));
    const signedIn = await post(claimVerifyApiPath(slug), {
      email: claimant('suspend'),
      code,
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(200);
    const cookie = cookiesOf(signedIn);
    const statusOf = async () =>
      (
        (await (
          await fetch(`${app.baseUrl}/api/pro/auth/status`, { headers: { Cookie: cookie } })
        ).json()) as { isAuthenticated: boolean }
      ).isAuthenticated;
    expect(await statusOf()).toBe(true);

    const { users } = (await (
      await admin.request(`/api/admin/companies/${id}/users`)
    ).json()) as AdminCompanyUsers;
    const userId = users[0]!.id;
    const suspend = await admin.request(`/api/admin/companies/${id}/users/${userId}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'suspended', reason: 'Left the company' }),
    });
    expect(suspend.status, await suspend.clone().text()).toBe(200);
    expect(await suspend.json()).toMatchObject({
      status: 'suspended',
      suspendedReason: 'Left the company',
    });
    expect(await statusOf()).toBe(false);
    expect(await app.db('mover_sessions').where({ user_id: userId })).toEqual([]);
    const audit = (await app
      .db('audit_events')
      .where({ action: 'mover_user.status', company_id: id })
      .first('after_json')) as { after_json: string };
    expect(JSON.parse(audit.after_json)).toEqual({
      status: 'suspended',
      reason: 'Left the company',
    });

    const login = await post('/api/pro/login', { email: claimant('suspend'), password: PASSWORD });
    expect(login.status).not.toBe(200);
    const restore = await admin.request(`/api/admin/companies/${id}/users/${userId}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'active' }),
    });
    expect(restore.status).toBe(200);
    const again = await post('/api/pro/login', { email: claimant('suspend'), password: PASSWORD });
    expect(again.status, await again.clone().text()).toBe(200);
  });
});
