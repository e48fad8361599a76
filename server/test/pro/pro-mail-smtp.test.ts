/**
 * The movers' e-mails through a real SMTP server on loopback (issue 17): with SMTP_URL set, a claim code, a
 * password reset link and a team invitation leave by the mail job and arrive, each at the right address (the
 * code at the listing's own), and what they carry works. The test runs the mail job's handler on exactly its
 * own messages, not a worker: a worker would also take the mail jobs of other tests on the same database.
 * (Without SMTP_URL the same messages are kept for the admin Mail screen, which the other /pro tests read.)
 */
import { pino } from 'pino';
import { claimCodeApiPath, claimVerifyApiPath } from '@moveratlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config';
import type { Job } from '../../src/jobs/queue';
import type { JobRegistry } from '../../src/jobs/worker';
import { MAIL_SEND_JOB, mailJobHandlers } from '../../src/features/mail';
import { DELIVERY_JOBS, deliveryJobHandlers } from '../../src/features/deliveries';
import { LEAD_CONFIRM_JOB, visitorConfirmationHandlers } from '../../src/features/leads';
import { consentText } from '@moveratlas/contracts';
import { leadForm, removeLeads } from '../leads/support';
import { createProCompany } from './pro-support';
import { testDatabases } from '../databases';
import { LoopbackSmtp } from '../support/loopback-smtp';
import { createMover, removeMovers, signInMover } from '../support/mover';
import { startTestApp, type TestApp } from '../test-app';

describe.each(testDatabases())("movers' e-mails over SMTP on $name", (database) => {
  let app: TestApp;
  let smtp: LoopbackSmtp;
  let handlers: JobRegistry;
  let leadHandlers: JobRegistry;
  const movers: number[] = [];
  /** Messages made before this file started (other files', kept unsent in the embedded mailbox) are not ours. */
  const started = Date.now();

  beforeAll(async () => {
    smtp = new LoopbackSmtp();
    await smtp.start();
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'pro@moveratlas.example', TRUST_PROXY: '1' };
    app = await startTestApp(database.config, env);
    const config: Config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
      database: database.config,
    };
    handlers = mailJobHandlers(app.db, config, pino({ level: 'silent' }));
    leadHandlers = {
      ...visitorConfirmationHandlers(app.db, config),
      ...deliveryJobHandlers({ db: app.db, config, logger: pino({ level: 'silent' }) }),
    };
  });

  afterAll(async () => {
    await smtp?.close();
    if (app) {
      await removeMovers(app.db, movers);
      await app.close();
    }
  });

  /** Runs the mail job of the message `template` queued to `address`, as the worker would. */
  async function sendQueuedTo(address: string, template: string) {
    const ids = (await app
      .db('mail_messages')
      .where({ to_address: address, template })
      .where('created_at', '>=', started)
      .pluck('id')) as number[];
    expect(ids).toHaveLength(1);
    const context = { progress: async () => {}, log: async () => {} };
    for (const mailId of ids)
      await handlers[MAIL_SEND_JOB]!.run(
        {
          id: 0,
          type: MAIL_SEND_JOB,
          payload: { mailId: Number(mailId) },
          attempts: 1,
        } as unknown as Job,
        new AbortController().signal,
        { signal: new AbortController().signal, ...context },
      );
  }

  /**
   * Runs a queued job of `type` with `payload` here, as a worker would, committing its outcome: taken by
   * deleting its row, so no other file's worker runs it too (one that already took it fails the test).
   */
  async function runOwnJob(type: string, payload: unknown) {
    const taken = await app
      .db('jobs')
      .where({ type, payload: JSON.stringify(payload), status: 'queued' })
      .delete();
    expect(taken, `the ${type} job was still queued`).toBe(1);
    const context = { progress: async () => {}, log: async () => {} };
    const signal = new AbortController().signal;
    const outcome = await leadHandlers[type]!.run(
      { id: 0, type, payload, attempts: 1, maxAttempts: 1 } as unknown as Job,
      signal,
      { signal, ...context },
    );
    if (outcome?.commit) await app.db.transaction((trx) => outcome.commit!(trx));
  }

  it("delivers the visitor's confirmation and the mover's new-lead e-mail", async () => {
    const company = await createProCompany(app.db, `SMTP Movers ${Date.now()}`);
    const owner = await createMover(app.db, { companyId: company.id, role: 'owner' });
    movers.push(owner.id);
    const visitor = `smtp-visitor-${Date.now()}@example.com`;
    const named = [{ id: company.id, name: company.name }];
    const form = leadForm({
      email_address: visitor,
      selected_companies: JSON.stringify(named),
      consent_text: consentText(named.map((c) => c.name)),
    });
    try {
      const sent = await fetch(`${app.baseUrl}/api/proxy/send_lead`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      expect(sent.status).toBe(200);
      const lead = (await app
        .db('leads')
        .where({ lead_uuid: form.lead_uuid })
        .first('id', 'public_id')) as {
        id: number;
        public_id: string;
      };
      await runOwnJob(LEAD_CONFIRM_JOB, { leadId: Number(lead.id) });
      const delivery = (await app
        .db('lead_deliveries')
        .where({ lead_id: lead.id, company_id: company.id, channel: 'email' })
        .first('id')) as { id: number };
      await runOwnJob(DELIVERY_JOBS.email, { deliveryId: Number(delivery.id) });

      await sendQueuedTo(visitor, 'visitor-confirmation');
      const [confirmation] = smtp.to(visitor);
      expect(confirmation!.subject).toBe(
        `Your moving quote request ${lead.public_id}: one mover will contact you`,
      );
      expect(confirmation!.decoded).toContain(company.name);
      expect(confirmation!.decoded).toMatch(/\/my-request#t=[A-Za-z0-9_-]{43}/);

      await sendQueuedTo(owner.email, 'lead-for-mover');
      const [forMover] = smtp.to(owner.email);
      expect(forMover!.subject).toBe(
        `New quote request for ${company.name}: Ada Lovelace, Chicago, IL 60601 to Austin, TX 73301`,
      );
      expect(forMover!.decoded).toContain(visitor);
      expect(forMover!.decoded).toContain(`/pro/companies/${company.id}/leads/${lead.id}`);
    } finally {
      await removeLeads(app.db, [form.lead_uuid!]);
      await app.db('companies').where({ id: company.id }).delete();
    }
  });

  it('delivers a claim code to the address on the listing, and that code claims it', async () => {
    const listing = (await app
      .db('companies')
      .where('is_in_list', true)
      .whereNotNull('email')
      .whereNotIn('id', app.db('company_users').select('company_id'))
      .orderBy('id')
      .first('id', 'slug', 'name', 'email')) as {
      id: number;
      slug: string;
      name: string;
      email: string;
    };
    const claimant = `smtp-claimant-${Date.now()}@movers.test`;
    const post = (path: string, body: unknown) =>
      fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.77' },
        body: JSON.stringify(body),
      });
    try {
      const asked = await post(claimCodeApiPath(listing.slug), {
        name: 'Sam Claimant',
        email: claimant,
      });
      expect(asked.status).toBe(202);
      await sendQueuedTo(listing.email, 'claim-code');
      expect(smtp.to(claimant)).toHaveLength(0);
      const [mail] = smtp.to(listing.email);
      expect(mail!.subject).toMatch(/^\d{6} is your code to claim /);
      expect(mail!.subject).toContain(listing.name);
      const code = /^(\d{6}) /.exec(mail!.subject)![1]!;
      expect(mail!.decoded).toContain(`Your code: ${code}`);

      const verified = await post(claimVerifyApiPath(listing.slug), {
        email: claimant,
        code,
        password: 'juniper ledger claim harbor 5521',
      });
      expect(verified.status, await verified.clone().text()).toBe(200);
      const owners = (await app
        .db({ cu: 'company_users' })
        .join({ u: 'mover_users' }, 'u.id', 'cu.user_id')
        .where('cu.company_id', listing.id)
        .select('u.email', 'cu.role')) as Array<{ email: string; role: string }>;
      expect(owners).toEqual([{ email: claimant, role: 'owner' }]);
    } finally {
      const users = (await app.db('mover_users').where('email', claimant).pluck('id')) as number[];
      movers.push(...users.map(Number));
      await app.db('company_users').where('company_id', listing.id).delete();
      await app.db('claim_codes').where('company_id', listing.id).delete();
      await app.db('companies').where('id', listing.id).update({ claimed_at: null });
    }
  });

  it('delivers a password reset link, and a team invitation, each to its own address', async () => {
    const company = (await app.db('companies').orderBy('id').first('id', 'name')) as {
      id: number;
      name: string;
    };
    const owner = await createMover(app.db, { companyId: company.id, role: 'owner' });
    movers.push(owner.id);

    const asked = await fetch(`${app.baseUrl}/api/pro/password/forgot`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: owner.email }),
    });
    expect(asked.status).toBe(202);
    await sendQueuedTo(owner.email, 'mover-password-reset');
    expect(smtp.to(owner.email)).toHaveLength(1);
    const [reset] = smtp.to(owner.email);
    expect(reset!.subject).toMatch(/^Reset your .+ password$/);
    expect(reset!.decoded).toMatch(/\/pro\/reset-password\?token=[A-Za-z0-9_-]{43}/);

    const colleague = `smtp-invited-${Date.now()}@movers.test`;
    const client = await signInMover(app.baseUrl, owner);
    const invited = await client.request(`/api/pro/companies/${company.id}/team/invitations`, {
      method: 'POST',
      body: JSON.stringify({ email: colleague, role: 'staff' }),
    });
    expect(invited.status).toBeLessThan(300);
    await sendQueuedTo(colleague, 'mover-invitation');
    expect(smtp.to(colleague)).toHaveLength(1);
    const [invitation] = smtp.to(colleague);
    expect(invitation!.subject).toMatch(/^Test Mover invited you to .+ on /);
    expect(invitation!.subject).toContain(company.name);
    expect(invitation!.decoded).toMatch(/\/pro\/invitation\?token=[A-Za-z0-9_-]{43}/);
    // Nothing else went to either of them.
    expect(
      smtp.messages
        .map((m) => m.to)
        .flat()
        .filter((to) => to === colleague || to === owner.email)
        .sort(),
    ).toEqual([colleague, owner.email].sort());
    await app.db('mover_tokens').where({ email: colleague }).delete();
  });
});
