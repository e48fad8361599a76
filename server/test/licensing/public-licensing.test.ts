/**
 * What the public sees of FMCSA's files (issue 20), on every test database: a census and a revocations file
 * imported through the admin API, then the profile API's Licensing facts with their sources and the exact red
 * flags, each card's badge in the list API, and `?licensed=interstate` keeping only the companies with active
 * for-hire authority, in the list's own order.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, CompanyLicensing, CompanyProfile } from '@moveratlas/contracts';
import type { JobWorker } from '../../src/jobs/worker';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import {
  CENSUS_HEADER,
  censusRow,
  cleanLicensing,
  FILLER,
  fmcsaCsv,
  importLicensingFile,
  REVOCATIONS_HEADER,
  startLicensingWorker,
} from './support';

const RUN = randomUUID().slice(0, 8);
const CENSUS_FILE = 'FMCSA_CENSUS1_2026Nov.txt';
const CENSUS_DATE = '2026-11-01';
const REVOCATIONS_FILE = 'revocations.csv';
const REVOCATIONS_DATE = '2026-11-15';
const CENSUS_SOURCE = { kind: 'census', file: CENSUS_FILE, date: CENSUS_DATE } as const;
const REVOCATIONS_SOURCE = {
  kind: 'revocations',
  file: REVOCATIONS_FILE,
  date: REVOCATIONS_DATE,
} as const;

/** A registration updated two months ago (well inside the two years), in the census's US date style. */
const recent = new Date(Date.now() - 60 * 24 * 3600 * 1000);
const RECENT_ISO = recent.toISOString().slice(0, 10);
const RECENT_US = `${RECENT_ISO.slice(5, 7)}/${RECENT_ISO.slice(8, 10)}/${RECENT_ISO.slice(0, 4)}`;

const LONG_DISTANCE = ['local-moving', 'long-distance-moving'];

/** Our test companies: their numbers as typed, their services, and how lists rank them. */
const COMPANIES = {
  alpha: {
    name: `Alpha Licensed Movers ${RUN}`,
    dot: FILLER + 801,
    mc: null,
    services: LONG_DISTANCE,
    rank: 4.2,
  },
  beta: {
    name: `Beta Trading Name ${RUN}`,
    dot: FILLER + 802,
    mc: null,
    services: LONG_DISTANCE,
    rank: null,
  },
  revoked: {
    name: `Revoked Authority Movers ${RUN}`,
    dot: FILLER + 803,
    mc: 'MC-98000803',
    services: LONG_DISTANCE,
    rank: 4.8,
  },
  renamed: {
    name: `Renamed Movers ${RUN}`,
    dot: FILLER + 804,
    mc: null,
    services: LONG_DISTANCE,
    rank: 3.9,
  },
  outdated: {
    name: `Old Filing Movers ${RUN}`,
    dot: FILLER + 805,
    mc: null,
    services: LONG_DISTANCE,
    rank: 4.6,
  },
  broker: {
    name: `Broker Docket Movers ${RUN}`,
    dot: FILLER + 806,
    mc: 'MC98000806',
    services: ['local-moving'],
    rank: 4.4,
  },
  absent: {
    name: `Unknown Number Movers ${RUN}`,
    dot: FILLER + 807,
    mc: null,
    services: LONG_DISTANCE,
    rank: 4.1,
  },
  unlicensed: {
    name: `No Authority Movers ${RUN}`,
    dot: FILLER + 808,
    mc: null,
    services: LONG_DISTANCE,
    rank: 4.0,
  },
  numberless: {
    name: `Numberless Movers ${RUN}`,
    dot: null,
    mc: null,
    services: LONG_DISTANCE,
    rank: 3.5,
  },
} as const;
type Key = keyof typeof COMPANIES;
const KEYS = Object.keys(COMPANIES) as Key[];
const slugOf = (key: Key) => `licensing-${key}-${RUN}`;
const legalName = (key: Key) => COMPANIES[key].name.toUpperCase();

const censusFile = () =>
  fmcsaCsv([
    CENSUS_HEADER,
    censusRow({
      DOT_NUMBER: String(COMPANIES.alpha.dot).padStart(8, '0'),
      LEGAL_NAME: `${legalName('alpha')} LLC`,
      MCS150_DATE: RECENT_US,
    }),
    // Beta trades under the DBA name FMCSA holds.
    censusRow({
      DOT_NUMBER: String(COMPANIES.beta.dot),
      LEGAL_NAME: 'BETA HOLDINGS INC',
      DBA_NAME: legalName('beta'),
      MCS150_DATE: RECENT_US,
      NBR_POWER_UNIT: '1',
      DRIVER_TOTAL: '1',
    }),
    censusRow({
      DOT_NUMBER: String(COMPANIES.revoked.dot),
      LEGAL_NAME: legalName('revoked'),
      MCS150_DATE: RECENT_US,
    }),
    censusRow({
      DOT_NUMBER: String(COMPANIES.renamed.dot),
      LEGAL_NAME: 'UNRELATED FREIGHT SYSTEMS INC',
      MCS150_DATE: RECENT_US,
    }),
    censusRow({
      DOT_NUMBER: String(COMPANIES.outdated.dot),
      LEGAL_NAME: legalName('outdated'),
      MCS150_DATE: '15-JAN-21',
    }),
    // A broker's docket, and no for-hire authority of its own to move goods, within one state.
    censusRow({
      DOT_NUMBER: String(COMPANIES.broker.dot),
      LEGAL_NAME: legalName('broker'),
      MCS150_DATE: RECENT_US,
      CARRIER_OPERATION: 'C',
      AUTHORIZED_FOR_HIRE: 'N',
    }),
    censusRow({
      DOT_NUMBER: String(COMPANIES.unlicensed.dot),
      LEGAL_NAME: legalName('unlicensed'),
      MCS150_DATE: RECENT_US,
      AUTHORIZED_FOR_HIRE: 'N',
      PRIVATE_ONLY: 'Y',
    }),
  ]);

const revocationsFile = () =>
  fmcsaCsv([
    REVOCATIONS_HEADER,
    [
      'MC98000803',
      String(COMPANIES.revoked.dot).padStart(8, '0'),
      'COMMON',
      '09/15/2026',
      'INVOLUNTARY REVOCATION',
      '10/15/2026',
    ],
    ['MC98000806', '00000000', 'BROKER', '08/01/2026', 'INVOLUNTARY REVOCATION', ''],
  ]);

/** The assessment each company must get once both files are held. */
const EXPECTED: Record<Key, CompanyLicensing['assessment']> = {
  alpha: { badge: 'checked', checkedOn: CENSUS_DATE, authority: 'active', redFlags: [] },
  beta: { badge: 'checked', checkedOn: CENSUS_DATE, authority: 'active', redFlags: [] },
  revoked: {
    badge: 'red-flag',
    checkedOn: CENSUS_DATE,
    authority: 'revoked',
    redFlags: ['authority-revoked'],
  },
  renamed: {
    badge: 'red-flag',
    checkedOn: CENSUS_DATE,
    authority: 'active',
    redFlags: ['name-differs'],
  },
  outdated: {
    badge: 'red-flag',
    checkedOn: CENSUS_DATE,
    authority: 'active',
    redFlags: ['mcs150-outdated'],
  },
  broker: {
    badge: 'red-flag',
    checkedOn: CENSUS_DATE,
    authority: 'none',
    redFlags: ['broker-not-mover'],
  },
  absent: { badge: 'not-verified', checkedOn: null, authority: 'unknown', redFlags: [] },
  unlicensed: {
    badge: 'red-flag',
    checkedOn: CENSUS_DATE,
    authority: 'none',
    redFlags: ['interstate-without-authority'],
  },
  numberless: {
    badge: 'red-flag',
    checkedOn: null,
    authority: 'unknown',
    redFlags: ['no-usdot'],
  },
};

/** The companies FMCSA's files show with active for-hire authority: what the filter keeps. */
const ACTIVE: Key[] = KEYS.filter((key) => EXPECTED[key].authority === 'active');

describe.each(testDatabases())('public licensing on $name', (database) => {
  let app: TestApp;
  let db: Knex;
  let admin: AdminClient;
  let worker: JobWorker;
  const ids = new Map<Key, number>();
  /** The small city our companies are listed in, as list filters name it. */
  let place: { state: string; city: string };

  const removeCompanies = (db: Knex) => db('companies').whereIn('slug', KEYS.map(slugOf)).delete();

  async function profile(key: Key): Promise<CompanyProfile> {
    const res = await app.get(`/api/companies/${slugOf(key)}`);
    expect(res.status).toBe(200);
    return (await res.json()) as CompanyProfile;
  }

  async function list(query: string): Promise<{ slugs: string[]; total: number; body: Company[] }> {
    const res = await app.get(`/api/companies?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Company[];
    return {
      body,
      slugs: body.map((c) => c.slug),
      total: Number(res.headers.get('X-Total-Count')),
    };
  }

  const placeQuery = () => `state=${place.state}&city=${place.city}`;

  beforeAll(async () => {
    app = await startTestApp(database.config);
    db = app.db;
    admin = await loginAsAdmin(app.baseUrl);
    await cleanLicensing(db);
    await removeCompanies(db);
    // The city with the fewest listed companies: every one of them fits on one page of the list.
    const smallest = (await db('companies as c')
      .where('c.is_in_list', true)
      .groupBy('c.city_id')
      .select('c.city_id')
      .count({ n: '*' })
      .orderBy([
        { column: 'n', order: 'asc' },
        { column: 'c.city_id', order: 'asc' },
      ])
      .first()) as { city_id: number };
    const city = (await db('cities as ci')
      .join('states as s', 's.id', 'ci.state_id')
      .where('ci.id', smallest.city_id)
      .first('ci.id', 'ci.slug', 'ci.state_id', 's.slug as state_slug')) as {
      id: number;
      slug: string;
      state_id: number;
      state_slug: string;
    };
    place = { state: city.state_slug, city: city.slug };
    for (const key of KEYS) {
      const company = COMPANIES[key];
      await db('companies').insert({
        slug: slugOf(key),
        name: company.name,
        city_id: city.id,
        state_id: city.state_id,
        is_in_list: true,
        usdot_number: company.dot === null ? null : String(company.dot),
        mc_number: company.mc,
        rating: company.rank,
        review_count: company.rank === null ? 0 : 20,
        rank_score: company.rank,
      });
      const row = (await db('companies').where('slug', slugOf(key)).first('id')) as { id: number };
      ids.set(key, Number(row.id));
      await db('company_services').insert(
        company.services.map((service_id) => ({ company_id: Number(row.id), service_id })),
      );
    }
    worker = startLicensingWorker(db);
  });

  afterAll(async () => {
    await worker?.stop();
    if (app) {
      await cleanLicensing(db);
      await removeCompanies(db);
      await app.close();
    }
  });

  it('before any census is imported, says so: nothing verified, and the filter keeps no one', async () => {
    const alpha = await profile('alpha');
    expect(alpha.licensingDetails).toEqual({
      facts: {
        company: {
          name: COMPANIES.alpha.name,
          usdotNumber: String(COMPANIES.alpha.dot),
          mcNumber: null,
          offersInterstate: true,
        },
        matchedBy: null,
        docket: null,
        carrier: null,
        revocations: [],
        censusDate: null,
      },
      assessment: { badge: 'not-verified', checkedOn: null, authority: 'unknown', redFlags: [] },
    });
    expect((await list(`${placeQuery()}&licensed=interstate`)).total).toBe(0);
  });

  it('imports a census and a revocations file through the admin API', async () => {
    const census = await importLicensingFile(admin, censusFile(), CENSUS_FILE);
    expect(census).toMatchObject({
      status: 'succeeded',
      fileDate: CENSUS_DATE,
      rows: { read: 7, rejected: 0 },
    });
    const revocations = await importLicensingFile(
      admin,
      revocationsFile(),
      REVOCATIONS_FILE,
      REVOCATIONS_DATE,
    );
    expect(revocations).toMatchObject({ status: 'succeeded', rows: { read: 2, rejected: 0 } });
  });

  it('answers each profile with the facts FMCSA’s files hold, each with its source, and the exact red flags', async () => {
    for (const key of KEYS) {
      const { licensing, licensingDetails } = await profile(key);
      expect({ key, assessment: licensingDetails.assessment }).toEqual({
        key,
        assessment: EXPECTED[key],
      });
      // The profile is a Company too: its badge says what its panel says.
      expect({ key, licensing }).toEqual({
        key,
        licensing: { badge: EXPECTED[key].badge, checkedOn: EXPECTED[key].checkedOn },
      });
    }

    const alpha = (await profile('alpha')).licensingDetails.facts;
    expect(alpha).toEqual({
      company: {
        name: COMPANIES.alpha.name,
        usdotNumber: String(COMPANIES.alpha.dot),
        mcNumber: null,
        offersInterstate: true,
      },
      matchedBy: 'usdot',
      docket: null,
      carrier: {
        dotNumber: COMPANIES.alpha.dot,
        legalName: `${legalName('alpha')} LLC`,
        dbaName: null,
        operation: 'A',
        authorizedForHire: true,
        exemptForHire: false,
        privateOnly: false,
        powerUnits: 3,
        drivers: 4,
        mcs150Date: RECENT_ISO,
        city: 'DALLAS',
        state: 'TX',
        source: CENSUS_SOURCE,
        seenOn: CENSUS_DATE,
      },
      revocations: [],
      censusDate: CENSUS_DATE,
    });

    const revoked = (await profile('revoked')).licensingDetails.facts;
    expect(revoked).toMatchObject({ matchedBy: 'usdot', docket: 'MC98000803' });
    expect(revoked.revocations).toEqual([
      {
        docket: 'MC98000803',
        authorityType: 'COMMON',
        serveDate: '2026-09-15',
        revocationType: 'INVOLUNTARY REVOCATION',
        effectiveDate: '2026-10-15',
        source: REVOCATIONS_SOURCE,
      },
    ]);

    const broker = (await profile('broker')).licensingDetails.facts;
    expect(broker.revocations).toEqual([
      {
        docket: 'MC98000806',
        authorityType: 'BROKER',
        serveDate: '2026-08-01',
        revocationType: 'INVOLUNTARY REVOCATION',
        effectiveDate: null,
        source: REVOCATIONS_SOURCE,
      },
    ]);
    expect(broker.company?.offersInterstate).toBe(false);
    expect(broker.carrier).toMatchObject({ operation: 'C', authorizedForHire: false });

    expect((await profile('beta')).licensingDetails.facts.carrier).toMatchObject({
      legalName: 'BETA HOLDINGS INC',
      dbaName: legalName('beta'),
      powerUnits: 1,
      drivers: 1,
    });
    expect((await profile('outdated')).licensingDetails.facts.carrier?.mcs150Date).toBe(
      '2021-01-15',
    );
    expect((await profile('renamed')).licensingDetails.facts.carrier?.legalName).toBe(
      'UNRELATED FREIGHT SYSTEMS INC',
    );
    // A number the census does not list, and no number at all: not found in the census of its date.
    for (const key of ['absent', 'numberless'] as const)
      expect((await profile(key)).licensingDetails.facts).toMatchObject({
        matchedBy: null,
        carrier: null,
        revocations: [],
        censusDate: CENSUS_DATE,
      });
    expect((await profile('numberless')).licensingDetails.facts.company?.usdotNumber).toBeNull();
  });

  it('gives every card of the list its badge, the same the profile reads', async () => {
    const { body } = await list(`${placeQuery()}&limit=100`);
    const badges = Object.fromEntries(
      body.filter((c) => c.slug.endsWith(RUN)).map((c) => [c.slug, c.licensing] as const),
    );
    expect(badges).toEqual(
      Object.fromEntries(
        KEYS.map((key) => [
          slugOf(key),
          { badge: EXPECTED[key].badge, checkedOn: EXPECTED[key].checkedOn },
        ]),
      ),
    );
  });

  it('keeps only the companies with active for-hire authority with ?licensed=interstate, in the list’s order', async () => {
    for (const sort of ['rating', 'featured', 'name'] as const) {
      const all = await list(`${placeQuery()}&sort=${sort}&limit=100`);
      const licensed = await list(`${placeQuery()}&sort=${sort}&limit=100&licensed=interstate`);
      const active = new Set(ACTIVE.map(slugOf));
      expect(licensed.slugs, sort).toEqual(all.slugs.filter((slug) => active.has(slug)));
      expect(licensed.total, sort).toBe(ACTIVE.length);
      // The unfiltered total was not served from the filtered one's cache, nor the other way round.
      expect(all.total, sort).toBeGreaterThan(ACTIVE.length);
    }
    // By rank: Old Filing (4.6), Alpha (4.2), Renamed (3.9), then Beta without reviews.
    expect((await list(`${placeQuery()}&sort=rating&licensed=interstate`)).slugs).toEqual(
      ['outdated', 'alpha', 'renamed', 'beta'].map((key) => slugOf(key as Key)),
    );
    // Across the whole directory too: no other company is matched to a carrier with active authority.
    const everywhere = await list('licensed=interstate&sort=name&limit=100');
    expect(everywhere.slugs).toEqual(
      [...ACTIVE].sort((a, b) => COMPANIES[a].name.localeCompare(COMPANIES[b].name)).map(slugOf),
    );
    // Combined with another filter, both hold.
    expect(
      (await list(`${placeQuery()}&licensed=interstate&service=long-distance-moving`)).total,
    ).toBe(ACTIVE.length);
  });

  it('refuses another value of the filter in plain words', async () => {
    const res = await app.get('/api/companies?licensed=yes');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'The licensing filter must be interstate' });
  });
});
