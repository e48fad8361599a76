/**
 * A mover's Lead preferences over HTTP on every test database (issue 18): an owner sets them (checked in
 * words, audited; staff may read only), and match_companies honours them at once — a paused mover is not
 * offered, nor one for a kind of move or a home size it does not take, nor one that reached its most leads
 * for the last 24 hours.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentText,
  MatchCompaniesResponseSchema,
  proLeadPreferencesPath,
  proLeadPreferencesSchema,
  type ProLeadPreferencesUpdate,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { leadForm, leadUuid, removeLeads, startLeadApp, type LeadApp } from '../leads/support';
import { createMover, removeMovers, signInMover, type MoverClient } from '../support/mover';
import { createProCompany } from './pro-support';

const RUN = randomUUID().slice(0, 8);

const EVERY: ProLeadPreferencesUpdate = {
  paused: false,
  moveTypes: ['local', 'long-distance', 'commercial'],
  minimumSize: 'studio',
  maxPerDay: null,
  maxPerWeek: null,
};

describe.each(testDatabases())('lead preferences on $name', (database) => {
  let app: LeadApp;
  let db: Knex;
  let company: { id: number; name: string; slug: string };
  let owner: MoverClient;
  let staff: MoverClient;
  let home: { city: string; state: string };
  let elsewhere: { city: string; state: string };
  const moverIds: number[] = [];
  const uuids: string[] = [];

  beforeAll(async () => {
    // Enough movers offered that a featured one of the city is among them whatever else is there.
    app = await startLeadApp(database.config, { MATCH_LIMIT: '20' });
    db = app.db;
    company = await createProCompany(db, `Picky Movers ${RUN}`);
    await db('companies')
      .where({ id: company.id })
      .update({ is_featured: true, service_radius_miles: 50 });
    await db('company_services').insert(
      ['local-moving', 'long-distance-moving', 'commercial-moving'].map((service_id) => ({
        company_id: company.id,
        service_id,
      })),
    );
    const place = (await db('companies as c')
      .join('cities as ci', 'ci.id', 'c.city_id')
      .join('states as s', 's.id', 'c.state_id')
      .where('c.id', company.id)
      .first('ci.name as city', 's.abbreviation as state')) as { city: string; state: string };
    home = place;
    elsewhere = (await db('cities as ci')
      .join('states as s', 's.id', 'ci.state_id')
      .whereNot('s.abbreviation', place.state)
      .orderBy('ci.id')
      .first('ci.name as city', 's.abbreviation as state')) as { city: string; state: string };
    const ownerAccount = await createMover(db, { companyId: company.id, role: 'owner' });
    const staffAccount = await createMover(db, { companyId: company.id, role: 'staff' });
    moverIds.push(ownerAccount.id, staffAccount.id);
    owner = await signInMover(app.baseUrl, ownerAccount);
    staff = await signInMover(app.baseUrl, staffAccount);
  });

  afterAll(async () => {
    if (app) {
      await removeLeads(db, uuids);
      await db('companies').where({ id: company.id }).delete();
      await removeMovers(db, moverIds);
      await app.close();
    }
  });

  const save = (client: MoverClient, body: unknown) =>
    client.request(proLeadPreferencesPath(company.id), {
      method: 'PUT',
      body: JSON.stringify(body),
    });

  /** Whether match_companies offers the company for a move of `size` to `to`. */
  async function offered(size: string, to = home): Promise<boolean> {
    const res = await app.postJson('/api/proxy/match_companies', {
      move_size: size,
      lead_uuid: leadUuid(),
      from_zip: '',
      from_city: '',
      from_state: '',
      from_location: `${home.city}, ${home.state}`,
      to_zip: '',
      to_city: '',
      to_state: '',
      to_location: `${to.city}, ${to.state}`,
    });
    expect(res.status).toBe(200);
    const { companies } = MatchCompaniesResponseSchema.parse(await res.json());
    return companies.some((c) => Number(c.id) === company.id);
  }

  it('refuses preferences that make no sense, in words, and lets only an owner save them', async () => {
    const none = await save(owner, { ...EVERY, moveTypes: [] });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toContain(
      'Choose at least one kind of move (or pause leads)',
    );
    const upsideDown = await save(owner, { ...EVERY, maxPerDay: 10, maxPerWeek: 5 });
    expect(upsideDown.status).toBe(400);
    expect(((await upsideDown.json()) as { error: string }).error).toContain(
      'The most leads in a day cannot be more than in a week',
    );
    expect((await save(staff, EVERY)).status).toBe(403);
    const read = await staff.request(proLeadPreferencesPath(company.id));
    expect(proLeadPreferencesSchema.parse(await read.json())).toMatchObject({
      paused: false,
      changed: false,
      serviceRadiusMiles: 50,
    });
  });

  it('offers a paused mover nothing, and everything again once it resumes', async () => {
    expect(await offered('2-3br')).toBe(true);
    expect((await save(owner, { ...EVERY, paused: true })).status).toBe(200);
    expect(await offered('2-3br')).toBe(false);
    expect((await save(owner, EVERY)).status).toBe(200);
    expect(await offered('2-3br')).toBe(true);
    const audit = (await db('audit_events')
      .where({ action: 'company.lead-preferences.update', entity_id: String(company.id) })
      .orderBy('id')
      .select('after_json')) as Array<{ after_json: string }>;
    expect(audit.map((a) => JSON.parse(a.after_json) as unknown)).toEqual([
      { paused: true },
      { paused: false },
    ]);
  });

  it('offers only the kinds and sizes of move the mover takes', async () => {
    expect((await save(owner, { ...EVERY, moveTypes: ['long-distance'] })).status).toBe(200);
    expect(await offered('2-3br')).toBe(false);
    expect(await offered('2-3br', elsewhere)).toBe(true);
    expect(await offered('commercial', elsewhere)).toBe(false);

    expect((await save(owner, { ...EVERY, minimumSize: '4br' })).status).toBe(200);
    expect(await offered('2-3br')).toBe(false);
    expect(await offered('4br')).toBe(true);
    expect(await offered('commercial')).toBe(true);
    expect((await save(owner, EVERY)).status).toBe(200);
  });

  it('stops offering a mover that reached its most leads for the day', async () => {
    const saved = await save(owner, { ...EVERY, maxPerDay: 1, maxPerWeek: 10 });
    expect(proLeadPreferencesSchema.parse(await saved.json())).toMatchObject({
      maxPerDay: 1,
      maxPerWeek: 10,
      leadsLastDay: 0,
    });
    expect(await offered('2-3br')).toBe(true);
    const named = [{ id: company.id, name: company.name }];
    const form = leadForm({
      selected_companies: JSON.stringify(named),
      consent_text: consentText(named.map((c) => c.name)),
    });
    uuids.push(form.lead_uuid!);
    expect((await app.postForm('/api/proxy/send_lead', form)).status).toBe(200);
    expect(await offered('2-3br')).toBe(false);
    const read = proLeadPreferencesSchema.parse(
      await (await owner.request(proLeadPreferencesPath(company.id))).json(),
    );
    expect(read).toMatchObject({ leadsLastDay: 1, leadsLastWeek: 1, changed: true });
    expect((await save(owner, { ...EVERY, maxPerDay: 2 })).status).toBe(200);
    expect(await offered('2-3br')).toBe(true);
  });
});
