import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CityDetailSchema,
  MAJOR_CITIES,
  MajorCitySchema,
  SearchResultsSchema,
  StateDetailSchema,
  StateSummarySchema,
  US_STATES,
  ZipPlaceSchema,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

describe.each(testDatabases())('states, cities, search and geo API on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(database.config);
  });
  afterAll(() => app.close());

  const json = async (path: string, status = 200): Promise<unknown> => {
    const res = await app.get(path);
    expect(res.status, path).toBe(status);
    return res.json();
  };

  it('lists the 51 states with company counts that add up to the directory', async () => {
    const states = StateSummarySchema.strict()
      .array()
      .parse(await json('/api/states'));
    expect(states).toHaveLength(51);
    expect(new Set(states.map((s) => s.abbreviation))).toEqual(
      new Set(US_STATES.map((s) => s.abbreviation)),
    );
    expect(states.every((s) => s.companyCount > 0)).toBe(true);
    const total = await app.get('/api/companies?limit=1');
    expect(states.reduce((sum, s) => sum + s.companyCount, 0)).toBe(
      Number(total.headers.get('x-total-count')),
    );
  });

  it('answers a state by slug, name or abbreviation with its cities and statistics', async () => {
    const illinois = StateDetailSchema.strict().parse(await json('/api/states/illinois'));
    expect(await json('/api/states/IL')).toEqual(illinois);
    expect(await json('/api/states/Illinois')).toEqual(illinois);
    expect(illinois.slug).toBe('illinois');
    const chicago = illinois.cities.find((c) => c.slug === 'chicago');
    expect(chicago?.companyCount).toBe(64);
    expect(illinois.cities[0]!.companyCount).toBeGreaterThanOrEqual(
      illinois.cities.at(-1)!.companyCount,
    );
    expect(illinois.cities.reduce((sum, c) => sum + c.companyCount, 0)).toBe(
      illinois.statistics.companyCount,
    );
    expect(illinois.statistics.companyCount).toBe(illinois.companyCount);
    const rated = illinois.statistics.ratingDistribution.reduce((sum, d) => sum + d.count, 0);
    expect(rated).toBeLessThanOrEqual(illinois.companyCount);
    expect(illinois.statistics.averageRating).toBeGreaterThan(1);
    expect(
      illinois.statistics.serviceMix.find((s) => s.id === 'local-moving')?.count,
    ).toBeGreaterThan(0);
    expect(await json('/api/states/narnia', 404)).toEqual({ error: 'No US state "narnia"' });
  });

  it('answers a city with statistics, ZIP codes and nearby cities by distance', async () => {
    const chicago = CityDetailSchema.strict().parse(
      await json('/api/states/illinois/cities/chicago'),
    );
    expect(chicago.statistics.companyCount).toBe(64);
    expect(chicago.zipCodes).toContain('60601');
    expect(chicago.state.abbreviation).toBe('IL');
    expect(chicago.nearbyCities.length).toBeGreaterThan(0);
    const distances = chicago.nearbyCities.map((c) => c.distanceMiles);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(
      chicago.nearbyCities.every((c) => c.slug !== 'chicago' || c.state.slug !== 'illinois'),
    ).toBe(true);
    expect(await json('/api/states/IL/cities/chicago')).toEqual(chicago);
    await json('/api/states/illinois/cities/atlantis', 404);
    await json('/api/states/illinois/cities/DROP%20TABLE', 404);
  });

  it('answers the five major cities with their live counts', async () => {
    const cities = MajorCitySchema.strict()
      .array()
      .parse(await json('/api/cities/major'));
    expect(cities).toEqual(MAJOR_CITIES.map((c) => ({ ...c })));
  });

  it('searches companies, cities, states and ZIP codes, grouped', async () => {
    const chi = SearchResultsSchema.strict().parse(await json('/api/search?q=chi'));
    expect(chi.cities[0]).toMatchObject({
      name: 'Chicago',
      state: { abbreviation: 'IL' },
      companyCount: 64,
    });
    expect(chi.totals.cities).toBeGreaterThanOrEqual(chi.cities.length);

    const typo = SearchResultsSchema.parse(await json('/api/search?q=illinios'));
    expect(typo.states.map((s) => s.slug)).toContain('illinois');
    const cityTypo = SearchResultsSchema.parse(await json('/api/search?q=chicagp'));
    expect(cityTypo.cities.map((c) => c.slug)).toContain('chicago');

    const byAbbreviation = SearchResultsSchema.parse(await json('/api/search?q=tx'));
    expect(byAbbreviation.states[0]?.slug).toBe('texas');

    const zips = SearchResultsSchema.parse(await json('/api/search?q=606'));
    expect(zips.zips.length).toBeGreaterThan(0);
    expect(zips.zips.every((z) => z.zip.startsWith('606'))).toBe(true);

    const company = (await app.db('companies').orderBy('id').first('name')) as { name: string };
    const word = company.name.split(' ').find((w) => /^[A-Za-z]{4,}$/.test(w))!;
    const byCompany = SearchResultsSchema.parse(
      await json(`/api/search?q=${encodeURIComponent(word)}&type=companies&limit=5`),
    );
    expect(byCompany.companies.length).toBeGreaterThan(0);
    expect(byCompany.cities).toEqual([]);

    const secondPage = SearchResultsSchema.parse(
      await json(`/api/search?q=${encodeURIComponent(word)}&type=companies&limit=5&offset=5`),
    );
    expect(secondPage.totals.companies).toBe(byCompany.totals.companies);
    if (byCompany.totals.companies > 5) {
      expect(secondPage.companies[0]?.id).not.toBe(byCompany.companies[0]?.id);
    }
  });

  it.each([
    ['Houston, TX', 'city', 'Houston, TX', '/states/texas/houston'],
    ['houston tx', 'city', 'Houston, TX', '/states/texas/houston'],
    ['Houston, Texas', 'city', 'Houston, TX', '/states/texas/houston'],
    ['houston movers', 'city', 'Houston, TX', '/states/texas/houston'],
    ['moving companies in Chicago', 'city', 'Chicago, IL', '/states/illinois/chicago'],
    ['chicago', 'city', 'Chicago, IL', '/states/illinois/chicago'],
    ['St Louis', 'city', 'Saint Louis, MO', '/states/missouri/saint-louis'],
    ['st. louis, mo', 'city', 'Saint Louis, MO', '/states/missouri/saint-louis'],
    ['Ft Worth', 'city', 'Fort Worth, TX', '/states/texas/fort-worth'],
    ['Texas', 'state', 'Texas', '/states/texas'],
    ['movers in tx', 'state', 'Texas', '/states/texas'],
  ])('names the place %j: the %s %s', async (q, type, name, path) => {
    const results = SearchResultsSchema.parse(await json(`/api/search?q=${encodeURIComponent(q)}`));
    expect(results.place).toEqual({ type, name, path });
  });

  it('lists the city named first among the cities, and names no place for a company or a word', async () => {
    const stLouis = SearchResultsSchema.parse(await json('/api/search?q=St%20Louis'));
    // Issue 15: "St Louis" gave Louisville's movers.
    expect(stLouis.cities[0]).toMatchObject({ name: 'Saint Louis', state: { abbreviation: 'MO' } });
    expect(stLouis.cities.map((c) => c.name)).not.toContain('Louisville');
    // Our data writes some names abbreviated ("St John", KS): spelled out, they are still found.
    const stJohn = SearchResultsSchema.parse(await json('/api/search?q=Saint%20John%2C%20KS'));
    expect(stJohn.cities[0]).toMatchObject({ name: 'St John', state: { abbreviation: 'KS' } });
    const houston = SearchResultsSchema.parse(await json('/api/search?q=Houston%2C%20TX'));
    expect(houston.cities[0]).toMatchObject({ name: 'Houston', state: { abbreviation: 'TX' } });
    expect(houston.cities.every((c) => c.state.abbreviation === 'TX')).toBe(true);
    for (const q of ['new', 'zzqxj', '60601', 'moving companies']) {
      const results = SearchResultsSchema.parse(
        await json(`/api/search?q=${encodeURIComponent(q)}`),
      );
      expect(results.place ?? null, q).toBeNull();
    }
  });

  it('ranks a company whose name is the query before other matches', async () => {
    const company = (await app
      .db('companies')
      .where('is_in_list', true)
      .orderBy('id', 'desc')
      .first('name')) as { name: string };
    const results = SearchResultsSchema.parse(
      await json(`/api/search?q=${encodeURIComponent(company.name)}&type=companies`),
    );
    expect(results.companies[0]?.name).toBe(company.name);
  });

  it.each([
    ['/api/search', /Search is required/],
    ['/api/search?q=', /Search is required/],
    [`/api/search?q=${'a'.repeat(101)}`, /Search must be at most 100 characters/],
    ['/api/search?q=chi&type=people', /Type must be one of/],
    ['/api/search?q=chi&limit=500', /Limit must be between 1 and 50/],
    ['/api/geo/zip/abc', /ZIP code must be five digits/],
    ['/api/geo/zip/606011', /ZIP code must be five digits/],
    ['/api/geo/places', /Search is required/],
  ])('answers %s with 400', async (path, message) => {
    const body = (await json(path, 400)) as { error: string };
    expect(body.error).toMatch(message);
  });

  it('survives hostile search text', async () => {
    for (const q of ["' OR 1=1 --", '%%%', '😀', '\u0000', 'SELECT * FROM admin_users']) {
      const res = await app.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      SearchResultsSchema.parse(await res.json());
    }
  });

  it('suggests where people live: a city by its main ZIP, P.O.-box and unique ZIPs last but still placed', async () => {
    const chicago = ZipPlaceSchema.array().parse(await json('/api/geo/places?q=Chicago'));
    expect(chicago[0]).toMatchObject({ zip: '60601', city: { name: 'Chicago' } });
    // 85001 and 85002 are Phoenix's P.O.-box ZIPs: the first residential one leads.
    const phoenix = ZipPlaceSchema.array().parse(await json('/api/geo/places?q=850&limit=3'));
    expect(phoenix.map((p) => p.zip)).toEqual(['85003', '85004', '85006']);
    // Typed in full they still answer, in the city they belong to (98450 is the state lottery's, in Tacoma).
    expect(ZipPlaceSchema.parse(await json('/api/geo/zip/60290'))).toMatchObject({
      city: { name: 'Chicago' },
      state: { abbreviation: 'IL' },
    });
    expect(ZipPlaceSchema.parse(await json('/api/geo/zip/98450'))).toMatchObject({
      city: { name: 'Tacoma' },
      state: { abbreviation: 'WA' },
    });
    expect(await json(`/api/geo/places?q=${encodeURIComponent('Wa State Lottery')}`)).toEqual([]);
    await json('/api/states/washington/cities/wa-state-lottery', 404);
    const page = CityDetailSchema.parse(await json('/api/states/illinois/cities/chicago'));
    expect(page.zipCodes).toContain('60601');
    expect(page.zipCodes).not.toContain('60290');
  });

  it('looks up a ZIP code and autocompletes places', async () => {
    const zip = ZipPlaceSchema.strict().parse(await json('/api/geo/zip/60601'));
    expect(zip).toMatchObject({
      zip: '60601',
      city: { name: 'Chicago', slug: 'chicago' },
      state: { abbreviation: 'IL' },
    });
    expect(zip.label).toBe('Chicago, IL 60601');
    await json('/api/geo/zip/00000', 404);

    const byCity = ZipPlaceSchema.array().parse(
      await json(`/api/geo/places?q=${encodeURIComponent('Chicago, IL')}`),
    );
    expect(byCity[0]).toMatchObject({ city: { slug: 'chicago' }, state: { abbreviation: 'IL' } });
    const byCityAndName = ZipPlaceSchema.array().parse(
      await json(`/api/geo/places?q=${encodeURIComponent('springfield illinois')}`),
    );
    expect(byCityAndName.length).toBeGreaterThan(0);
    const withoutComma = ZipPlaceSchema.array().parse(
      await json(`/api/geo/places?q=${encodeURIComponent('Springfield IL')}`),
    );
    expect(withoutComma.every((p) => p.state.abbreviation === 'IL')).toBe(true);
    const anywhere = ZipPlaceSchema.array().parse(await json('/api/geo/places?q=springf'));
    expect(new Set(anywhere.map((p) => p.state.abbreviation)).size).toBeGreaterThan(1);
    const byPrefix = ZipPlaceSchema.array().parse(await json('/api/geo/places?q=9021&limit=3'));
    expect(byPrefix).toHaveLength(3);
    expect(byPrefix.every((p) => p.zip.startsWith('9021'))).toBe(true);
    const full = ZipPlaceSchema.array().parse(
      await json(`/api/geo/places?q=${encodeURIComponent('Chicago, IL 60601')}`),
    );
    expect(full.map((p) => p.zip)).toEqual(['60601']);
    // "St" as people type it, "Saint" as our data writes it, and the other way round (issue 15).
    for (const [q, city] of [
      ['St Louis, MO', 'Saint Louis'],
      ['st. louis', 'Saint Louis'],
      ['Saint John, KS', 'St John'],
    ] as const) {
      const suggested = ZipPlaceSchema.array().parse(
        await json(`/api/geo/places?q=${encodeURIComponent(q)}`),
      );
      expect(suggested[0]?.city.name, q).toBe(city);
    }
  });
});
