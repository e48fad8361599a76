/**
 * Accepting quote requests over HTTP: what is stored (lead, consent, status, outbox job — all or nothing),
 * idempotency on lead_uuid, validation, partners and CORS, the honeypot, rate limits and the other widget
 * endpoints. No worker runs here; lead-forwarding.test.ts covers delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENT_VERSION,
  consentText,
  MatchCompaniesResponseSchema,
  MatchedCompanySchema,
  phoneDigits,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { savePartner } from '../../src/features/partners/partners';
import { changeLeadStatus, leadStatusHistory } from '../../src/features/leads/status';
import { MOVE_DATE_WIRE } from './lead-form';
import {
  leadForm,
  leadUuid,
  removeLeads,
  removeSessions,
  startLeadApp,
  type LeadApp,
} from './support';

describe.each(testDatabases())('lead intake on $name', (database) => {
  let app: LeadApp;
  const uuids: string[] = [];
  const visitors: string[] = [];
  const form = (overrides: Record<string, string> = {}) => {
    const fields = leadForm(overrides);
    uuids.push(fields.lead_uuid!);
    return fields;
  };
  const stored = async (uuid: string) => {
    const lead = (await app.db('leads').where({ lead_uuid: uuid }).first()) as
      Record<string, unknown> | undefined;
    if (!lead) return { lead, consents: 0, history: 0, jobs: 0 };
    const count = async (q: Promise<unknown>) => Number(((await q) as { n: number }).n);
    return {
      lead,
      consents: await count(
        app.db('lead_consents').where({ lead_id: lead.id }).count({ n: '*' }).first(),
      ),
      history: await count(
        app.db('lead_status_history').where({ lead_id: lead.id }).count({ n: '*' }).first(),
      ),
      jobs: await count(
        app
          .db('jobs')
          .where({ type: 'lead.forward', payload: JSON.stringify({ leadId: lead.id }) })
          .count({ n: '*' })
          .first(),
      ),
    };
  };

  beforeAll(async () => {
    app = await startLeadApp(database.config, {
      CORS_ORIGINS: 'https://staging.moveratlas.example',
    });
  });
  afterAll(async () => {
    await removeLeads(app.db, uuids);
    await removeSessions(app.db, visitors);
    await app.db('partners').whereIn('site_id', ['test-partner', 'sleepy-partner']).delete();
    await app.close();
  });

  it('stores the lead, its consent, its first status and its outbox job, and answers our lead id', async () => {
    const fields = form({
      needs_auto_transport: '1',
      auto_year: '2019',
      auto_make: 'Honda',
      auto_model: 'Civic',
      auto_condition: 'running',
    });
    const res = await app.postForm('/api/proxy/send_lead', fields, {
      'user-agent': 'LeadTest/1.0',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const id = await res.text();
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);

    const { lead, consents, history, jobs } = await stored(fields.lead_uuid!);
    expect(lead).toMatchObject({
      public_id: id,
      site_id: 'moveratlas-directory',
      first_name: 'Ada',
      phone: phoneDigits(fields.phone_number!),
      move_date: MOVE_DATE_WIRE,
      number_of_rooms: 3,
      status: 'new',
      delivery_status: 'pending',
      ip_address: '127.0.0.1',
      user_agent: 'LeadTest/1.0',
    });
    expect(Boolean(lead!.needs_auto_transport)).toBe(true);
    expect(JSON.parse(lead!.auto_transport as string)).toEqual({
      year: '2019',
      make: 'Honda',
      model: 'Civic',
      condition: 'running',
    });
    const wire = JSON.parse(lead!.wire as string) as Record<string, string>;
    // The vehicle, and the movers the request may go to (issue 15): the backend has fields for neither.
    expect(wire.moving_quote_details).toBe(
      'Auto transport: 2019 Honda Civic (running)\n' +
        'Send only to the movers the visitor chose: Windy City Movers (id 101); Lakeshore Moving Co (id 102)',
    );
    expect({ consents, history, jobs }).toEqual({ consents: 1, history: 1, jobs: 1 });

    const consent = (await app.db('lead_consents').where({ lead_id: lead!.id }).first()) as Record<
      string,
      unknown
    >;
    expect(consent).toMatchObject({
      consent_version: CONSENT_VERSION,
      consent_text: consentText(['Windy City Movers', 'Lakeshore Moving Co']),
      ip_address: '127.0.0.1',
      user_agent: 'LeadTest/1.0',
      page_url: 'https://moveratlas.example/get-quotes',
    });
    expect(Boolean(consent.checkbox_checked)).toBe(true);
    expect(JSON.parse(consent.named_companies as string)).toEqual([
      { id: 101, name: 'Windy City Movers' },
      { id: 102, name: 'Lakeshore Moving Co' },
    ]);
    expect(consent.consented_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await leadStatusHistory(app.db, lead!.id as number)).toMatchObject([
      { fromStatus: null, toStatus: 'new' },
    ]);
  });

  it('answers a retried or double-clicked submit with the same id and stores it once', async () => {
    const fields = form();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app.postForm('/api/proxy/send_lead', fields)),
    );
    const ids = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(ids).size).toBe(1);
    const again = await app.postForm('/api/proxy/send_lead', {
      ...fields,
      first_name: 'Someone Else',
    });
    expect(await again.text()).toBe(ids[0]);
    expect(again.headers.get('x-lead-replay')).toBe('true');
    const { lead, consents, history, jobs } = await stored(fields.lead_uuid!);
    expect(lead!.first_name).toBe('Ada');
    expect({ consents, history, jobs }).toEqual({ consents: 1, history: 1, jobs: 1 });
    expect(
      Number(
        (
          (await app
            .db('leads')
            .where({ lead_uuid: fields.lead_uuid })
            .count({ n: '*' })
            .first()) as { n: number }
        ).n,
      ),
    ).toBe(1);
  });

  it('commits leads arriving together in one go, each answered with its own id', async () => {
    const forms = Array.from({ length: 40 }, () => form());
    const twice = forms[7]!;
    const answers = await Promise.all(
      [...forms, twice, twice].map(async (fields) => ({
        uuid: fields.lead_uuid!,
        id: await (await app.postForm('/api/proxy/send_lead', fields)).text(),
      })),
    );
    const rows = (await app
      .db('leads')
      .whereIn(
        'lead_uuid',
        forms.map((f) => f.lead_uuid!),
      )
      .select('lead_uuid', 'public_id')) as Array<{ lead_uuid: string; public_id: string }>;
    expect(rows).toHaveLength(40);
    const idOf = new Map(rows.map((r) => [r.lead_uuid, r.public_id]));
    for (const { uuid, id } of answers) expect(id).toBe(idOf.get(uuid));
    for (const f of forms.slice(0, 5)) expect((await stored(f.lead_uuid!)).jobs).toBe(1);
  });

  it.each([
    [{ first_name: 'A' }, /First name must be at least 2 characters/],
    [{ last_name: '  B ' }, /Last name must be at least 2 characters/],
    [{ email_address: 'ada@example' }, /E-mail address must be a valid e-mail address/],
    [{ phone_number: '312-555-010' }, /Phone number must have exactly 10 digits/],
    [{ from_location: '  ' }, /From location is required/],
    [{ to_location: '' }, /To location is required/],
    [{ to_zip: '7330' }, /To ZIP code must be five digits/],
    [{ move_date: '' }, /Move date is required/],
    [{ lead_uuid: 'short' }, /Lead UUID must be 8-64/],
    [
      { needs_auto_transport: 'true', auto_year: '2020', auto_make: 'Ford' },
      /Vehicle model is required when a vehicle is to be moved/,
    ],
    [{ consent_checked: '0' }, /The consent box must be ticked/],
    [
      { consent_text: 'I agree to anything' },
      /^The consent text does not match the movers you chose/,
    ],
    [
      { selected_companies: JSON.stringify([{ id: 1, name: 'Someone Not Named' }]) },
      /^The consent text does not match the movers you chose/,
    ],
    [{ consent_version: '2020-01-01' }, /Consent version must be one of/],
    // From consent version 2026-11-27 a request goes to at least one chosen mover (issue 15).
    [
      { selected_companies: '[]', consent_text: consentText([]) || 'x' },
      /^Choose at least one mover to send your request to\.$/,
    ],
    [{ sms_phone_validation: 'yes' }, /SMS phone validation must be 0 or 1/],
  ])('refuses %o with 400 naming the field, storing nothing', async (change, message) => {
    const fields = form(change as Record<string, string>);
    const res = await app.postForm('/api/proxy/send_lead', fields);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    expect((await stored(fields.lead_uuid!)).lead).toBeUndefined();
  });

  it('refuses bodies of the wrong type or size, and repeated fields', async () => {
    const fields = form();
    const asJson = await app.postJson('/api/proxy/send_lead', fields);
    expect(asJson.status).toBe(415);
    expect(await asJson.json()).toEqual({ error: expect.stringMatching(/form-encoded/) });
    const huge = await app.postForm('/api/proxy/send_lead', {
      ...fields,
      moving_quote_details: 'x'.repeat(40_000),
    });
    expect(huge.status).toBe(413);
    const repeated = await fetch(`${app.baseUrl}/api/proxy/send_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${new URLSearchParams(fields).toString()}&first_name=Eve`,
    });
    expect(repeated.status).toBe(400);
    expect(((await repeated.json()) as { error: string }).error).toMatch(/^First name /);
    expect((await stored(fields.lead_uuid!)).lead).toBeUndefined();
  });

  it('answers a bot that fills the honeypot as if all went well, and stores nothing', async () => {
    const fields = form({ company_website: 'http://spam.example' });
    const res = await app.postForm('/api/proxy/send_lead', fields);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^[0-9A-Z]{10}$/);
    expect((await stored(fields.lead_uuid!)).lead).toBeUndefined();
  });

  it('attributes leads to the partner whose origin sent them and refuses unknown origins', async () => {
    const fromDemo = form({ website: '' });
    const res = await app.postForm('/api/proxy/send_lead', fromDemo, {
      origin: 'http://localhost:4000',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4000');
    expect((await stored(fromDemo.lead_uuid!)).lead!.site_id).toBe('demo-partner');

    const ours = form();
    await app.postForm('/api/proxy/send_lead', ours, {
      origin: 'https://staging.moveratlas.example',
    });
    expect((await stored(ours.lead_uuid!)).lead!.site_id).toBe('moveratlas-directory');

    const evil = form({ website: 'demo-partner' });
    const refused = await app.postForm('/api/proxy/send_lead', evil, {
      origin: 'https://evil.example',
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/Origin https:\/\/evil\.example is not an active partner site/),
    });

    const noOrigin = form({ website: 'nobody' });
    const unknownSite = await app.postForm('/api/proxy/send_lead', noOrigin);
    expect(unknownSite.status).toBe(403);
    expect(await unknownSite.json()).toEqual({
      error: 'website "nobody" is not an active partner site',
    });
    expect((await stored(evil.lead_uuid!)).lead).toBeUndefined();
    expect((await stored(noOrigin.lead_uuid!)).lead).toBeUndefined();
  });

  it('lets CORS and attribution follow the partners table: new partners in, inactive ones out', async () => {
    const preflight = (origin: string) =>
      fetch(`${app.baseUrl}/api/proxy/session_send_bq`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    expect(
      (await preflight('https://partner.test')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    await savePartner(app.db, {
      siteId: 'test-partner',
      name: 'Test partner',
      allowedOrigins: ['https://partner.test'],
      active: true,
    });
    await savePartner(app.db, {
      siteId: 'sleepy-partner',
      name: 'Inactive',
      allowedOrigins: ['https://sleepy.test'],
      active: false,
    });
    app.partners.clear();
    expect(
      (await preflight('https://partner.test')).headers.get('access-control-allow-origin'),
    ).toBe('https://partner.test');
    expect(
      (await preflight('https://sleepy.test')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    const places = await fetch(`${app.baseUrl}/api/geo/places?q=606`, {
      headers: { origin: 'https://partner.test' },
    });
    expect(places.headers.get('access-control-allow-origin')).toBe('https://partner.test');

    const fields = form({ website: '' });
    expect(
      (await app.postForm('/api/proxy/send_lead', fields, { origin: 'https://partner.test' }))
        .status,
    ).toBe(200);
    expect((await stored(fields.lead_uuid!)).lead!.site_id).toBe('test-partner');
    const sleepy = form({ website: 'sleepy-partner' });
    expect((await app.postForm('/api/proxy/send_lead', sleepy)).status).toBe(403);
  });

  it('answers the visitor address as it sees it, and never from a cache', async () => {
    const res = await app.get('/api/ip');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ip: '127.0.0.1' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const spoofed = await fetch(`${app.baseUrl}/api/ip`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(await spoofed.json()).toEqual({ ip: '127.0.0.1' });

    const behindProxy = await startLeadApp(database.config, { TRUST_PROXY: '1' });
    try {
      for (const ip of ['203.0.113.7', '198.51.100.4']) {
        const r = await fetch(`${behindProxy.baseUrl}/api/ip`, {
          headers: { 'x-forwarded-for': `10.9.9.9, ${ip}` },
        });
        expect(await r.json()).toEqual({ ip });
      }
    } finally {
      await behindProxy.close();
    }
  });

  it('limits requests per IP with 429, Retry-After and a JSON error, without touching other visitors', async () => {
    const limited = await startLeadApp(database.config, {
      TRUST_PROXY: '1',
      RATE_LIMIT_LEADS: '2',
      RATE_LIMIT_MATCHES: '1',
    });
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const other = `203.0.113.${Math.floor(Math.random() * 250)}`;
    try {
      for (let i = 0; i < 2; i++) {
        const res = await limited.postForm('/api/proxy/send_lead', form(), {
          'x-forwarded-for': ip,
        });
        expect(res.status).toBe(200);
      }
      const third = form();
      const res = await limited.postForm('/api/proxy/send_lead', third, {
        'x-forwarded-for': ip,
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({
        error: expect.stringMatching(
          /^Too many quote requests from this address; please try again in \d+ seconds$/,
        ),
      });
      expect((await stored(third.lead_uuid!)).lead).toBeUndefined();
      expect(
        (await limited.postForm('/api/proxy/send_lead', form(), { 'x-forwarded-for': other }))
          .status,
      ).toBe(200);
      const body = { from_zip: '60601' };
      expect(
        (await limited.postJson('/api/proxy/match_companies', body, { 'x-forwarded-for': ip }))
          .status,
      ).toBe(200);
      expect(
        (await limited.postJson('/api/proxy/match_companies', body, { 'x-forwarded-for': ip }))
          .status,
      ).toBe(429);
    } finally {
      await limited
        .db('rate_limit_hits')
        .where('key', 'like', `%${ip}`)
        .orWhere('key', 'like', `%${other}`)
        .delete();
      await limited.close();
    }
  });

  it('records a session with our id and queues it for the backend', async () => {
    const visitor = leadUuid('visitor');
    visitors.push(visitor);
    const res = await app.postJson('/api/proxy/session_send_bq', {
      uuid: visitor,
      hostname: 'moveratlas.example',
      origin: 'https://moveratlas.example',
      gclid: 'abc',
      location_href: 'https://moveratlas.example/get-quotes?gclid=abc',
      website: 'moveratlas-directory',
      ip_address: '1.2.3.4',
    });
    expect(res.status).toBe(200);
    const { session_id } = (await res.json()) as { session_id: string };
    expect(session_id).toMatch(/^[0-9a-f-]{36}$/);
    const row = (await app.db('visitor_sessions').where({ session_id }).first()) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      visitor_uuid: visitor,
      site_id: 'moveratlas-directory',
      ip_address: '127.0.0.1',
      delivery_status: 'pending',
    });
    expect(JSON.parse(row.wire as string)).toMatchObject({
      gclid: 'abc',
      ip_address: '127.0.0.1',
      website_version: '1.0',
    });

    expect((await app.postJson('/api/proxy/session_send_bq', [1, 2])).status).toBe(400);
    expect(
      (
        await app.postJson('/api/proxy/session_send_bq', {
          uuid: 42,
          website: 'moveratlas-directory',
        })
      ).status,
    ).toBe(400);
    const text = await fetch(`${app.baseUrl}/api/proxy/session_send_bq`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(415);
  });

  it('stores the analytics copy once per lead, prefixed fields normalised', async () => {
    const uuid = leadUuid();
    uuids.push(uuid);
    const copy = {
      lead_uuid: uuid,
      lead_first_name: 'Ada',
      lead_move_date: '2026-12-15',
      lead_website: 'moveratlas-directory',
      lead_size: '2-3br',
    };
    for (let i = 0; i < 2; i++) {
      const res = await app.postForm('/api/proxy/lead_send_bq', copy);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    const rows = (await app.db('lead_analytics').where({ lead_uuid: uuid })) as Array<{
      wire: string;
    }>;
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.wire)).toMatchObject({
      lead_uuid: uuid,
      lead_move_date: '12/15/2026',
      lead_from_country: 'US',
      lead_to_country: 'US',
      lead_website: 'moveratlas-directory',
      lead_website_version: '1.0',
      lead_ip_address: '127.0.0.1',
      lead_sms_phone_validation: '1',
    });
    const missing = await app.postForm('/api/proxy/lead_send_bq', { lead_first_name: 'Ada' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'Lead UUID is required' });
  });

  it('matches movers that serve the origin and offer the service the move needs, best first', async () => {
    const res = await app.postJson('/api/proxy/match_companies', {
      from_zip: '60601',
      from_city: 'Chicago',
      from_state: 'IL',
      to_zip: '73301',
      to_state: 'TX',
      move_size: '2-3br',
      lead_uuid: leadUuid(),
      website: 'moveratlas-directory',
    });
    expect(res.status).toBe(200);
    const answer = MatchCompaniesResponseSchema.strict().parse(await res.json());
    expect(answer.is_fallback).toBe(false);
    expect(answer.ping_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.companies).toHaveLength(5);
    for (const company of answer.companies) {
      MatchedCompanySchema.strict().parse(company);
      expect(company.services).toContain('Long Distance Moving');
      expect(company.city).toBe('Chicago');
    }
    // Chicago has 64 movers: the same-city band holds all five, ranked by featured, then the confidence-
    // weighted rank score (decision 020), then the review count.
    const ids = answer.companies.map((c) => c.id as number);
    const rows = (await app
      .db('companies')
      .whereIn('id', ids)
      .select('id', 'is_featured', 'rank_score', 'review_count')) as Array<{
      id: number;
      is_featured: number;
      rank_score: number | string | null;
      review_count: number;
    }>;
    const byRank = [...rows].sort(
      (a, b) =>
        Number(Boolean(b.is_featured)) - Number(Boolean(a.is_featured)) ||
        Number(b.rank_score ?? -1) - Number(a.rank_score ?? -1) ||
        b.review_count - a.review_count ||
        a.id - b.id,
    );
    expect(ids).toEqual(byRank.map((r) => r.id));

    const office = (await (
      await app.postJson('/api/proxy/match_companies', {
        from_zip: '60601',
        to_zip: '60614',
        move_size: 'commercial',
      })
    ).json()) as { companies: Array<{ services: string[] }> };
    expect(office.companies.length).toBeGreaterThan(0);
    expect(office.companies.every((c) => c.services.includes('Commercial Moving'))).toBe(true);

    const small = (await (
      await app.postJson('/api/proxy/match_companies', {
        from_city: 'Chicago',
        from_state: 'Illinois',
        to_state: 'IL',
      })
    ).json()) as { companies: Array<{ services: string[]; distance_miles: number }> };
    expect(small.companies).toHaveLength(5);
    expect(small.companies.every((c) => c.services.includes('Local Moving'))).toBe(true);

    const nowhere = (await (
      await app.postJson('/api/proxy/match_companies', { from_zip: '00000' })
    ).json()) as { companies: unknown[]; is_fallback: boolean };
    // A ZIP we do not know is a place not understood (the visitor is asked again), not a failed match.
    expect(nowhere).toMatchObject({
      companies: [],
      is_fallback: false,
      places_not_understood: ['from'],
    });
    const bad = await app.postJson('/api/proxy/match_companies', { from_zip: '6060' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'From ZIP code must be five digits' });
  });

  it('ranks rural origins by distance bands and only movers whose service radius reaches the origin', async () => {
    // A small town: few or no movers in the town itself, so farther bands fill the list.
    const zip = (await app
      .db('zip_codes as z')
      .join('cities as ci', 'ci.id', 'z.city_id')
      .leftJoin('companies as c', 'c.city_id', 'ci.id')
      .whereNull('c.id')
      .whereBetween('z.lat', [38, 42])
      .whereBetween('z.lng', [-92, -86])
      .first('z.zip')) as { zip: string };
    const res = await app.postJson('/api/proxy/match_companies', {
      from_zip: zip.zip,
      to_state: 'IL',
    });
    const answer = MatchCompaniesResponseSchema.parse(await res.json());
    const distances = answer.companies.map((c) => c.distance_miles ?? 0);
    expect(distances.length).toBeGreaterThan(0);
    const band = (d: number) => [25, 60, 120, 250].findIndex((edge) => d <= edge);
    // Distances are shown to a tenth of a mile: one just past an edge (60.04) shows as the edge (60.0).
    for (let i = 1; i < distances.length; i++)
      expect(band(distances[i - 1]! - 0.05)).toBeLessThanOrEqual(band(distances[i]! + 0.05));
  });

  it('answers the two stand-in companies, flagged, when matching itself fails', async () => {
    const broken = await startLeadApp({ client: 'sqlite', filename: ':memory:' });
    try {
      const res = await broken.postJson('/api/proxy/match_companies', { from_zip: '60601' });
      expect(res.status).toBe(200);
      const answer = MatchCompaniesResponseSchema.strict().parse(await res.json());
      expect(answer.is_fallback).toBe(true);
      expect(answer.companies.map((c) => c.id)).toEqual(['fallback-1', 'fallback-2']);
      expect(answer.ping_id).toMatch(/^fallback-/);
    } finally {
      await broken.close();
    }
  });

  it('keeps a history of status changes', async () => {
    const fields = form();
    await app.postForm('/api/proxy/send_lead', fields);
    const { lead } = await stored(fields.lead_uuid!);
    const id = lead!.id as number;
    expect(
      await changeLeadStatus(app.db, id, 'contacted', {
        changedBy: 'ops',
        note: 'left a voicemail',
      }),
    ).toMatchObject({ fromStatus: 'new', toStatus: 'contacted' });
    expect(await changeLeadStatus(app.db, id, 'contacted')).toBeUndefined();
    await changeLeadStatus(app.db, id, 'quoted');
    expect(
      (await leadStatusHistory(app.db, id)).map((h) => [h.fromStatus, h.toStatus, h.changedBy]),
    ).toEqual([
      [null, 'new', null],
      ['new', 'contacted', 'ops'],
      ['contacted', 'quoted', null],
    ]);
    expect((await app.db('leads').where({ id }).first('status')) as { status: string }).toEqual({
      status: 'quoted',
    });
  });
});
