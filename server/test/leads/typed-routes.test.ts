/**
 * A route typed without picking a suggestion (issue 15), over HTTP on both engines: match_companies places it
 * and matches real movers from it, says which end it could not place instead of answering the stand-in
 * companies, and the lead and its analytics copy are stored and forwarded with the city, state and ZIP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FALLBACK_MATCHED_COMPANIES,
  MatchCompaniesResponseSchema,
  type MatchCompaniesResponse,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { FakeCloudFunctions } from './fake-cloud-functions';
import { leadForm, leadUuid, removeLeads, startLeadApp, waitFor, type LeadApp } from './support';

const TYPED_ROUTE = {
  from_zip: '',
  from_city: '',
  from_state: '',
  from_location: 'Seattle, WA',
  to_zip: '',
  to_city: '',
  to_state: '',
  to_location: 'Portland, OR',
};
const FALLBACK_NAMES = FALLBACK_MATCHED_COMPANIES.map((c) => c.name);

describe.each(testDatabases())('typed routes on $name', (database) => {
  let app: LeadApp;
  const upstream = new FakeCloudFunctions();
  const uuids: string[] = [];
  let seattle: { zip: string; city: string; state: string };
  let portland: { zip: string; city: string; state: string };

  const match = async (body: Record<string, string>): Promise<MatchCompaniesResponse> => {
    const res = await app.postJson('/api/proxy/match_companies', {
      move_size: '2-3br',
      lead_uuid: leadUuid(),
      ...body,
    });
    expect(res.status).toBe(200);
    return MatchCompaniesResponseSchema.strict().parse(await res.json());
  };
  const lowestZip = async (city: string, state: string) =>
    (
      (await app
        .db('zip_codes as z')
        .join('cities as ci', 'ci.id', 'z.city_id')
        .join('states as s', 's.id', 'ci.state_id')
        // A city's main ZIP: its lowest residential one (Seattle's 98101, not a P.O.-box ZIP).
        .where({ 'ci.name': city, 's.abbreviation': state, 'z.kind': 'standard' })
        .min({ zip: 'z.zip' })
        .first()) as { zip: string }
    ).zip;

  beforeAll(async () => {
    await upstream.start();
    app = await startLeadApp(database.config, { LEAD_BACKEND_URL: upstream.url }, { worker: true });
    seattle = { zip: await lowestZip('Seattle', 'WA'), city: 'Seattle', state: 'WA' };
    portland = { zip: await lowestZip('Portland', 'OR'), city: 'Portland', state: 'OR' };
  });
  afterAll(async () => {
    await removeLeads(app.db, uuids);
    await app.close();
    await upstream.stop();
  });

  it('matches real movers near a typed "Seattle, WA", as it does for the chosen suggestion', async () => {
    const typed = await match(TYPED_ROUTE);
    expect(typed.is_fallback).toBe(false);
    expect(typed.places_not_understood).toBeUndefined();
    expect(typed.from_place).toEqual(seattle);
    expect(typed.to_place).toEqual(portland);
    expect(typed.companies.length).toBeGreaterThan(0);
    for (const company of typed.companies) {
      expect(typeof company.id).toBe('number');
      expect(FALLBACK_NAMES).not.toContain(company.name);
      expect(company.distance_miles).toBeLessThanOrEqual(250);
      // Seattle to Portland crosses a state line: long-distance movers only.
      expect(company.services).toContain('Long Distance Moving');
    }
    // Seattle has movers of its own: the nearest band comes first.
    const inSeattle = (await app
      .db('companies as c')
      .join('company_services as cs', 'cs.company_id', 'c.id')
      .join('cities as ci', 'ci.id', 'c.city_id')
      .where({ 'ci.search_name': 'seattle', 'cs.service_id': 'long-distance-moving' })
      .where('c.is_in_list', true)
      .count({ n: '*' })
      .first()) as { n: number | string };
    if (Number(inSeattle.n) > 0) expect(typed.companies[0]!.city).toBe('Seattle');

    // The same movers as when the visitor picks the suggestions.
    const chosen = await match({
      from_zip: seattle.zip,
      from_city: 'Seattle',
      from_state: 'WA',
      from_location: `Seattle, WA ${seattle.zip}`,
      to_zip: portland.zip,
      to_city: 'Portland',
      to_state: 'OR',
      to_location: `Portland, OR ${portland.zip}`,
    });
    expect(chosen.companies.map((c) => c.id)).toEqual(typed.companies.map((c) => c.id));

    // Every way a visitor writes it names the same place.
    for (const from_location of [
      'seattle wa',
      'Seattle, Washington',
      '98101',
      'Seattle, WA 98101',
    ]) {
      const again = await match({ ...TYPED_ROUTE, from_location });
      expect(again.from_place?.city, from_location).toBe('Seattle');
      expect(again.companies.length, from_location).toBeGreaterThan(0);
    }
    const stLouis = await match({ ...TYPED_ROUTE, from_location: 'St Louis, MO' });
    expect(stLouis.from_place).toMatchObject({ city: 'Saint Louis', state: 'MO' });
    expect(stLouis.companies.length).toBeGreaterThan(0);
  });

  it('a typed ZIP gets its city and state back', async () => {
    const answer = await match({ from_zip: '60601', from_location: '60601', to_location: '98101' });
    expect(answer.from_place).toEqual({ zip: '60601', city: 'Chicago', state: 'IL' });
    expect(answer.to_place).toEqual({ zip: '98101', city: 'Seattle', state: 'WA' });
  });

  it('says which end it could not place, and never answers the stand-in companies for it', async () => {
    const nowhere = await match({ ...TYPED_ROUTE, from_location: 'Xyzzy Plugh, QQ' });
    expect(nowhere).toMatchObject({
      companies: [],
      is_fallback: false,
      places_not_understood: ['from'],
      to_place: portland,
    });
    expect(nowhere.from_place).toBeUndefined();
    expect(nowhere.ping_id).not.toMatch(/^fallback-/);

    const nowhereTo = await match({ ...TYPED_ROUTE, to_location: 'asdf qwerty' });
    expect(nowhereTo).toMatchObject({
      companies: [],
      is_fallback: false,
      places_not_understood: ['to'],
      from_place: seattle,
    });
    const neither = await match({ from_location: 'nowhere', to_location: 'Portland' });
    expect(neither.places_not_understood).toEqual(['from', 'to']);
    // A request that names no origin at all cannot be placed either.
    expect((await match({})).places_not_understood).toEqual(['from']);
  });

  it('stores and forwards a typed route with its city, state and ZIP', async () => {
    const fields = leadForm(TYPED_ROUTE);
    uuids.push(fields.lead_uuid!);
    const res = await app.postForm('/api/proxy/send_lead', fields);
    expect(res.status, await res.clone().text()).toBe(200);
    const lead = (await app.db('leads').where({ lead_uuid: fields.lead_uuid }).first()) as Record<
      string,
      unknown
    >;
    expect(lead).toMatchObject({
      from_zip: seattle.zip,
      from_city: 'Seattle',
      from_state: 'WA',
      from_state_code: 'WA',
      from_location: 'Seattle, WA',
      to_zip: portland.zip,
      to_city: 'Portland',
      to_state: 'OR',
      to_location: 'Portland, OR',
    });
    const expected = {
      from_zip: seattle.zip,
      from_city: 'Seattle',
      from_state: 'WA',
      from_location: 'Seattle, WA',
      to_zip: portland.zip,
      to_city: 'Portland',
      to_state: 'OR',
      to_location: 'Portland, OR',
    };
    expect(JSON.parse(lead.wire as string)).toMatchObject(expected);
    await waitFor(
      () => upstream.acceptedLeads.has(fields.lead_uuid!),
      10_000,
      'the lead forwarded',
    );
    const sent = upstream.received.find(
      (r) => r.path === '/send_lead' && r.fields.lead_uuid === fields.lead_uuid,
    );
    expect(sent?.fields).toMatchObject(expected);
  });

  it('completes what the form left empty and keeps what it sent', async () => {
    // A prefilled or typed ZIP: its city and state.
    const zipOnly = leadForm({
      ...TYPED_ROUTE,
      from_zip: '98101',
      from_location: '98101',
      to_location: 'Saint Paul MN',
    });
    // City and state without a ZIP, and a place we cannot find: stored as sent.
    const partial = leadForm({
      from_zip: '',
      from_city: 'Saint Louis',
      from_state: 'Missouri',
      from_location: 'St. Louis',
      to_zip: '',
      to_city: '',
      to_state: '',
      to_location: 'Somewhere over the rainbow',
    });
    uuids.push(zipOnly.lead_uuid!, partial.lead_uuid!);
    for (const fields of [zipOnly, partial])
      expect((await app.postForm('/api/proxy/send_lead', fields)).status).toBe(200);
    const row = async (uuid: string) =>
      (await app.db('leads').where({ lead_uuid: uuid }).first()) as Record<string, unknown>;
    expect(await row(zipOnly.lead_uuid!)).toMatchObject({
      from_zip: '98101',
      from_city: 'Seattle',
      from_state: 'WA',
      to_zip: await lowestZip('Saint Paul', 'MN'),
      to_city: 'Saint Paul',
      to_state: 'MN',
    });
    expect(await row(partial.lead_uuid!)).toMatchObject({
      from_zip: await lowestZip('Saint Louis', 'MO'),
      from_city: 'Saint Louis',
      from_state: 'Missouri',
      from_state_code: 'MO',
      to_zip: null,
      to_city: null,
      to_state: null,
      to_location: 'Somewhere over the rainbow',
    });
  });

  it('completes the analytics copy the same way', async () => {
    const uuid = leadUuid();
    uuids.push(uuid);
    const res = await app.postForm('/api/proxy/lead_send_bq', {
      lead_uuid: uuid,
      lead_from_location: 'St. Louis, MO',
      lead_to_location: 'Chicago, IL 60601',
      lead_website: 'moveratlas-directory',
    });
    expect(res.status).toBe(200);
    const copy = (await app.db('lead_analytics').where({ lead_uuid: uuid }).first()) as {
      wire: string;
    };
    expect(JSON.parse(copy.wire)).toMatchObject({
      lead_from_zip: await lowestZip('Saint Louis', 'MO'),
      lead_from_city: 'Saint Louis',
      lead_from_state: 'MO',
      lead_from_location: 'St. Louis, MO',
      lead_to_zip: '60601',
      lead_to_city: 'Chicago',
      lead_to_state: 'IL',
    });
  });
});
