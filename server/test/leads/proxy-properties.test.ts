/**
 * Property-based: arbitrary and hostile payloads at every widget endpoint. Whatever arrives, the answer is a
 * deliberate 2xx or 4xx (never a 500), and a lead is either stored whole — with its consent, first status and
 * outbox job — or not at all.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAD_ANALYTICS_FIELDS,
  MatchCompaniesResponseSchema,
  SEND_LEAD_FIELDS,
  SESSION_TRACKING_FIELDS,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import {
  leadForm,
  leadUuid,
  removeLeads,
  removeSessions,
  startLeadApp,
  type LeadApp,
} from './support';

const DELIBERATE = new Set([200, 400, 403, 413, 415]);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);

/** Text that has broken servers before: SQL, markup, control and astral characters, huge and odd numbers. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE leads; --',
    '<script>alert(1)</script>',
    '\u0000',
    '😀'.repeat(30),
    '%00%27',
    '{"$gt": ""}',
    '[]',
    '1e309',
    '-1',
    'NaN',
    ' ',
    '',
    '99999999999999999999999',
    '2026-02-30',
    '__proto__',
  ),
  fc.string({ minLength: 300, maxLength: 5000 }),
);

const leadFields = [
  ...SEND_LEAD_FIELDS,
  'move_size',
  'session_id',
  'ping_id',
  'needs_auto_transport',
  'auto_year',
  'auto_make',
  'auto_model',
  'auto_condition',
  'selected_companies',
  'consent_version',
  'consent_text',
  'consent_checked',
  'company_website',
  '__proto__',
  'constructor',
];

/** A valid lead with some fields replaced by hostile text and some removed. */
const hostileLead = fc.record({
  replace: fc.dictionary(fc.constantFrom(...leadFields), hostileText, { maxKeys: 4 }),
  remove: fc.subarray(leadFields, { maxLength: 3 }),
  keepUuid: fc.boolean(),
});

/** Any JSON value, or an object of the endpoint's fields holding any JSON value. */
const anyJson = (fields: readonly string[]) =>
  fc.oneof(
    fc.jsonValue(),
    fc.dictionary(fc.constantFrom(...fields), fc.oneof(fc.jsonValue(), hostileText), {
      maxKeys: 8,
    }),
  );

const contentTypes = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-16',
  'application/json',
  'text/plain',
  'multipart/form-data; boundary=x',
  '',
);

describe.each(testDatabases())('widget endpoints under arbitrary input on $name', (database) => {
  let app: LeadApp;
  const uuids: string[] = [];
  const visitors: string[] = [];

  beforeAll(async () => {
    app = await startLeadApp(database.config);
  });
  afterAll(async () => {
    // Every lead any case stored is whole: one consent, one first status, one outbox job.
    const leads = (await app.db('leads').whereIn('lead_uuid', uuids).pluck('id')) as number[];
    for (const id of leads) {
      const [consents, history, jobs] = await Promise.all([
        app.db('lead_consents').where({ lead_id: id }).count({ n: '*' }).first(),
        app.db('lead_status_history').where({ lead_id: id }).count({ n: '*' }).first(),
        app
          .db('jobs')
          .where({ type: 'lead.forward', payload: JSON.stringify({ leadId: id }) })
          .count({ n: '*' })
          .first(),
      ]);
      expect([consents, history, jobs].map((r) => Number((r as { n: number }).n))).toEqual([
        1, 1, 1,
      ]);
    }
    await removeLeads(app.db, uuids);
    await removeSessions(app.db, visitors);
    await app.close();
  });

  const leadRows = async (uuid: string) => {
    const lead = (await app.db('leads').where({ lead_uuid: uuid }).first('id')) as
      { id: number } | undefined;
    const consents = lead
      ? Number(
          (
            (await app
              .db('lead_consents')
              .where({ lead_id: lead.id })
              .count({ n: '*' })
              .first()) as { n: number }
          ).n,
        )
      : 0;
    return { lead, consents };
  };

  it('send_lead: never a 500, never a partial lead', async () => {
    await fc.assert(
      fc.asyncProperty(hostileLead, async ({ replace, remove, keepUuid }) => {
        const uuid = leadUuid('fc');
        uuids.push(uuid);
        const fields: Record<string, string> = { ...leadForm({ lead_uuid: uuid }), ...replace };
        for (const key of remove) delete fields[key];
        if (keepUuid) fields.lead_uuid = uuid;
        const res = await app.postForm('/api/proxy/send_lead', fields);
        expect(
          DELIBERATE.has(res.status),
          `status ${res.status}: ${await res.clone().text()}`,
        ).toBe(true);
        if (res.status !== 200) expect(await res.json()).toEqual({ error: expect.any(String) });
        const stored = fields.lead_uuid === uuid ? await leadRows(uuid) : undefined;
        if (stored) {
          const honeypot = (fields.company_website ?? '') !== '';
          expect(stored.lead !== undefined).toBe(res.status === 200 && !honeypot);
          expect(stored.consents).toBe(stored.lead ? 1 : 0);
        }
        if (fields.lead_uuid && fields.lead_uuid !== uuid) uuids.push(fields.lead_uuid);
      }),
      { numRuns: RUNS },
    );
  });

  it('send_lead: raw bodies of any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        contentTypes,
        fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 })),
        async (type, body) => {
          const res = await fetch(`${app.baseUrl}/api/proxy/send_lead`, {
            method: 'POST',
            headers: type ? { 'content-type': type } : {},
            body,
          });
          expect(DELIBERATE.has(res.status), `status ${res.status}`).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('lead_send_bq: never a 500, stored at most once', async () => {
    const fields = [...LEAD_ANALYTICS_FIELDS.map((f) => `lead_${f}`), 'company_website'];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...fields), hostileText, { maxKeys: 10 }),
        fc.boolean(),
        async (copy, valid) => {
          const uuid = leadUuid('fc');
          uuids.push(uuid);
          const body = {
            lead_website: 'moveratlas-directory',
            ...copy,
            ...(valid ? { lead_uuid: uuid } : {}),
          };
          if (body.lead_uuid) uuids.push(body.lead_uuid);
          const res = await app.postForm('/api/proxy/lead_send_bq', body);
          expect(DELIBERATE.has(res.status), `status ${res.status}`).toBe(true);
          const rows = (await app
            .db('lead_analytics')
            .where({ lead_uuid: uuid })
            .count({ n: '*' })
            .first()) as { n: number };
          expect(Number(rows.n)).toBeLessThanOrEqual(1);
          if (res.status !== 200) expect(Number(rows.n)).toBe(0);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('session_send_bq: never a 500', async () => {
    const fields = [
      'uuid',
      'hostname',
      'origin',
      ...SESSION_TRACKING_FIELDS,
      'ip_address',
      'location_href',
      'referrer',
      'website',
      'website_version',
      'trustedformtoken',
    ];
    await fc.assert(
      fc.asyncProperty(anyJson(fields), async (body) => {
        const visitor = leadUuid('fc-visitor');
        visitors.push(visitor);
        const payload =
          body !== null && typeof body === 'object' && !Array.isArray(body)
            ? { uuid: visitor, website: 'moveratlas-directory', ...body }
            : body;
        if (
          payload &&
          typeof payload === 'object' &&
          'uuid' in payload &&
          typeof payload.uuid === 'string'
        )
          visitors.push(payload.uuid.slice(0, 64));
        const res = await app.postJson('/api/proxy/session_send_bq', payload);
        expect(DELIBERATE.has(res.status), `status ${res.status}`).toBe(true);
        if (res.status === 200)
          expect(await res.json()).toEqual({ session_id: expect.any(String) });
      }),
      { numRuns: RUNS },
    );
  });

  it('match_companies: never a 500, and every 200 is a well-formed match', async () => {
    const fields = [
      'from_zip',
      'from_city',
      'from_state',
      'to_zip',
      'to_city',
      'to_state',
      'from_location',
      'to_location',
      'move_size',
      'move_date',
      'lead_uuid',
      'session_id',
      'website',
      '_target',
    ];
    const zips = fc.constantFrom('60601', '10001', '73301', '99501', '00000', '96799');
    await fc.assert(
      fc.asyncProperty(anyJson(fields), zips, async (body, zip) => {
        const payload =
          body !== null && typeof body === 'object' && !Array.isArray(body)
            ? { from_zip: zip, ...body }
            : body;
        const res = await app.postJson('/api/proxy/match_companies', payload);
        expect(DELIBERATE.has(res.status), `status ${res.status}`).toBe(true);
        if (res.status === 200) MatchCompaniesResponseSchema.parse(await res.json());
      }),
      { numRuns: RUNS },
    );
  });
});
