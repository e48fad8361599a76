/**
 * Lead quality (issue 18), on every test database: a visitor's phone must be a US number in use (the
 * fictional 555-01xx range only from a test partner); a throwaway e-mail domain is flagged, not refused; the
 * same phone or address within 30 days is linked as a repeat and never reaches the same mover twice — the
 * visitor's page still names that mover and can stop it; a mover returns a lead with a reason, staff accept
 * or refuse it with theirs, the mover is told by e-mail, and an accepted return leaves the lead limits.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminLeadDetailSchema,
  AdminLeadReturnListSchema,
  adminLeadReturnDecisionPath,
  ADMIN_LEAD_RETURNS_API,
  consentText,
  MY_REQUEST_API,
  MY_REQUEST_WITHDRAW_API,
  myRequestSchema,
  proCompanyPath,
  ProLeadDetailSchema,
  proLeadPreferencesPath,
  proLeadPreferencesSchema,
  proLeadReturnPath,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { createMover, removeMovers, signInMover, type MoverClient } from '../support/mover';
import { createProCompany } from '../pro/pro-support';
import { leadForm, newVisitor, removeLeads, startLeadApp, waitFor, type LeadApp } from './support';

const RUN = randomUUID().slice(0, 8);

describe.each(testDatabases())('lead quality on $name', (database) => {
  let app: LeadApp;
  let db: Knex;
  let admin: AdminClient;
  const movers: Array<{
    company: { id: number; name: string };
    owner: MoverClient;
    email: string;
  }> = [];
  const moverIds: number[] = [];
  const uuids: string[] = [];

  beforeAll(async () => {
    app = await startLeadApp(database.config, {}, { worker: true });
    db = app.db;
    admin = await loginAsAdmin(app.baseUrl);
    for (const key of ['A', 'B', 'C']) {
      const company = await createProCompany(db, `Quality ${key} ${RUN}`);
      const owner = await createMover(db, { companyId: company.id, role: 'owner' });
      moverIds.push(owner.id);
      movers.push({
        company,
        owner: await signInMover(app.baseUrl, owner),
        email: owner.email,
      });
    }
  });

  afterAll(async () => {
    if (!app) return;
    await removeLeads(db, uuids);
    await db('companies')
      .whereIn(
        'id',
        movers.map((m) => m.company.id),
      )
      .delete();
    await removeMovers(db, moverIds);
    await app.close();
  });

  const [A, B, C] = [0, 1, 2] as const;

  /** Posts a request naming `chosen`; answers the HTTP status, the error and the stored lead. */
  async function send(chosen: readonly number[], overrides: Record<string, string> = {}) {
    const named = chosen.map((i) => ({ id: movers[i]!.company.id, name: movers[i]!.company.name }));
    const form = leadForm({
      selected_companies: JSON.stringify(named),
      consent_text: consentText(named.map((c) => c.name)),
      ...overrides,
    });
    uuids.push(form.lead_uuid!);
    const res = await app.postForm('/api/proxy/send_lead', form);
    const body = await res.text();
    const lead = (await db('leads').where({ lead_uuid: form.lead_uuid }).first()) as
      Record<string, unknown> | undefined;
    return {
      status: res.status,
      error: res.status === 200 ? undefined : (JSON.parse(body) as { error: string }).error,
      id: lead ? Number(lead.id) : 0,
      publicId: lead ? String(lead.public_id) : '',
      form,
    };
  }

  const inbox = async (i: number) =>
    (
      (await db('company_leads')
        .where({ company_id: movers[i]!.company.id })
        .pluck('lead_id')) as number[]
    ).map(Number);

  const moverDetail = async (i: number, leadId: number) => {
    const res = await movers[i]!.owner.request(
      proCompanyPath(movers[i]!.company.id, `leads/${leadId}`),
    );
    expect(res.status).toBe(200);
    return ProLeadDetailSchema.parse(await res.json());
  };

  const staffDetail = async (leadId: number) => {
    const res = await admin.request(`/api/admin/leads/${leadId}`);
    expect(res.status).toBe(200);
    return AdminLeadDetailSchema.parse(await res.json());
  };

  it('refuses a fictional or unused phone number in words, and takes 555-01xx only from a test partner', async () => {
    const fictional = await send([A], { phone_number: '(312) 555-0142' });
    expect(fictional.status).toBe(400);
    expect(fictional.error).toBe(
      'Phone number 555-01xx is a made-up number that no mover can call. Please enter your own phone number.',
    );
    // Ten digits, but no US area code 123.
    const unused = await send([A], { phone_number: '(123) 456-7890' });
    expect(unused.status).toBe(400);
    expect(unused.error).toBe(
      'Phone number is not a US phone number in use. Please check the area code and the number.',
    );
    expect(
      await db('leads').whereIn('lead_uuid', [fictional.form.lead_uuid!, unused.form.lead_uuid!]),
    ).toEqual([]);

    const qa = await send([A], { phone_number: '(312) 555-0142', website: 'qa-test' });
    expect(qa.status).toBe(200);
    const quality = (await staffDetail(qa.id)).quality;
    expect(quality.flags).toEqual(['sample-phone']);
    expect(quality.notes).toEqual([
      'The phone number is in the 555-01xx range kept for fiction: this is sample data, not a real request.',
    ]);
  });

  it('flags a throwaway e-mail domain for staff and the mover, and accepts the request', async () => {
    const sent = await send([A], { email_address: `someone.${RUN}@Mailinator.com` });
    expect(sent.status).toBe(200);
    const expected = [
      'The e-mail address is at mailinator.com, a throwaway-mail service: it may stop working soon, so call first.',
    ];
    const staff = await staffDetail(sent.id);
    expect(staff.quality).toEqual({ flags: ['disposable-email'], notes: expected, repeatOf: null });
    expect((await moverDetail(A, sent.id)).quality.notes).toEqual(expected);

    const clean = await send([A]);
    expect((await moverDetail(A, clean.id)).quality).toEqual({
      flags: [],
      notes: [
        'Nothing to note: a US phone number in use, a lasting e-mail address, and the first request from this person in 30 days.',
      ],
      repeatOf: null,
    });
  });

  it('links a repeat within 30 days and never sends it to a mover that has the first', async () => {
    const visitor = newVisitor();
    const first = await send([A, B], { phone_number: visitor.phone });
    expect(first.status).toBe(200);
    // The same phone, another address; then the first address in capitals and another phone.
    const second = await send([B, C], { phone_number: visitor.phone });
    const third = await send([A, C], {
      email_address: first.form.email_address!.toUpperCase(),
    });
    for (const r of [second, third]) expect(r.status).toBe(200);

    expect(await inbox(A)).toContain(first.id);
    expect(await inbox(B)).toContain(first.id);
    // The second (the first's phone) skips B, which has the first; the third (its address) skips A.
    expect(await inbox(B)).not.toContain(second.id);
    expect(await inbox(C)).toContain(second.id);
    expect(await inbox(A)).not.toContain(third.id);
    expect(await inbox(C)).toContain(third.id);
    // Nothing to deliver to the movers skipped: no e-mail, no webhook.
    const deliveredTo = async (leadId: number) =>
      (
        (await db('lead_deliveries').where({ lead_id: leadId }).distinct('company_id')) as Array<{
          company_id: number;
        }>
      ).map((r) => Number(r.company_id));
    expect(await deliveredTo(second.id)).toEqual([movers[C]!.company.id]);
    expect(await deliveredTo(third.id)).toEqual([movers[C]!.company.id]);

    const leads = (await db('leads')
      .whereIn('id', [second.id, third.id])
      .orderBy('id')
      .select('repeat_of_lead_id')) as Array<{ repeat_of_lead_id: number }>;
    expect(leads.map((l) => Number(l.repeat_of_lead_id))).toEqual([first.id, first.id]);

    const staff = await staffDetail(second.id);
    expect(staff.quality.flags).toEqual(['repeat']);
    expect(staff.quality.repeatOf?.publicId).toBe(first.publicId);
    expect(staff.quality.notes[0]).toMatch(
      new RegExp(
        `^Repeat request: the same phone number or e-mail address asked for quotes on \\w+ \\d+, \\d{4} \\(request ${first.publicId}\\)\\. Not sent again to Quality B ${RUN}, which had the earlier request\\.$`,
      ),
    );
    // The mover it reached reads that the person asked others too, never the other request's id.
    const forC = await moverDetail(C, second.id);
    expect(forC.quality.repeatOf).toBeNull();
    expect(forC.quality.notes).toEqual([
      expect.stringMatching(/^This person also asked other movers for quotes on \w+ \d+, \d{4}\.$/),
    ]);

    // The earlier request deleted (its deletion clears the link: ON DELETE SET NULL): still a repeat when it
    // arrived, and the note says so rather than "nothing to note".
    await db('leads').where({ id: second.id }).update({ repeat_of_lead_id: null });
    const orphan = await staffDetail(second.id);
    expect(orphan.quality.flags).toEqual(['repeat']);
    expect(orphan.quality.repeatOf).toBeNull();
    expect(orphan.quality.notes[0]).toBe(
      `Repeat request: the same phone number or e-mail address asked for quotes in the 30 days before, in a request since deleted. Not sent again to Quality B ${RUN}, which had the earlier request.`,
    );
    expect((await moverDetail(C, second.id)).quality.notes).toEqual([
      'This person also asked other movers for quotes in the last 30 days.',
    ]);
  });

  it('names the mover not sent again on the visitor’s page, and stops it on the request it has', async () => {
    const visitor = newVisitor();
    const first = await send([A], { email_address: visitor.email });
    const second = await send([A, B], { email_address: visitor.email });
    expect(await inbox(A)).not.toContain(second.id);
    // The confirmation of the second request carries its private link.
    const mailOf = () =>
      db('mail_messages')
        .where({ to_address: visitor.email, template: 'visitor-confirmation' })
        .whereRaw('text_body LIKE ?', [`%${second.publicId}%`])
        .first('text_body') as Promise<{ text_body: string } | undefined>;
    await waitFor(async () => (await mailOf()) !== undefined, 15_000, 'the confirmation');
    const token = /\/my-request#t=([A-Za-z0-9_-]{43})/.exec((await mailOf())!.text_body)![1]!;

    const post = async (path: string, body: unknown) => {
      const res = await app.postJson(path, body);
      expect(res.status).toBe(200);
      return myRequestSchema.parse(await res.json());
    };
    const view = await post(MY_REQUEST_API, { token });
    const stateOf = (v: typeof view, i: number) =>
      v.movers.find((m) => m.companyId === movers[i]!.company.id)?.state;
    expect(stateOf(view, A)).toBe('earlier');
    expect(stateOf(view, B)).toMatch(/^(waiting|sent)$/);

    const after = await post(MY_REQUEST_WITHDRAW_API, { token, companyId: movers[A]!.company.id });
    expect(stateOf(after, A)).toBe('withdrawn');
    // Recorded on the request A has: its inbox row is marked, and the withdrawal is the first request's.
    const row = (await db('company_leads')
      .where({ lead_id: first.id, company_id: movers[A]!.company.id })
      .first('consent_withdrawn_at')) as { consent_withdrawn_at: unknown };
    expect(row.consent_withdrawn_at).not.toBeNull();
    expect(
      await db('lead_consent_withdrawals')
        .where({ company_id: movers[A]!.company.id })
        .whereIn('lead_id', [first.id, second.id])
        .pluck('lead_id'),
    ).toEqual([first.id]);
  });

  it('lets a mover return a lead with a reason, and staff accept or refuse it with theirs', async () => {
    const lead = await send([B, C]);
    const path = proLeadReturnPath(movers[C]!.company.id, lead.id);
    const ask = (client: MoverClient, body: unknown, to = path) =>
      client.request(to, { method: 'POST', body: JSON.stringify(body) });

    const vague = await ask(movers[C]!.owner, { reason: 'other', note: ' ' });
    expect(vague.status).toBe(400);
    expect(((await vague.json()) as { error: string }).error).toMatch(
      /Tell us the reason in a few words/,
    );
    // A company the lead did not name cannot return it.
    expect(
      (
        await ask(
          movers[A]!.owner,
          { reason: 'duplicate' },
          proLeadReturnPath(movers[A]!.company.id, lead.id),
        )
      ).status,
    ).toBe(404);

    const asked = await ask(movers[C]!.owner, {
      reason: 'wrong-phone',
      note: 'Disconnected tone.',
    });
    expect(asked.status).toBe(201);
    const detail = ProLeadDetailSchema.parse(await asked.json());
    expect(detail.return).toMatchObject({
      status: 'requested',
      reason: 'wrong-phone',
      note: 'Disconnected tone.',
      requestedBy: 'Test Mover',
      decisionNote: null,
    });
    const again = await ask(movers[C]!.owner, { reason: 'duplicate' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(
      'You have already asked to return this lead: our staff will answer soon.',
    );

    // Staff's queue shows it waiting, with the lead and the company.
    const list = AdminLeadReturnListSchema.parse(
      await (await admin.request(`${ADMIN_LEAD_RETURNS_API}?status=requested`)).json(),
    );
    const waiting = list.returns.find((r) => r.id === detail.return!.id);
    expect(waiting).toMatchObject({
      reason: 'wrong-phone',
      company: { id: movers[C]!.company.id, name: movers[C]!.company.name },
      lead: { id: lead.id, publicId: lead.publicId, qualityFlags: [] },
    });
    // The queue reads a lead's flags as the lists and the lead's page do: the sample range from the number
    // itself (as a sample lead's, which never went through the arrival checks).
    await db('leads').where({ id: lead.id }).update({ phone: '3125550142' });
    const sample = AdminLeadReturnListSchema.parse(
      await (await admin.request(`${ADMIN_LEAD_RETURNS_API}?status=requested`)).json(),
    ).returns.find((r) => r.id === detail.return!.id);
    expect(sample?.lead.qualityFlags).toEqual(['sample-phone']);

    const decide = (body: unknown) =>
      admin.request(adminLeadReturnDecisionPath(detail.return!.id), {
        method: 'POST',
        body: JSON.stringify(body),
      });
    const unexplained = await decide({ decision: 'accept', note: '' });
    expect(unexplained.status).toBe(400);
    expect(((await unexplained.json()) as { error: string }).error).toMatch(
      /Write the reason the mover will read/,
    );

    // Before: the lead counts against C's limits; after the accepted return it does not.
    const counted = async () =>
      proLeadPreferencesSchema.parse(
        await (
          await movers[C]!.owner.request(proLeadPreferencesPath(movers[C]!.company.id))
        ).json(),
      ).leadsLastDay;
    const before = await counted();
    const accepted = await decide({ decision: 'accept', note: 'The number is not in service.' });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({
      status: 'accepted',
      decisionNote: 'The number is not in service.',
    });
    expect(await counted()).toBe(before - 1);
    expect((await decide({ decision: 'refuse', note: 'Changed my mind.' })).status).toBe(409);

    // The mover reads the answer on the lead and by e-mail; both writes are in the audit trail.
    expect((await moverDetail(C, lead.id)).return).toMatchObject({
      status: 'accepted',
      decisionNote: 'The number is not in service.',
    });
    const mail = (await db('mail_messages')
      .where({ to_address: movers[C]!.email, template: 'lead-return-decided' })
      .select('subject', 'text_body')) as Array<{ subject: string; text_body: string }>;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Your return of lead ${lead.publicId} is accepted`);
    expect(mail[0]!.text_body).toContain('Our reason: The number is not in service.');
    const audit = (await db('audit_events')
      .whereIn('action', ['company_lead.return-request', 'lead_return.decide'])
      .where('company_id', movers[C]!.company.id)
      .orderBy('id')
      .pluck('action')) as string[];
    expect(audit).toEqual(['company_lead.return-request', 'lead_return.decide']);
  });
});
