/**
 * The staff's side of licensing (issue 20) over HTTP on every test database: the red-flag report of listed
 * companies (its contents, counts and filter), unlisting from it in bulk with a reason (the companies leave
 * the public directory, one audit row each), the census's unmatched for-hire carriers of a state, and new
 * listings created from them after review (created, matched, audited; a city we do not have refused in words).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CensusCarrierPage, CensusListingResult, RedFlagReport } from '@moveratlas/contracts';
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

interface SeededCompany {
  id: number;
  name: string;
  slug: string;
  usdot_number: string | null;
  mc_number: string | null;
  is_in_list: number | boolean;
}

/** MM/DD/YYYY, `days` before today: a registration updated recently. */
const daysAgo = (days: number) => {
  const date = new Date(Date.now() - days * 86_400_000);
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`;
};

describe.each(testDatabases())('admin licensing on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  let worker: JobWorker;
  /** clean: no flag; renamed: name differs and MCS-150 outdated; noAuthority: interstate without authority; revoked. */
  let clean: SeededCompany;
  let renamed: SeededCompany;
  let noAuthority: SeededCompany;
  let revoked: SeededCompany;
  let originals: SeededCompany[] = [];
  const createdIds: number[] = [];

  const dot = (n: number) => FILLER + n;
  const REVOKED_DOCKET = '99999901';

  const report = async (query = '') => {
    const res = await admin.request(`/api/admin/licensing/red-flags${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as RedFlagReport;
  };

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    await cleanLicensing(app.db);
    originals = (await app
      .db('companies')
      .where('is_in_list', true)
      .whereNotNull('usdot_number')
      .orderBy('id')
      .limit(4)
      .select('id', 'name', 'slug', 'usdot_number', 'mc_number', 'is_in_list')) as SeededCompany[];
    expect(originals).toHaveLength(4);
    [clean, renamed, noAuthority, revoked] = originals.map((c) => ({
      ...c,
      id: Number(c.id),
    })) as [SeededCompany, SeededCompany, SeededCompany, SeededCompany];
    // Numbers no seeded company has: only these four meet the files below.
    for (const [i, company] of [clean, renamed, noAuthority, revoked].entries())
      await app
        .db('companies')
        .where('id', company.id)
        .update({
          usdot_number: String(dot(10 + i)),
          mc_number: company === revoked ? `MC-${REVOKED_DOCKET}` : null,
        });
    worker = startLicensingWorker(app.db);
    const recent = daysAgo(60);
    const census = await importLicensingFile(
      admin,
      fmcsaCsv([
        CENSUS_HEADER,
        censusRow({ DOT_NUMBER: String(dot(10)), LEGAL_NAME: clean.name, MCS150_DATE: recent }),
        censusRow({
          DOT_NUMBER: String(dot(11)),
          LEGAL_NAME: 'TOTALLY DIFFERENT HAULERS LLC',
          MCS150_DATE: '15-JAN-20',
        }),
        censusRow({
          DOT_NUMBER: String(dot(12)),
          LEGAL_NAME: noAuthority.name,
          AUTHORIZED_FOR_HIRE: 'N',
          MCS150_DATE: recent,
        }),
        censusRow({ DOT_NUMBER: String(dot(13)), LEGAL_NAME: revoked.name, MCS150_DATE: recent }),
        // Carriers of no company: two for hire in Texas (one in a city we list), one not for hire, one in California.
        censusRow({
          DOT_NUMBER: String(dot(20)),
          LEGAL_NAME: 'LONE STAR HAULERS LLC',
          DBA_NAME: 'LONE STAR MOVING',
          PHY_CITY: 'DALLAS',
          MCS150_DATE: recent,
          NBR_POWER_UNIT: '7',
          DRIVER_TOTAL: '9',
        }),
        censusRow({
          DOT_NUMBER: String(dot(21)),
          LEGAL_NAME: 'PRIVATE FLEET INC',
          AUTHORIZED_FOR_HIRE: 'N',
        }),
        censusRow({
          DOT_NUMBER: String(dot(22)),
          LEGAL_NAME: 'GOLDEN STATE VANS',
          PHY_STATE: 'CA',
          PHY_CITY: 'FRESNO',
        }),
        censusRow({
          DOT_NUMBER: String(dot(23)),
          LEGAL_NAME: 'NOWHERE TRUCKING',
          PHY_CITY: 'NOWHERESVILLE',
          MCS150_DATE: recent,
        }),
      ]),
      'census-admin-test.txt',
      '2026-11-01',
    );
    expect(census.status, census.error ?? '').toBe('succeeded');
    const revocations = await importLicensingFile(
      admin,
      fmcsaCsv([
        REVOCATIONS_HEADER,
        [
          `MC${REVOKED_DOCKET}`,
          String(dot(13)).padStart(8, '0'),
          'COMMON',
          '10/01/2026',
          'INVOLUNTARY REVOCATION',
          '10/20/2026',
        ],
      ]),
      'revocations-admin-test.txt',
      '2026-11-02',
    );
    expect(revocations.status, revocations.error ?? '').toBe('succeeded');
  });

  afterAll(async () => {
    await worker?.stop();
    if (app) {
      if (createdIds.length > 0) await app.db('companies').whereIn('id', createdIds).delete();
      for (const company of originals)
        await app.db('companies').where('id', company.id).update({
          usdot_number: company.usdot_number,
          mc_number: company.mc_number,
          is_in_list: company.is_in_list,
        });
      await cleanLicensing(app.db);
      await app.close();
    }
  });

  it('reports listed companies with red flags, counted per flag, and filters by flag', async () => {
    const noUsdot = Number(
      (
        (await app
          .db('companies')
          .where('is_in_list', true)
          .where((q) => q.whereNull('usdot_number').orWhere('usdot_number', ''))
          .count({ n: '*' })
          .first()) as { n: number | string }
      ).n,
    );
    const all = await report();
    expect(all.counts).toEqual({
      'no-usdot': noUsdot,
      'interstate-without-authority': 1,
      'authority-revoked': 1,
      'broker-not-mover': 0,
      'name-differs': 1,
      'mcs150-outdated': 1,
    });
    expect(all.flagged).toBe(noUsdot + 3);
    expect(all.total).toBe(noUsdot + 3);
    expect(all.censusDate).toBe('2026-11-01');
    expect(all.items).toHaveLength(Math.min(50, all.total));

    const differs = await report('?flag=name-differs');
    expect(differs.total).toBe(1);
    expect(differs.items).toEqual([
      expect.objectContaining({
        id: renamed.id,
        name: renamed.name,
        slug: renamed.slug,
        usdotNumber: String(dot(11)),
        redFlags: ['name-differs', 'mcs150-outdated'],
        badge: 'red-flag',
        checkedOn: '2026-11-01',
      }),
    ]);
    const revokedReport = await report('?flag=authority-revoked');
    expect(revokedReport.items.map((c) => c.id)).toEqual([revoked.id]);
    expect(revokedReport.items[0]!.redFlags).toEqual(['authority-revoked']);
    expect((await report('?flag=interstate-without-authority')).items.map((c) => c.id)).toEqual([
      noAuthority.id,
    ]);
    // The clean company is in no list.
    const ids = new Set<number>();
    for (let page = 1; page <= Math.ceil(all.total / all.limit); page++)
      for (const item of (await report(`?page=${page}`)).items) ids.add(item.id);
    expect(ids.size).toBe(all.total);
    expect(ids.has(clean.id)).toBe(false);
    expect(ids.has(revoked.id)).toBe(true);

    const bad = await admin.request('/api/admin/licensing/red-flags?flag=scary');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/red flag must be one of/);
  });

  it('unlists the chosen companies in bulk with a reason: gone from the directory, one audit row each', async () => {
    expect((await app.get(`/api/companies/${renamed.slug}`)).status).toBe(200);
    const res = await admin.request('/api/admin/companies/bulk', {
      method: 'POST',
      body: JSON.stringify({
        ids: [renamed.id, revoked.id],
        action: 'unlist',
        reason: 'Red flags in FMCSA’s files',
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { summary: string }).summary).toBe('2 companies unlisted.');
    expect((await app.get(`/api/companies/${renamed.slug}`)).status).toBe(404);
    expect((await app.get(`/api/companies/${revoked.slug}`)).status).toBe(404);
    const audits = (await app
      .db('audit_events')
      .where('action', 'company.bulk')
      .whereIn('entity_id', [String(renamed.id), String(revoked.id)])
      .orderBy('id')
      .select('entity_id', 'summary', 'after_json', 'actor_username')) as Array<{
      entity_id: string;
      summary: string;
      after_json: string;
      actor_username: string;
    }>;
    expect(audits.map((a) => a.entity_id).sort()).toEqual(
      [String(renamed.id), String(revoked.id)].sort(),
    );
    for (const audit of audits) {
      expect(audit.actor_username).toBe('test-admin');
      expect(audit.summary).toMatch(/^Unlisted company .+ \(bulk\): Red flags in FMCSA’s files$/);
      expect(JSON.parse(audit.after_json)).toEqual({
        is_in_list: false,
        reason: 'Red flags in FMCSA’s files',
      });
    }
    const after = await report();
    expect(after.counts['name-differs']).toBe(0);
    expect(after.counts['authority-revoked']).toBe(0);
    expect(after.counts['interstate-without-authority']).toBe(1);
  });

  it('lists the unmatched for-hire carriers of a state, with our city when we have it', async () => {
    const res = await admin.request('/api/admin/licensing/census-carriers?state=tx');
    expect(res.status).toBe(200);
    const page = (await res.json()) as CensusCarrierPage;
    expect(page.total).toBe(2);
    expect(page.censusDate).toBe('2026-11-01');
    expect(page.items).toEqual([
      expect.objectContaining({
        dotNumber: dot(20),
        legalName: 'LONE STAR HAULERS LLC',
        dbaName: 'LONE STAR MOVING',
        city: 'DALLAS',
        state: 'TX',
        operation: 'A',
        powerUnits: 7,
        drivers: 9,
        suggestedCity: { slug: 'dallas', name: 'Dallas' },
      }),
      expect.objectContaining({ dotNumber: dot(23), suggestedCity: null }),
    ]);
    const california = (await (
      await admin.request('/api/admin/licensing/census-carriers?state=CA')
    ).json()) as CensusCarrierPage;
    expect(california.items.map((c) => c.dotNumber)).toEqual([dot(22)]);
    const bad = await admin.request('/api/admin/licensing/census-carriers?state=ZZ');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/US state/);
    const cities = (await (await admin.request('/api/admin/licensing/cities?state=TX')).json()) as {
      items: Array<{ slug: string; name: string }>;
    };
    expect(cities.items).toContainEqual({ slug: 'dallas', name: 'Dallas' });
  });

  it('refuses a listing in a city we do not have, in words, and writes nothing', async () => {
    const before = Number(
      ((await app.db('companies').count({ n: '*' }).first()) as { n: number | string }).n,
    );
    const res = await admin.request('/api/admin/licensing/census-listings', {
      method: 'POST',
      body: JSON.stringify({
        listings: [
          {
            dotNumber: dot(20),
            name: 'Lone Star Haulers',
            citySlug: 'dallas',
            services: ['local-moving'],
          },
          {
            dotNumber: dot(23),
            name: 'Nowhere Trucking',
            citySlug: 'nowheresville',
            services: ['local-moving'],
          },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      `For USDOT ${dot(23)} (Nowhere Trucking): "nowheresville" is not a city of Texas in our directory; choose one of the list`,
    );
    const notForHire = await admin.request('/api/admin/licensing/census-listings', {
      method: 'POST',
      body: JSON.stringify({
        listings: [
          {
            dotNumber: dot(21),
            name: 'Private Fleet',
            citySlug: 'dallas',
            services: ['local-moving'],
          },
        ],
      }),
    });
    expect(notForHire.status).toBe(400);
    expect(((await notForHire.json()) as { error: string }).error).toMatch(
      /is not authorized for hire/,
    );
    expect(
      Number(((await app.db('companies').count({ n: '*' }).first()) as { n: number | string }).n),
    ).toBe(before);
  });

  it('creates a reviewed listing from the census: listed, matched to its carrier, audited', async () => {
    const res = await admin.request('/api/admin/licensing/census-listings', {
      method: 'POST',
      body: JSON.stringify({
        listings: [
          {
            dotNumber: dot(20),
            name: 'Lone Star Moving',
            citySlug: 'dallas',
            services: ['local-moving', 'long-distance-moving'],
          },
        ],
      }),
    });
    const body = (await res.json()) as CensusListingResult;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.created).toEqual([
      expect.objectContaining({ dotNumber: dot(20), name: 'Lone Star Moving', matched: true }),
    ]);
    const id = body.created[0]!.id;
    createdIds.push(id);
    const company = (await app
      .db({ c: 'companies' })
      .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
      .where('c.id', id)
      .first('c.name', 'c.slug', 'c.usdot_number', 'c.is_in_list', 'ci.slug as city')) as Record<
      string,
      unknown
    >;
    expect(company).toMatchObject({
      name: 'Lone Star Moving',
      usdot_number: String(dot(20)),
      city: 'dallas',
    });
    expect(Boolean(Number(company.is_in_list))).toBe(true);
    expect(
      await app
        .db('licensing_company_matches')
        .where('company_id', id)
        .first('dot_number', 'authority'),
    ).toMatchObject({ dot_number: dot(20), authority: 'active' });
    const services = (await app
      .db('company_services')
      .where('company_id', id)
      .orderBy('service_id')
      .pluck('service_id')) as string[];
    expect(services).toEqual(['local-moving', 'long-distance-moving']);
    const audit = (await app
      .db('audit_events')
      .where({ action: 'company.census_create', entity_id: String(id) })
      .first('summary', 'actor_username')) as { summary: string; actor_username: string };
    expect(audit).toEqual({
      summary: `Listed Lone Star Moving from FMCSA’s census (USDOT ${dot(20)}), reviewed by staff`,
      actor_username: 'test-admin',
    });
    // On the public directory at once, and no longer among the carriers to review.
    expect((await app.get(`/api/companies/${String(company.slug)}`)).status).toBe(200);
    const texas = (await (
      await admin.request('/api/admin/licensing/census-carriers?state=TX')
    ).json()) as CensusCarrierPage;
    expect(texas.items.map((c) => c.dotNumber)).toEqual([dot(23)]);
    // Listing it again is refused.
    const again = await admin.request('/api/admin/licensing/census-listings', {
      method: 'POST',
      body: JSON.stringify({
        listings: [
          {
            dotNumber: dot(20),
            name: 'Lone Star Moving',
            citySlug: 'dallas',
            services: ['local-moving'],
          },
        ],
      }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/already matched/);
  });
});
