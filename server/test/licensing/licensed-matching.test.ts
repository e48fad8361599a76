/**
 * Licensing in matching, on every test database (issue 20): once a census is held, match_companies offers an
 * interstate move only to movers whose for-hire authority FMCSA's files show active, and a move within a
 * state to any; a USDOT number staff type or change is matched at once, without waiting for the next import.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchCompaniesResponseSchema, type AdminCompanyDetail } from '@moveratlas/contracts';
import type { JobWorker } from '../../src/jobs/worker';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { leadUuid, startLeadApp, type LeadApp } from '../leads/support';
import { createProCompany } from '../pro/pro-support';
import {
  CENSUS_HEADER,
  censusRow,
  cleanLicensing,
  FILLER,
  fmcsaCsv,
  importLicensingFile,
  startLicensingWorker,
} from './support';

const RUN = randomUUID().slice(0, 8);
const LICENSED = FILLER + 701;
const UNLICENSED = FILLER + 702;
const SPARE = FILLER + 703;

describe.each(testDatabases())('licensed matching on $name', (database) => {
  let app: LeadApp;
  let db: Knex;
  let admin: AdminClient;
  let worker: JobWorker;
  let licensed: { id: number; name: string };
  let unlicensed: { id: number; name: string };
  let home: { city: string; state: string };
  let elsewhere: { city: string; state: string };

  async function offered(to: { city: string; state: string }): Promise<number[]> {
    const res = await app.postJson('/api/proxy/match_companies', {
      move_size: '2-3br',
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
    return companies
      .map((c) => Number(c.id))
      .filter((id) => id === licensed.id || id === unlicensed.id);
  }

  beforeAll(async () => {
    app = await startLeadApp(database.config, { MATCH_LIMIT: '20' });
    db = app.db;
    await cleanLicensing(db);
    admin = await loginAsAdmin(app.baseUrl);
    worker = startLicensingWorker(db);
    licensed = await createProCompany(db, `Licensed Long Haul ${RUN}`);
    unlicensed = await createProCompany(db, `Unlicensed Long Haul ${RUN}`);
    for (const [company, dot] of [
      [licensed, LICENSED],
      [unlicensed, UNLICENSED],
    ] as const) {
      await db('companies')
        .where({ id: company.id })
        .update({ usdot_number: String(dot), is_featured: true, service_radius_miles: 50 });
      await db('company_services').insert(
        ['local-moving', 'long-distance-moving'].map((service_id) => ({
          company_id: company.id,
          service_id,
        })),
      );
    }
    home = (await db('companies as c')
      .join('cities as ci', 'ci.id', 'c.city_id')
      .join('states as s', 's.id', 'c.state_id')
      .where('c.id', licensed.id)
      .first('ci.name as city', 's.abbreviation as state')) as typeof home;
    elsewhere = (await db('cities as ci')
      .join('states as s', 's.id', 'ci.state_id')
      .whereNot('s.abbreviation', home.state)
      .orderBy('ci.id')
      .first('ci.name as city', 's.abbreviation as state')) as typeof elsewhere;
  });

  afterAll(async () => {
    await worker?.stop();
    if (app) {
      await cleanLicensing(db);
      await db('companies').whereIn('id', [licensed.id, unlicensed.id]).delete();
      await app.close();
    }
  });

  it('before any census, matches interstate moves as before: nothing can be checked', async () => {
    expect(await offered(elsewhere)).toEqual([licensed.id, unlicensed.id].sort((a, b) => a - b));
  });

  it('with a census, offers an interstate move only to the mover with active authority', async () => {
    const done = await importLicensingFile(
      admin,
      fmcsaCsv([
        CENSUS_HEADER,
        censusRow({ DOT_NUMBER: String(LICENSED), LEGAL_NAME: `LICENSED LONG HAUL ${RUN}` }),
        censusRow({
          DOT_NUMBER: String(UNLICENSED),
          LEGAL_NAME: `UNLICENSED LONG HAUL ${RUN}`,
          AUTHORIZED_FOR_HIRE: 'N',
          PRIVATE_ONLY: 'Y',
        }),
        censusRow({ DOT_NUMBER: String(SPARE), LEGAL_NAME: 'SPARE CARRIER INC' }),
      ]),
      'FMCSA_CENSUS1_2026Oct.txt',
    );
    expect(done.status).toBe('succeeded');
    expect(
      await db('licensing_company_matches')
        .whereIn('company_id', [licensed.id, unlicensed.id])
        .orderBy('company_id')
        .select('company_id', 'authority'),
    ).toEqual([
      { company_id: licensed.id, authority: 'active' },
      { company_id: unlicensed.id, authority: 'none' },
    ]);
    expect(await offered(elsewhere)).toEqual([licensed.id]);
    // Within the state, authority for interstate moves is not needed.
    expect((await offered(home)).sort((a, b) => a - b)).toEqual(
      [licensed.id, unlicensed.id].sort((a, b) => a - b),
    );
  });

  it('matches a USDOT number staff change at once', async () => {
    const detail = (await (
      await admin.request(`/api/admin/companies/${unlicensed.id}`)
    ).json()) as AdminCompanyDetail;
    const saved = await admin.request(`/api/admin/companies/${unlicensed.id}`, {
      method: 'PUT',
      body: JSON.stringify({
        ...detail.values,
        usdot_number: String(SPARE),
        version: detail.version,
      }),
    });
    expect(saved.status).toBe(200);
    expect(
      await db('licensing_company_matches')
        .where('company_id', unlicensed.id)
        .first('dot_number', 'matched_by', 'authority'),
    ).toEqual({ dot_number: SPARE, matched_by: 'usdot', authority: 'active' });
    expect((await offered(elsewhere)).sort((a, b) => a - b)).toEqual(
      [licensed.id, unlicensed.id].sort((a, b) => a - b),
    );
  });
});
