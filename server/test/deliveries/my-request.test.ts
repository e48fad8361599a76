/**
 * The visitor in control (issue 18), on every test database: the confirmation e-mail names the movers and
 * carries the private link; the "my request" page answers each mover's progress (sent, opened); "Stop this mover
 * contacting me" is recorded with the consent, marks the mover's inbox and cancels what was not yet delivered
 * (before delivery: never delivered at all); a deletion request closes the page to anything personal; links that
 * are malformed, unknown or expired are refused in words.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentText,
  MY_REQUEST_API,
  MY_REQUEST_DELETE_API,
  MY_REQUEST_INCOMPLETE,
  MY_REQUEST_WITHDRAW_API,
  myRequestSchema,
  proCompanyPath,
  ProLeadListSchema,
  proWebhookPath,
  type MyRequest,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { leadForm, removeLeads, startLeadApp, waitFor, type LeadApp } from '../leads/support';
import { createMover, removeMovers, signInMover, type MoverClient } from '../support/mover';
import { createProCompany } from '../pro/pro-support';
import { acceptHeldLead } from './held-lead';
import { WebhookReceiver } from './webhook-receiver';

const RUN = randomUUID().slice(0, 8);

describe.each(testDatabases())('the visitor’s own request on $name', (database) => {
  let app: LeadApp;
  let db: Knex;
  const receiver = new WebhookReceiver();
  const movers: Array<{
    company: { id: number; name: string; slug: string };
    owner: MoverClient;
    ownerEmail: string;
    path: string;
  }> = [];
  const moverIds: number[] = [];
  const uuids: string[] = [];

  beforeAll(async () => {
    await receiver.start();
    app = await startLeadApp(database.config, {}, { worker: true });
    db = app.db;
    for (const [i, usdot] of ['7700001', '7700002'].entries()) {
      const company = await createProCompany(db, `Visitor ${i === 0 ? 'A' : 'B'} ${RUN}`);
      await db('companies')
        .where({ id: company.id })
        .update({
          usdot_number: `${usdot}${RUN.slice(0, 3).replace(/\D/g, '0')}`.slice(0, 12),
          mc_number: `MC${i}`,
          phone: '5125550199',
        });
      const owner = await createMover(db, { companyId: company.id, role: 'owner' });
      moverIds.push(owner.id);
      const client = await signInMover(app.baseUrl, owner);
      const path = `/visitor/${i}-${RUN}`;
      expect(
        (
          await client.request(proWebhookPath(company.id), {
            method: 'PUT',
            body: JSON.stringify({ url: receiver.url(path), enabled: true }),
          })
        ).status,
      ).toBe(200);
      movers.push({ company, owner: client, ownerEmail: owner.email, path });
    }
  });

  afterAll(async () => {
    if (app) {
      await removeLeads(db, uuids);
      await db('companies')
        .whereIn(
          'id',
          movers.map((m) => m.company.id),
        )
        .delete();
      await removeMovers(db, moverIds);
      await app.close();
    }
    await receiver.close();
  });

  const formFor = (email: string) => {
    const named = movers.map(({ company }) => ({ id: company.id, name: company.name }));
    const form = leadForm({
      email_address: email,
      selected_companies: JSON.stringify(named),
      consent_text: consentText(named.map((c) => c.name)),
    });
    uuids.push(form.lead_uuid!);
    return form;
  };

  const post = (path: string, body: unknown) =>
    fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const view = async (token: string): Promise<MyRequest> => {
    const res = await post(MY_REQUEST_API, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return myRequestSchema.parse(await res.json());
  };

  /** The confirmation e-mail sent to `email` (of the request `publicId`), once, and its link's secret. */
  async function confirmation(email: string, publicId?: string) {
    const mailsOf = () => {
      const query = db('mail_messages').where({
        to_address: email,
        template: 'visitor-confirmation',
      });
      if (publicId) query.whereRaw('text_body LIKE ?', [`%${publicId}%`]);
      return query;
    };
    await waitFor(async () => (await mailsOf()).length > 0, 15_000, 'the confirmation e-mail');
    const mails = (await mailsOf().select('subject', 'text_body', 'html_body')) as Array<{
      subject: string;
      text_body: string;
      html_body: string;
    }>;
    expect(mails).toHaveLength(1);
    const token = /\/my-request#t=([A-Za-z0-9_-]{43})/.exec(mails[0]!.text_body)?.[1];
    expect(token).toBeDefined();
    return { mail: mails[0]!, token: token! };
  }

  const leadIdOf = async (uuid: string) =>
    Number(((await db('leads').where({ lead_uuid: uuid }).first('id')) as { id: number }).id);

  it('confirms by e-mail, shows each mover’s progress, and stops one mover on request', async () => {
    const email = `visitor.${RUN}@example.com`;
    const form = formFor(email);
    expect((await app.postForm('/api/proxy/send_lead', form)).status).toBe(200);
    const leadId = await leadIdOf(form.lead_uuid!);
    const { mail, token } = await confirmation(email);
    const [a, b] = movers;
    expect(mail.subject).toMatch(
      /^Your moving quote request [0-9A-Z]{10}: 2 movers will contact you$/,
    );
    for (const { company } of movers) expect(mail.text_body).toContain(company.name);
    expect(mail.text_body).toContain('Phone: (512) 555-0199');
    expect(mail.text_body).toMatch(/USDOT 770000\d+ · MC MC0/);
    // The link's secret is in the fragment: it never reaches a server log or a Referer header.
    expect(mail.html_body).toContain(`/my-request#t=${token}`);

    await waitFor(
      async () =>
        (await db('lead_deliveries').where({ lead_id: leadId }).whereNot('status', 'delivered'))
          .length === 0,
      15_000,
      'the deliveries',
    );
    let page = await view(token);
    expect(page.closed).toBe(false);
    expect(page.request).toMatchObject({ firstName: 'Ada', from: 'Chicago, IL 60601' });
    expect(page.movers.map((m) => [m.name, m.state])).toEqual([
      [a!.company.name, 'sent'],
      [b!.company.name, 'sent'],
    ]);

    // A's owner opens the lead: the visitor sees it opened.
    const opened = await a!.owner.request(proCompanyPath(a!.company.id, `leads/${leadId}/opened`), {
      method: 'POST',
    });
    expect(opened.status).toBe(204);
    expect((await view(token)).movers.map((m) => m.state)).toEqual(['opened', 'sent']);

    // Stop B: recorded with the consent, shown on B's inbox, and the page says so.
    const withdrawn = await post(MY_REQUEST_WITHDRAW_API, { token, companyId: b!.company.id });
    expect(withdrawn.status).toBe(200);
    page = myRequestSchema.parse(await withdrawn.json());
    expect(page.movers.map((m) => m.state)).toEqual(['opened', 'withdrawn']);
    expect(Date.parse(page.movers[1]!.withdrawnAt!)).toBeGreaterThan(Date.now() - 60_000);
    const records = (await db('lead_consent_withdrawals')
      .where({ lead_id: leadId })
      .select('company_id', 'ip_address')) as Array<{ company_id: number; ip_address: string }>;
    expect(records.map((r) => Number(r.company_id))).toEqual([b!.company.id]);
    expect(records[0]!.ip_address).not.toBe('');
    const inbox = ProLeadListSchema.parse(
      await (await b!.owner.request(proCompanyPath(b!.company.id, 'leads'))).json(),
    );
    const entry = inbox.leads.find((l) => l.id === leadId)!;
    expect(Date.parse(entry.consentWithdrawnAt!)).toBe(Date.parse(page.movers[1]!.withdrawnAt!));
    const inboxOfA = ProLeadListSchema.parse(
      await (await a!.owner.request(proCompanyPath(a!.company.id, 'leads'))).json(),
    );
    expect(inboxOfA.leads.find((l) => l.id === leadId)!.consentWithdrawnAt).toBeNull();

    // B had the lead by e-mail: its owner is told by e-mail too, once; A hears nothing.
    const notices = (who: string) =>
      db('mail_messages')
        .where({ to_address: who, template: 'lead-withdrawn' })
        .select('subject', 'text_body') as Promise<Array<{ subject: string; text_body: string }>>;
    const toB = await notices(b!.ownerEmail);
    expect(toB.map((m) => m.subject)).toEqual([
      `Do not contact Ada Lovelace (request ${page.request!.publicId})`,
    ]);
    expect(toB[0]!.text_body).toContain(
      `asked that ${b!.company.name} not contact them about quote request ${page.request!.publicId}`,
    );
    expect(toB[0]!.text_body).toContain(`/pro/companies/${b!.company.id}/leads/${leadId}`);
    expect(await notices(a!.ownerEmail)).toEqual([]);

    // A second click changes nothing; a mover the request did not go to is refused.
    expect((await post(MY_REQUEST_WITHDRAW_API, { token, companyId: b!.company.id })).status).toBe(
      200,
    );
    expect(await db('lead_consent_withdrawals').where({ lead_id: leadId })).toHaveLength(1);
    expect(await notices(b!.ownerEmail)).toHaveLength(1);
    const elsewhere = await post(MY_REQUEST_WITHDRAW_API, { token, companyId: 1 });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ error: 'Your request did not go to this mover.' });
  });

  it('never delivers to a mover stopped before the delivery', async () => {
    const email = `early.${RUN}@example.com`;
    // Accepted with its deliveries held back until the visitor has acted.
    const named = movers.map(({ company }) => ({ id: company.id, name: company.name }));
    const held = await acceptHeldLead(
      database.config,
      db,
      {
        email_address: email,
        selected_companies: JSON.stringify(named),
        consent_text: consentText(named.map((c) => c.name)),
      },
      uuids,
      app.worker,
    );
    const leadId = held.id;
    const { token } = await confirmation(email, held.publicId);
    const [a, b] = movers;
    const res = await post(MY_REQUEST_WITHDRAW_API, { token, companyId: a!.company.id });
    expect(res.status).toBe(200);
    // Cancelled at once on the mover's log, before any job ran.
    expect(
      (await db('lead_deliveries')
        .where({ lead_id: leadId, company_id: a!.company.id })
        .pluck('status')) as string[],
    ).toEqual(['cancelled', 'cancelled']);
    // It never had the lead by e-mail, so there is nothing to take back by e-mail.
    expect(
      await db('mail_messages')
        .where({ to_address: a!.ownerEmail, template: 'lead-withdrawn' })
        .whereRaw('text_body LIKE ?', [`%${held.publicId}%`])
        .select('id'),
    ).toEqual([]);
    await held.release();
    app.worker!.kick();
    await waitFor(
      async () =>
        (
          await db('lead_deliveries')
            .where({ lead_id: leadId, company_id: b!.company.id })
            .whereNot('status', 'delivered')
        ).length === 0,
      15_000,
      "B's deliveries",
    );
    const publicId = (
      (await db('leads').where({ id: leadId }).first('public_id')) as { public_id: string }
    ).public_id;
    expect(receiver.to(a!.path).filter((c) => c.body.includes(publicId))).toHaveLength(0);
    expect(receiver.to(b!.path).filter((c) => c.body.includes(publicId))).toHaveLength(1);
    expect(
      await db('mail_messages')
        .where({ template: 'lead-for-mover' })
        .whereRaw('text_body LIKE ?', [`%${publicId}%`])
        .count({ n: '*' })
        .first()
        .then((r) => Number((r as { n: number }).n)),
    ).toBe(1);
  });

  it('closes the page to anything personal once the visitor asks for deletion', async () => {
    const email = `erase.${RUN}@example.com`;
    const form = formFor(email);
    expect((await app.postForm('/api/proxy/send_lead', form)).status).toBe(200);
    const { token } = await confirmation(email);
    const res = await post(MY_REQUEST_DELETE_API, { token });
    expect(res.status).toBe(200);
    const page = myRequestSchema.parse(await res.json());
    expect(page).toMatchObject({ closed: true, request: null });
    expect(JSON.stringify(page)).not.toContain('Ada');
    expect(JSON.stringify(page)).not.toContain(email);
    expect(page.movers).toHaveLength(2);
    expect((await view(token)).closed).toBe(true);
    // Asking twice records one request.
    expect((await post(MY_REQUEST_DELETE_API, { token })).status).toBe(200);
    const leadId = await leadIdOf(form.lead_uuid!);
    const requests = (await db('data_deletion_requests')
      .where({ lead_id: leadId })
      .select('email', 'status')) as Array<{ email: string; status: string }>;
    expect(requests).toEqual([{ email, status: 'open' }]);
  });

  it('refuses malformed, unknown and expired links in words', async () => {
    const malformed = await post(MY_REQUEST_API, { token: 'short' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toContain(MY_REQUEST_INCOMPLETE);
    const unknown = await post(MY_REQUEST_API, { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error:
        'This link does not open a request: check that you used the whole link from our e-mail.',
    });
    const email = `late.${RUN}@example.com`;
    const form = formFor(email);
    expect((await app.postForm('/api/proxy/send_lead', form)).status).toBe(200);
    const { token } = await confirmation(email);
    await db('lead_request_links')
      .where({ lead_id: await leadIdOf(form.lead_uuid!) })
      .update({ expires_at: Date.now() - 1000 });
    const expired = await post(MY_REQUEST_API, { token });
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { error: string }).error).toMatch(/^This link has expired/);
  });
});
