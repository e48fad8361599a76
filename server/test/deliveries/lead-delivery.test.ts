/**
 * Every lead reaches each mover the visitor chose, once per channel (issue 18), on every test database: leads
 * go in through the public endpoint, the real job worker delivers them by e-mail (kept in the database) and to
 * stand-in webhooks on loopback, and the test counts what each receiver saw. Receivers that answer 500 and then
 * 200, answer after the time limit, or always fail; a mover the visitor did not choose; a withdrawal before the
 * delivery; the dead letter and the owner's redelivery; the signature checked with docs/webhooks.md's snippet.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  consentText,
  CONSENT_VERSION,
  formatPhone,
  proCompanyPath,
  ProLeadDetailSchema,
  proDeliveriesPath,
  proDeliveryListSchema,
  proRedeliverPath,
  proWebhookPath,
  proWebhookSchema,
  proWebhookSecretPath,
  proWebhookTestPath,
  proWebhookTestResultSchema,
  webhookEventSchema,
  type ProWebhook,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { leadForm, removeLeads, startLeadApp, waitFor, type LeadApp } from '../leads/support';
import { createMover, removeMovers, signInMover, type MoverClient } from '../support/mover';
import { createProCompany } from '../pro/pro-support';
import { documentedVerify, type Verify } from './documented-snippet';
import { acceptHeldLead } from './held-lead';
import { WebhookReceiver } from './webhook-receiver';

const RUN = randomUUID().slice(0, 8);

interface Mover {
  company: { id: number; name: string; slug: string };
  owner: MoverClient;
  ownerEmail: string;
  path: string;
  secret: string;
}

describe.each(testDatabases())('lead delivery to the chosen movers on $name', (database) => {
  let app: LeadApp;
  let db: Knex;
  let receiver: WebhookReceiver;
  let verify: Verify;
  const movers: Record<'a' | 'b' | 'c', Mover> = {} as Record<'a' | 'b' | 'c', Mover>;
  let unclaimed: { id: number; name: string; slug: string; email: string };
  let staffOfA: MoverClient;
  const moverIds: number[] = [];
  const companyIds: number[] = [];
  const uuids: string[] = [];

  beforeAll(async () => {
    receiver = new WebhookReceiver();
    await receiver.start();
    verify = await documentedVerify();
    app = await startLeadApp(database.config, {}, { worker: true });
    db = app.db;
    for (const key of ['a', 'b', 'c'] as const) {
      const company = await createProCompany(db, `Delivery ${key.toUpperCase()} ${RUN}`);
      companyIds.push(company.id);
      const owner = await createMover(db, { companyId: company.id, role: 'owner' });
      moverIds.push(owner.id);
      const client = await signInMover(app.baseUrl, owner);
      const path = `/hooks/${key}-${RUN}`;
      const saved = await client.request(proWebhookPath(company.id), {
        method: 'PUT',
        body: JSON.stringify({ url: receiver.url(path), enabled: true }),
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      const hook = proWebhookSchema.parse(await saved.json());
      movers[key] = { company, owner: client, ownerEmail: owner.email, path, secret: hook.secret! };
    }
    const listing = await createProCompany(db, `Unclaimed ${RUN}`);
    companyIds.push(listing.id);
    const listingEmail = `listing-${RUN}@movers.test`;
    await db('companies').where({ id: listing.id }).update({ email: listingEmail });
    unclaimed = { ...listing, email: listingEmail };
    const staff = await createMover(db, { companyId: movers.a.company.id, role: 'staff' });
    moverIds.push(staff.id);
    staffOfA = await signInMover(app.baseUrl, staff);
  });

  afterAll(async () => {
    if (app) {
      await removeLeads(db, uuids);
      await db('companies').whereIn('id', companyIds).delete();
      await removeMovers(db, moverIds);
      await app.close();
    }
    await receiver?.close();
  });

  beforeEach(() => {
    for (const key of ['a', 'b', 'c'] as const) receiver.set(movers[key].path, { kind: 'ok' });
  });

  /** Sends a lead naming `companies` through the public endpoint; answers its row id and public id. */
  async function submit(
    companies: ReadonlyArray<{ id: number; name: string }>,
  ): Promise<{ id: number; publicId: string; email: string; phone: string }> {
    const named = companies.map(({ id, name }) => ({ id, name }));
    // A new visitor each time (leadForm's phone and address): a repeat would not reach the same movers again.
    const form = leadForm({
      selected_companies: JSON.stringify(named),
      consent_text: consentText(named.map((c) => c.name)),
      consent_version: CONSENT_VERSION,
    });
    uuids.push(form.lead_uuid!);
    const res = await app.postForm('/api/proxy/send_lead', form);
    expect(res.status, await res.clone().text()).toBe(200);
    const row = (await db('leads')
      .where({ lead_uuid: form.lead_uuid })
      .first('id', 'public_id')) as {
      id: number;
      public_id: string;
    };
    return {
      id: Number(row.id),
      publicId: row.public_id,
      email: form.email_address!,
      phone: form.phone_number!,
    };
  }

  const deliveriesOf = async (leadId: number) =>
    (await db('lead_deliveries')
      .where({ lead_id: leadId })
      .orderBy(['company_id', 'channel'])
      .select(
        'company_id',
        'channel',
        'status',
        'attempts',
        'detail',
        'last_status_code',
      )) as Array<{
      company_id: number;
      channel: string;
      status: string;
      attempts: number;
      detail: string | null;
      last_status_code: number | null;
    }>;

  const settled = (leadId: number, timeoutMs = 15_000) =>
    waitFor(
      async () =>
        (await deliveriesOf(leadId)).every((d) =>
          ['delivered', 'failed', 'cancelled', 'skipped'].includes(d.status),
        ),
      timeoutMs,
      'every delivery of the lead to finish',
    );

  const mailTo = (address: string, leadPublicId: string) =>
    db('mail_messages')
      .where({ to_address: address, template: 'lead-for-mover' })
      .whereRaw('text_body LIKE ?', [`%${leadPublicId}%`])
      .select('subject', 'text_body') as Promise<Array<{ subject: string; text_body: string }>>;

  it('delivers to every chosen mover once per channel, and never to one not chosen', async () => {
    receiver.set(movers.b.path, { kind: 'flaky', times: 1, status: 500 });
    const lead = await submit([movers.a.company, movers.b.company, unclaimed]);
    await settled(lead.id);

    const rows = await deliveriesOf(lead.id);
    const row = (companyId: number, channel: string) =>
      rows.find((r) => Number(r.company_id) === companyId && r.channel === channel);
    expect(rows).toHaveLength(5);
    expect(row(movers.a.company.id, 'webhook')).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(row(movers.b.company.id, 'webhook')).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_status_code: 200,
    });
    expect(row(unclaimed.id, 'webhook')).toBeUndefined();
    for (const id of [movers.a.company.id, movers.b.company.id, unclaimed.id])
      expect(row(id, 'email')?.status).toBe('delivered');
    expect(rows.some((r) => Number(r.company_id) === movers.c.company.id)).toBe(false);

    // A: one call, signed with its secret, verifiable with the documented snippet, keyed lead + company.
    const [call, ...more] = receiver.to(movers.a.path);
    expect(more).toHaveLength(0);
    const key = `${lead.publicId}-${movers.a.company.id}`;
    expect(call!.headers['idempotency-key']).toBe(key);
    expect(call!.headers['moveratlas-event']).toBe('lead.created');
    const signature = String(call!.headers['moveratlas-signature']);
    expect(verify(call!.body, signature, movers.a.secret)).toBe(true);
    expect(verify(call!.body, signature, movers.b.secret)).toBe(false);
    expect(verify(`${call!.body} `, signature, movers.a.secret)).toBe(false);
    const event = webhookEventSchema.parse(JSON.parse(call!.body));
    expect(event).toMatchObject({
      id: key,
      type: 'lead.created',
      test: false,
      company: { id: movers.a.company.id },
      lead: {
        id: lead.publicId,
        contact: { firstName: 'Ada', lastName: 'Lovelace', email: lead.email },
        move: {
          from: { city: 'Chicago', state: 'IL' },
          to: { city: 'Austin' },
          size: '2-3 Bedrooms',
        },
      },
    });
    expect(event.lead.consent.text).toContain(movers.a.company.name);

    // B answered 500 first: the retry carried the same key and the same event.
    const [first, second, third] = receiver.to(movers.b.path);
    expect(third).toBeUndefined();
    expect(first!.headers['idempotency-key']).toBe(`${lead.publicId}-${movers.b.company.id}`);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(JSON.parse(second!.body)).toEqual(JSON.parse(first!.body));
    // C was not chosen: its webhook saw nothing.
    expect(receiver.to(movers.c.path)).toHaveLength(0);

    // E-mail: the owner of A once, with a link to the lead in the inbox; the unclaimed listing's own address
    // once, with an invitation to claim it.
    const toOwner = await mailTo(movers.a.ownerEmail, lead.publicId);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toBe(
      `New quote request for ${movers.a.company.name}: Ada Lovelace, Chicago, IL 60601 to Austin, TX 73301`,
    );
    expect(toOwner[0]!.text_body).toContain(
      `/pro/companies/${movers.a.company.id}/leads/${lead.id}`,
    );
    expect(toOwner[0]!.text_body).toContain(formatPhone(lead.phone));
    const toListing = await mailTo(unclaimed.email, lead.publicId);
    expect(toListing).toHaveLength(1);
    expect(toListing[0]!.text_body).toContain(`/claim/${unclaimed.slug}`);
    expect(toListing[0]!.text_body).toContain('has not been claimed yet');
    expect(await mailTo(movers.c.ownerEmail, lead.publicId)).toHaveLength(0);

    // The lead's page in A's inbox says how it reached A, and only A.
    const page = await movers.a.owner.request(
      proCompanyPath(movers.a.company.id, `leads/${lead.id}`),
    );
    expect(page.status).toBe(200);
    const { deliveries } = ProLeadDetailSchema.parse(await page.json());
    expect(deliveries.map((d) => [d.companyId, d.channel, d.status, d.attempts])).toEqual([
      [movers.a.company.id, 'email', 'delivered', 1],
      [movers.a.company.id, 'webhook', 'delivered', 1],
    ]);
    expect(deliveries[0]!.detail).toBe(`E-mailed to ${movers.a.ownerEmail}`);

    // B's delivery log: both attempts, the 500 in plain words, never the receiver's body.
    const log = await movers.b.owner.request(
      `${proDeliveriesPath(movers.b.company.id)}?channel=webhook`,
    );
    expect(log.status).toBe(200);
    const list = proDeliveryListSchema.parse(await log.json());
    expect(list.deliveries[0]).toMatchObject({
      leadId: lead.id,
      leadPublicId: lead.publicId,
      customerName: 'Ada Lovelace',
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
    });
    const card = await movers.b.owner.request(proWebhookPath(movers.b.company.id));
    const text = await card.text();
    expect(text).not.toContain('stack trace');
    const attempts = proWebhookSchema
      .parse(JSON.parse(text))
      .attempts.filter((a) => a.deliveryId === list.deliveries[0]!.id);
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.outcome])).toEqual([
      [2, 200, 'delivered'],
      [1, 500, 'rejected'],
    ]);
    expect(attempts[1]!.error).toBe(
      'Your server answered 500: only a 2xx answer counts as received',
    );
  });

  it('sends a retry with the same key when the answer came after the time limit', async () => {
    receiver.set(movers.a.path, { kind: 'late', ms: 2500, times: 1 });
    const lead = await submit([movers.a.company]);
    await settled(lead.id);
    const calls = receiver.to(movers.a.path).filter((c) => c.body.includes(lead.publicId));
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.headers['idempotency-key']))).toEqual(
      new Set([`${lead.publicId}-${movers.a.company.id}`]),
    );
    const [delivery] = (await deliveriesOf(lead.id)).filter((d) => d.channel === 'webhook');
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
    const outcomes = (await db('webhook_attempts')
      .join('lead_deliveries as d', 'd.id', 'webhook_attempts.delivery_id')
      .where('d.lead_id', lead.id)
      .orderBy('webhook_attempts.id')
      .pluck('outcome')) as string[];
    expect(outcomes).toEqual(['timeout', 'delivered']);
  });

  it('gives up after the last attempt, and the owner can send it again with the same key', async () => {
    receiver.set(movers.a.path, { kind: 'fail', status: 503 });
    const lead = await submit([movers.a.company]);
    await settled(lead.id);
    const [failed] = (await deliveriesOf(lead.id)).filter((d) => d.channel === 'webhook');
    // Four attempts (WEBHOOK_RETRY_DELAYS_MS has three waits), then the dead letter.
    expect(failed).toMatchObject({ status: 'failed', attempts: 4, last_status_code: 503 });
    const ours = () => receiver.to(movers.a.path).filter((c) => c.body.includes(lead.publicId));
    expect(ours()).toHaveLength(4);

    const list = proDeliveryListSchema.parse(
      await (
        await movers.a.owner.request(`${proDeliveriesPath(movers.a.company.id)}?status=failed`)
      ).json(),
    );
    const entry = list.deliveries.find((d) => d.leadId === lead.id && d.channel === 'webhook')!;
    expect(entry.detail).toBe('Your server answered 503: only a 2xx answer counts as received');

    // Staff may read the log but not send again; the owner may.
    const refused = await staffOfA.request(proRedeliverPath(movers.a.company.id, entry.id), {
      method: 'POST',
    });
    expect(refused.status).toBe(403);
    const elsewhere = await movers.b.owner.request(
      proRedeliverPath(movers.b.company.id, entry.id),
      {
        method: 'POST',
      },
    );
    expect(elsewhere.status).toBe(404);
    receiver.set(movers.a.path, { kind: 'ok' });
    const again = await movers.a.owner.request(proRedeliverPath(movers.a.company.id, entry.id), {
      method: 'POST',
    });
    expect(again.status).toBe(202);
    await settled(lead.id);
    const [redelivered] = (await deliveriesOf(lead.id)).filter((d) => d.channel === 'webhook');
    expect(redelivered).toMatchObject({ status: 'delivered', attempts: 5 });
    expect(ours()).toHaveLength(5);
    expect(new Set(ours().map((c) => c.headers['idempotency-key'])).size).toBe(1);
    const audit = (await db('audit_events')
      .where({ action: 'lead.delivery.redeliver', entity_id: String(lead.id) })
      .select('actor_username')) as Array<{ actor_username: string }>;
    expect(audit).toEqual([{ actor_username: movers.a.ownerEmail }]);
  });

  it('never delivers to a mover whose consent was withdrawn before the delivery', async () => {
    // Accepted with its deliveries held back until the withdrawal.
    const named = [movers.a.company, movers.b.company];
    const lead = await acceptHeldLead(
      database.config,
      db,
      {
        selected_companies: JSON.stringify(named.map(({ id, name }) => ({ id, name }))),
        consent_text: consentText(named.map((c) => c.name)),
      },
      uuids,
      app.worker,
    );
    await db('company_leads')
      .where({ lead_id: lead.id, company_id: movers.a.company.id })
      .update({ consent_withdrawn_at: Date.now() });
    await lead.release();
    app.worker!.kick();
    await settled(lead.id);

    const rows = await deliveriesOf(lead.id);
    for (const row of rows.filter((r) => Number(r.company_id) === movers.a.company.id))
      expect(row).toMatchObject({
        status: 'cancelled',
        detail: 'The customer withdrew their consent for this company',
      });
    for (const row of rows.filter((r) => Number(r.company_id) === movers.b.company.id))
      expect(row.status).toBe('delivered');
    expect(receiver.to(movers.a.path).filter((c) => c.body.includes(lead.publicId))).toHaveLength(
      0,
    );
    expect(receiver.to(movers.b.path).filter((c) => c.body.includes(lead.publicId))).toHaveLength(
      1,
    );
    expect(await mailTo(movers.a.ownerEmail, lead.publicId)).toHaveLength(0);
    expect(await mailTo(movers.b.ownerEmail, lead.publicId)).toHaveLength(1);
    // A cancelled delivery cannot be sent again.
    const entry = (await db('lead_deliveries')
      .where({ lead_id: lead.id, company_id: movers.a.company.id, channel: 'webhook' })
      .first('id')) as { id: number };
    const again = await movers.a.owner.request(
      proRedeliverPath(movers.a.company.id, Number(entry.id)),
      { method: 'POST' },
    );
    expect(again.status).toBe(409);
  });

  it("keeps the webhook's address to public https, its secret to owners, and rotates it with a day's overlap", async () => {
    const { company, owner } = movers.c;
    for (const [url, words] of [
      ['ftp://hooks.example/x', 'only https:// addresses'],
      ['http://10.1.2.3/hook', 'a private network address'],
      ['https://169.254.169.254/latest', 'a reserved, link-local or multicast address'],
      ['https://user:pw@hooks.example/x', 'no user name or password'],
    ] as const) {
      const res = await owner.request(proWebhookPath(company.id), {
        method: 'PUT',
        body: JSON.stringify({ url, enabled: true }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(words);
    }
    const staffView = proWebhookSchema.parse(
      await (await staffOfA.request(proWebhookPath(movers.a.company.id))).json(),
    );
    expect(staffView.secret).toBeNull();
    expect(staffView.url).toBe(receiver.url(movers.a.path));
    const staffPut = await staffOfA.request(proWebhookPath(movers.a.company.id), {
      method: 'PUT',
      body: JSON.stringify({ url: receiver.url('/elsewhere'), enabled: true }),
    });
    expect(staffPut.status).toBe(403);

    const rotated = await owner.request(proWebhookSecretPath(company.id), { method: 'POST' });
    expect(rotated.status).toBe(200);
    const after: ProWebhook = proWebhookSchema.parse(await rotated.json());
    expect(after.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(after.secret).not.toBe(movers.c.secret);
    const until = Date.parse(after.previousSecretUntil!);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    // The test event: signed by both secrets during the overlap, marked as a test, logged.
    const tested = await owner.request(proWebhookTestPath(company.id), { method: 'POST' });
    expect(tested.status).toBe(200);
    const { attempt } = proWebhookTestResultSchema.parse(await tested.json());
    expect(attempt).toMatchObject({ eventType: 'test', statusCode: 200, outcome: 'delivered' });
    const call = receiver.to(movers.c.path).at(-1)!;
    const header = String(call.headers['moveratlas-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verify(call.body, header, after.secret!)).toBe(true);
    expect(verify(call.body, header, movers.c.secret)).toBe(true);
    expect(webhookEventSchema.parse(JSON.parse(call.body))).toMatchObject({
      type: 'test',
      test: true,
    });
    movers.c.secret = after.secret!;

    const actions = (await db('audit_events')
      .where({ entity_type: 'company', entity_id: String(company.id) })
      .where('action', 'like', 'company.webhook.%')
      .orderBy('id')
      .pluck('action')) as string[];
    expect(actions).toEqual(['company.webhook.create', 'company.webhook.rotate-secret']);
    const stored = (await db('audit_events')
      .where({ entity_id: String(company.id) })
      .where('action', 'like', 'company.webhook.%')
      .select('before_json', 'after_json', 'summary')) as Array<Record<string, string | null>>;
    expect(JSON.stringify(stored)).not.toContain('whsec_');
  });
});
