/**
 * "Check a mover" over HTTP on every test database (issue 20): GET /api/licensing/check read as a USDOT
 * number (leading zeros and "USDOT" ignored), an MC docket or the start of a name (in name order, 20 at most
 * with `more`), for carriers listed with us or not, with the red flags; refusals in words; the answer before
 * any census is imported; the per-address limit; and the page /check-a-mover rendered on the server with
 * the results in its HTML (the built directory: `npm run build` first), as a browser without scripts sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CarrierCheckAnswerSchema,
  LicensingFileDatesSchema,
  type CarrierCheckAnswer,
} from '@moveratlas/contracts';
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

const CENSUS_FILE = 'FMCSA_CENSUS1_2026Oct.txt';
const CENSUS_DATE = '2026-10-01';
const REVOCATIONS_DATE = '2026-11-02';

/** The fixture's carriers, by USDOT number. */
const CLEAN = FILLER + 101;
const BY_DBA = FILLER + 102;
const NO_AUTHORITY = FILLER + 103;
const REVOKED = FILLER + 201;
const BROKER = FILLER + 202;
/** 22 carriers named "ZZCHECK CARRIER 01" to "22", numbered the other way round. */
const MANY = Array.from({ length: 22 }, (_, i) => ({
  name: `ZZCHECK CARRIER ${String(i + 1).padStart(2, '0')}`,
  dot: FILLER + 400 - i,
}));

interface Company {
  id: number;
  name: string;
  slug: string;
  usdot_number: string;
  mc_number: string | null;
}

describe.each(testDatabases())('Check a mover on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  let worker: JobWorker;
  /** A listed company, in the census under its own name; and an unlisted one. */
  let listed: Company;
  let unlisted: Company;

  const check = async (q: string | null, extra = '') => {
    const res = await app.get(
      `/api/licensing/check${q === null ? '' : `?q=${encodeURIComponent(q)}`}${extra}`,
    );
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const answer = async (q: string): Promise<CarrierCheckAnswer> => {
    const { status, body } = await check(q);
    expect(status, JSON.stringify(body)).toBe(200);
    return CarrierCheckAnswerSchema.parse(body);
  };

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    await cleanLicensing(app.db);
    const columns = ['id', 'name', 'slug', 'usdot_number', 'mc_number'];
    listed = (await app
      .db('companies')
      .where('is_in_list', true)
      .whereNotNull('usdot_number')
      .whereRaw("usdot_number <> ''")
      .orderBy('id')
      .first(columns)) as Company;
    unlisted = (await app
      .db('companies')
      .where('is_in_list', false)
      .whereNotNull('usdot_number')
      .whereRaw("usdot_number <> ''")
      .orderBy('id')
      .first(columns)) as Company;
    worker = startLicensingWorker(app.db);
  });

  afterAll(async () => {
    await worker?.stop();
    if (app) {
      await cleanLicensing(app.db);
      await app.db('rate_limit_hits').where('key', 'like', 'licensing-check:%').delete();
      await app.close();
    }
  });

  it('answers before any census is imported: nothing found, and no census date', async () => {
    expect(await answer(String(CLEAN))).toEqual({
      query: String(CLEAN),
      readAs: 'usdot',
      results: [],
      more: false,
      censusDate: null,
    });
    const files = await app.get('/api/licensing/files');
    expect(files.status).toBe(200);
    expect(LicensingFileDatesSchema.parse(await files.json())).toEqual({
      censusDate: null,
      revocationsDate: null,
    });
  });

  it('imports the fixture census and revocations', async () => {
    const census = fmcsaCsv([
      CENSUS_HEADER,
      censusRow({
        DOT_NUMBER: String(CLEAN).padStart(8, '0'),
        LEGAL_NAME: 'ACME CHECK MOVING LLC',
        MCS150_DATE: '01/15/2026',
      }),
      censusRow({
        DOT_NUMBER: String(BY_DBA),
        LEGAL_NAME: 'BETA HOLDINGS INC',
        DBA_NAME: 'ACME CHECK EXPRESS',
        MCS150_DATE: '01/15/2026',
      }),
      censusRow({
        DOT_NUMBER: String(NO_AUTHORITY),
        LEGAL_NAME: 'ACME CHECKPOINT TRUCKING',
        AUTHORIZED_FOR_HIRE: 'N',
        MCS150_DATE: '15-JAN-20',
      }),
      censusRow({
        DOT_NUMBER: String(REVOKED),
        LEGAL_NAME: 'REVOKED CHECK VAN LINES INC',
        MCS150_DATE: '01/15/2026',
      }),
      censusRow({
        DOT_NUMBER: String(BROKER),
        LEGAL_NAME: 'BROKER CHECK LOGISTICS',
        MCS150_DATE: '01/15/2026',
      }),
      ...MANY.map((m) =>
        censusRow({ DOT_NUMBER: String(m.dot), LEGAL_NAME: m.name, MCS150_DATE: '01/15/2026' }),
      ),
      censusRow({
        DOT_NUMBER: listed.usdot_number.replace(/\D/g, ''),
        LEGAL_NAME: listed.name.toUpperCase(),
        MCS150_DATE: '01/15/2026',
      }),
      censusRow({
        DOT_NUMBER: unlisted.usdot_number.replace(/\D/g, ''),
        LEGAL_NAME: unlisted.name.toUpperCase(),
        MCS150_DATE: '01/15/2026',
      }),
    ]);
    const censusImport = await importLicensingFile(admin, census, CENSUS_FILE);
    expect(censusImport).toMatchObject({ status: 'succeeded', fileDate: CENSUS_DATE });
    expect(censusImport.rows).toMatchObject({ rejected: 0, inserted: 5 + MANY.length + 2 });
    const revocations = fmcsaCsv([
      REVOCATIONS_HEADER,
      [
        'MC099001',
        String(REVOKED).padStart(8, '0'),
        'COMMON',
        '09/15/2026',
        'INVOLUNTARY REVOCATION',
        '10/15/2026',
      ],
      ['MC099002', String(BROKER), 'BROKER', '08/01/2026', 'VOLUNTARY REVOCATION', ''],
      // A docket FMCSA ties to no USDOT number, and no carrier of the census.
      ['MC099003', '00000000', 'CONTRACT', '07/01/2026', 'INVOLUNTARY REVOCATION', '07/31/2026'],
    ]);
    const revocationsImport = await importLicensingFile(
      admin,
      revocations,
      'revocations.csv',
      REVOCATIONS_DATE,
    );
    expect(revocationsImport).toMatchObject({ status: 'succeeded', rows: { inserted: 3 } });
    const files = await app.get('/api/licensing/files');
    expect(await files.json()).toEqual({
      censusDate: CENSUS_DATE,
      revocationsDate: REVOCATIONS_DATE,
    });
  });

  it('reads a USDOT number with leading zeros or "USDOT" before it', async () => {
    for (const q of [`00${CLEAN}`, `USDOT ${CLEAN}`, `usdot#${CLEAN}`]) {
      const found = await answer(q);
      expect(found).toMatchObject({
        query: q,
        readAs: 'usdot',
        more: false,
        censusDate: CENSUS_DATE,
      });
      expect(found.results).toHaveLength(1);
      const [result] = found.results;
      expect(result!.facts).toMatchObject({
        company: null,
        matchedBy: 'usdot',
        docket: null,
        revocations: [],
        carrier: {
          dotNumber: CLEAN,
          legalName: 'ACME CHECK MOVING LLC',
          operation: 'A',
          authorizedForHire: true,
          mcs150Date: '2026-01-15',
          powerUnits: 3,
          drivers: 4,
          city: 'DALLAS',
          state: 'TX',
          source: { kind: 'census', file: CENSUS_FILE, date: CENSUS_DATE },
          seenOn: CENSUS_DATE,
        },
      });
      // Not one of ours: no listing, and nothing to flag.
      expect(result!.listing).toBeNull();
      expect(result!.assessment).toEqual({
        badge: 'checked',
        checkedOn: CENSUS_DATE,
        authority: 'active',
        redFlags: [],
      });
    }
  });

  it('reads an MC docket with its prefix, and explains the revocation', async () => {
    for (const q of ['MC-099001', 'mc 99001', 'MC#0099001']) {
      const found = await answer(q);
      expect(found.readAs).toBe('mc');
      expect(found.results).toHaveLength(1);
      const [result] = found.results;
      expect(result!.facts.carrier?.dotNumber).toBe(REVOKED);
      expect(result!.facts).toMatchObject({ matchedBy: 'mc', docket: 'MC99001', company: null });
      expect(result!.facts.revocations).toEqual([
        {
          docket: 'MC99001',
          authorityType: 'COMMON',
          serveDate: '2026-09-15',
          revocationType: 'INVOLUNTARY REVOCATION',
          effectiveDate: '2026-10-15',
          source: { kind: 'revocations', file: 'revocations.csv', date: REVOCATIONS_DATE },
        },
      ]);
      expect(result!.assessment).toMatchObject({
        badge: 'red-flag',
        authority: 'revoked',
        redFlags: ['authority-revoked'],
      });
    }
  });

  it('answers a docket without a census carrier with its revocations alone', async () => {
    const found = await answer('MC-99003');
    expect(found.results).toHaveLength(1);
    const [result] = found.results;
    expect(result!.facts).toMatchObject({ carrier: null, docket: 'MC99003', company: null });
    expect(result!.facts.revocations.map((r) => r.authorityType)).toEqual(['CONTRACT']);
    expect(result!.assessment).toMatchObject({
      authority: 'revoked',
      redFlags: ['authority-revoked'],
    });
  });

  it('flags a broker, and an interstate carrier without authority and an old registration', async () => {
    const broker = (await answer('MC099002')).results[0]!;
    expect(broker.facts.carrier?.dotNumber).toBe(BROKER);
    expect(broker.assessment.redFlags).toEqual(['broker-not-mover']);
    const noAuthority = (await answer(String(NO_AUTHORITY))).results[0]!;
    expect(noAuthority.assessment).toMatchObject({
      badge: 'red-flag',
      authority: 'none',
      redFlags: ['interstate-without-authority', 'mcs150-outdated'],
    });
  });

  it('finds names by their start, legal or DBA, in name order', async () => {
    const found = await answer('Acme Check');
    expect(found).toMatchObject({ readAs: 'name', more: false });
    // "acme check express" (a DBA), "acme check moving llc", "acme checkpoint trucking".
    expect(found.results.map((r) => r.facts.carrier?.dotNumber)).toEqual([
      BY_DBA,
      CLEAN,
      NO_AUTHORITY,
    ]);
    expect(found.results[0]!.facts.carrier).toMatchObject({
      legalName: 'BETA HOLDINGS INC',
      dbaName: 'ACME CHECK EXPRESS',
    });
    // Punctuation and case do not matter; a longer start narrows.
    expect((await answer('acme-check, m')).results.map((r) => r.facts.carrier?.dotNumber)).toEqual([
      CLEAN,
    ]);
  });

  it('shows 20 names at most, in name order, and says there are more', async () => {
    const found = await answer('zzcheck');
    expect(found.more).toBe(true);
    expect(found.results.map((r) => r.facts.carrier?.legalName)).toEqual(
      MANY.slice(0, 20).map((m) => m.name),
    );
    const fewer = await answer('ZZCHECK CARRIER 0');
    expect(fewer.more).toBe(false);
    expect(fewer.results.map((r) => r.facts.carrier?.dotNumber)).toEqual(
      MANY.slice(0, 9).map((m) => m.dot),
    );
  });

  it('gives our listing for a listed company, and none for an unlisted one', async () => {
    const found = await answer(listed.usdot_number);
    expect(found.results).toHaveLength(1);
    const [result] = found.results;
    expect(result!.listing).toEqual({ name: listed.name, slug: listed.slug });
    const interstate = await app
      .db('company_services')
      .where({ company_id: listed.id, service_id: 'long-distance-moving' })
      .first();
    expect(result!.facts.company).toEqual({
      name: listed.name,
      usdotNumber: listed.usdot_number.trim(),
      mcNumber: listed.mc_number?.trim() || null,
      offersInterstate: interstate !== undefined,
    });
    expect(result!.facts.matchedBy).toBe('usdot');
    expect(result!.assessment.redFlags).not.toContain('name-differs');
    // By its name too.
    const byName = await answer(listed.name);
    expect(byName.results.find((r) => r.listing !== null)?.listing).toEqual({
      name: listed.name,
      slug: listed.slug,
    });

    const other = await answer(unlisted.usdot_number);
    expect(other.results).toHaveLength(1);
    expect(other.results[0]!.listing).toBeNull();
    expect(other.results[0]!.facts.company).toBeNull();
  });

  it('answers a number or name the files do not hold with no results and the census date', async () => {
    expect(await answer('99999999')).toEqual({
      query: '99999999',
      readAs: 'usdot',
      results: [],
      more: false,
      censusDate: CENSUS_DATE,
    });
    expect(await answer('MC-1')).toMatchObject({ readAs: 'mc', results: [] });
    expect(await answer('nobody by this name')).toMatchObject({ readAs: 'name', results: [] });
  });

  it('refuses what it cannot read, in words', async () => {
    const refusals: Array<[string | null, string, string]> = [
      [
        'ab',
        '',
        'Enter at least 3 letters or digits of the company’s name, or its USDOT or MC number',
      ],
      [
        'a.b',
        '',
        'Enter at least 3 letters or digits of the company’s name, or its USDOT or MC number',
      ],
      ['  ', '', 'Enter a USDOT number, an MC number or a company name'],
      [null, '', 'Search is required'],
      ['00000000', '', 'A USDOT number is not all zeros'],
      ['1234567890', '', 'A USDOT number has at most 8 digits'],
      [
        'MC-0',
        '',
        'An MC number is MC followed by up to 8 digits, like MC-123456 (FF and MX numbers the same way)',
      ],
      ['x'.repeat(121), '', 'Enter at most 120 characters'],
    ];
    for (const [q, extra, error] of refusals) {
      const { status, body } = await check(q, extra);
      expect({ q, status, body }).toEqual({ q, status: 400, body: { error } });
    }
    const { status, body } = await check('acme', '&state=TX');
    expect(status).toBe(400);
    expect((body as { error: string }).error).toMatch(/state/i);
  });

  it('renders /check-a-mover on the server with the results, for browsers without scripts', async () => {
    const res = await app.get('/check-a-mover?q=MC-099001');
    expect(res.status).toBe(200);
    const html = await res.text();
    const form = /<form[^>]*aria-label="Check a mover"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/check-a-mover"');
    expect(html).toContain('USDOT number, MC number or company name');
    expect(html).toContain('REVOKED CHECK VAN LINES INC');
    expect(html).toContain('Operating authority revoked');
    expect(html).toContain(
      'Involuntary revocation of MC99001’s common authority, served September 15, 2026, effective October 15, 2026',
    );
    expect(html).toContain('Not listed on MoverAtlas');
    expect(html).toContain('FMCSA motor carrier census, October 1, 2026');

    const mine = await (await app.get(`/check-a-mover?q=${listed.usdot_number}`)).text();
    expect(mine).toMatch(new RegExp(`Listed on MoverAtlas: <a[^>]*href="/company/${listed.slug}"`));

    const none = await (await app.get('/check-a-mover?q=99999998')).text();
    expect(none).toContain(
      'Nothing in FMCSA’s census of October 1, 2026 matches USDOT number 99999998',
    );

    const refused = await app.get('/check-a-mover?q=ab');
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain(
      'Enter at least 3 letters or digits of the company’s name, or its USDOT or MC number',
    );
  });

  it('limits checks per address, in words', async () => {
    await app.db('rate_limit_hits').where('key', 'like', 'licensing-check:%').delete();
    const limited = await startTestApp(database.config, {
      RATE_LIMIT_MATCHES: '2',
      API_CACHE_SECONDS: '0',
    });
    try {
      for (const q of ['limit check one', 'limit check two'])
        expect((await limited.get(`/api/licensing/check?q=${encodeURIComponent(q)}`)).status).toBe(
          200,
        );
      const refused = await limited.get('/api/licensing/check?q=limit+check+three');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^Too many carrier checks from this address; please try again in \d+ seconds$/,
      );
    } finally {
      await limited.close();
      await app.db('rate_limit_hits').where('key', 'like', 'licensing-check:%').delete();
    }
  });
});
