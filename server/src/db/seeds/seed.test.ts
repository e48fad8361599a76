import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAJOR_CITIES, SERVICES, US_STATES, rankScore } from '@moveratlas/contracts';
import { openDatabase } from '../connection';
import { migrationSource } from '../migrations/index';
import { allocateCompanies, allocateStates, majorCityTargets } from './allocation';
import { featuredCount } from './companies';
import { cityLocator, loadGeography } from './geography';
import { seedDatabase, type SeedSummary } from './index';
import { AreaCodeMap, areaCodeStates } from './phones';
import { Random } from './random';
import { MAX_SENTENCE_USES } from './review-text';
import { averageRating } from './reviews';

const COMPANIES = 1000;
const SEED = 20261123;

const opened: Knex[] = [];

async function freshDatabase(): Promise<Knex> {
  const db = openDatabase({ client: 'sqlite', filename: ':memory:' });
  opened.push(db);
  await db.migrate.latest({ migrationSource });
  return db;
}

async function seeded(seed: number): Promise<{ db: Knex; summary: SeedSummary }> {
  const db = await freshDatabase();
  const summary = await seedDatabase(db, { companies: COMPANIES, seed });
  return { db, summary };
}

/** A digest of every row of a table in a fixed order: equal digests mean byte-identical data. */
async function tableHash(db: Knex, table: string, orderBy: string[]): Promise<string> {
  const rows: unknown[] = await db(table).select('*').orderBy(orderBy);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

async function count(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
});

describe(`seedDatabase with ${COMPANIES} companies`, () => {
  let db: Knex;
  let summary: SeedSummary;

  beforeAll(async () => {
    ({ db, summary } = await seeded(SEED));
  }, 60_000);

  it('creates exactly the requested number of companies and reports what it wrote', async () => {
    expect(await count(db('companies'))).toBe(COMPANIES);
    expect(summary.companies).toBe(COMPANIES);
    expect(await count(db('states'))).toBe(51);
    expect(await count(db('cities'))).toBe(summary.cities);
    expect(await count(db('zip_codes'))).toBe(summary.zipCodes);
    expect(await count(db('reviews'))).toBe(summary.reviews);
    expect(await count(db('companies').where('is_featured', true))).toBe(summary.featured);
    expect(await count(db('services'))).toBe(SERVICES.length);
    expect(summary.cities).toBeGreaterThan(25_000);
    expect(summary.zipCodes).toBeGreaterThan(40_000);
  });

  it('makes cities only of places where people live, and puts every company in a residential ZIP', async () => {
    const withoutResidents = await count(
      db('cities as ci').whereNotExists(
        db('zip_codes as z').whereRaw('z.city_id = ci.id').where('z.kind', 'standard'),
      ),
    );
    expect(withoutResidents).toBe(0);
    expect(
      await count(
        db('cities').where('population', '<=', 0).whereIn('id', db('companies').select('city_id')),
      ),
    ).toBe(0);
    const outside = await count(
      db('companies as c')
        .join('zip_codes as z', 'z.zip', 'c.zip_code')
        .whereNot('z.kind', 'standard'),
    );
    expect(outside).toBe(0);
    // The tester's finds are no places of their own, and their ZIPs still place a visitor in the real city.
    const names = (await db('cities').pluck('name')) as string[];
    for (const name of [
      'Wa State Lottery',
      'Census Bureau',
      'Corporate Mailings',
      'State Board Of Insurance',
    ])
      expect(names).not.toContain(name);
    const placed = await db('zip_codes as z')
      .join('cities as ci', 'ci.id', 'z.city_id')
      .whereIn('z.zip', ['98450', '60290', '73301'])
      .orderBy('z.zip')
      .select('z.zip', 'z.kind', 'ci.name');
    expect(placed).toEqual([
      { zip: '60290', kind: 'po_box', name: 'Chicago' },
      { zip: '73301', kind: 'po_box', name: 'Austin' },
      { zip: '98450', kind: 'unique', name: 'Tacoma' },
    ]);
  });

  it('never gives two companies of one city the same name, nor, at this size, two on the site', async () => {
    const sameCity = await db('companies')
      .groupBy('city_id', 'name')
      .havingRaw('COUNT(*) > 1')
      .select('city_id', 'name');
    expect(sameCity).toEqual([]);
    const distinct = (await db('companies').countDistinct({ n: 'name' }).first()) as { n: number };
    expect(Number(distinct.n)).toBe(COMPANIES);
  });

  it('repeats no review sentence on a company page, and none more than a handful of times on the site', async () => {
    const rows = (await db('reviews')
      .orderBy(['company_id', 'id'])
      .select('company_id', 'body', 'title')) as Array<{
      company_id: number;
      body: string;
      title: string;
    }>;
    const uses = new Map<string, number>();
    const repeatedOnPage: string[] = [];
    let page = new Set<string>();
    let company = 0;
    for (const row of rows) {
      if (row.company_id !== company) {
        page = new Set();
        company = row.company_id;
      }
      // Sentences end at ". " before a capital: the seed writes no abbreviation with a period.
      for (const sentence of row.body.split(/(?<=[.!?])\s+(?=[A-Z"'$0-9])/)) {
        if (page.has(sentence)) repeatedOnPage.push(`${row.company_id}: ${sentence}`);
        page.add(sentence);
        uses.set(sentence, (uses.get(sentence) ?? 0) + 1);
      }
    }
    expect(repeatedOnPage).toEqual([]);
    const mostUsed = Math.max(...uses.values());
    expect(mostUsed).toBeLessThanOrEqual(MAX_SENTENCE_USES);
    // Varied, not one-sentence reviews: most have two or more sentences.
    expect([...uses.values()].reduce((a, b) => a + b, 0) / rows.length).toBeGreaterThan(2);
    const titles = new Map<string, number>();
    for (const row of rows) titles.set(row.title, (titles.get(row.title) ?? 0) + 1);
    expect(titles.size).toBeGreaterThan(rows.length / 3);
  });

  it('gives every company its own phone number with an area code of its city', async () => {
    const rows = (await db('companies as c')
      .join('cities as ci', 'ci.id', 'c.city_id')
      .join('states as s', 's.id', 'c.state_id')
      .select('c.phone', 's.abbreviation', 'ci.name', 'ci.lat', 'ci.lng')) as Array<{
      phone: string;
      abbreviation: string;
      name: string;
      lat: number;
      lng: number;
    }>;
    expect(new Set(rows.map((r) => r.phone)).size).toBe(rows.length);
    const stateOf = areaCodeStates();
    const codes = new AreaCodeMap(cityLocator(loadGeography()));
    const notLocal = rows.filter((r) => {
      const code = r.phone.slice(1, 4);
      const { ordered, local } = codes.codesNear(r.abbreviation, r.lat, r.lng);
      return stateOf.get(code) !== r.abbreviation || !ordered.slice(0, local).includes(code);
    });
    expect(notLocal).toEqual([]);
    const codesOf = (city: string) =>
      new Set(rows.filter((r) => r.name === city).map((r) => r.phone.slice(1, 4)));
    expect([...codesOf('New York')].every((c) => ['212', '646', '332'].includes(c))).toBe(true);
    expect([...codesOf('Houston')].every((c) => ['713', '281', '832', '346'].includes(c))).toBe(
      true,
    );
  });

  it('records the run in seed_runs', async () => {
    expect(await db('seed_runs').select('name', 'seed', 'company_count')).toEqual([
      { name: 'directory', seed: SEED, company_count: COMPANIES },
    ]);
  });

  it('gives every one of the 50 states and DC companies', async () => {
    const rows: Array<{ abbreviation: string; n: number }> = await db('states as s')
      .join('companies as c', 'c.state_id', 's.id')
      .groupBy('s.id', 's.abbreviation')
      .select('s.abbreviation')
      .count({ n: 'c.id' });
    expect(rows).toHaveLength(US_STATES.length);
    for (const row of rows) expect(Number(row.n)).toBeGreaterThanOrEqual(3);
  });

  it('puts exactly the spec count of companies in each major city', async () => {
    for (const major of MAJOR_CITIES) {
      const n = await count(
        db('companies as c')
          .join('cities as ci', 'ci.id', 'c.city_id')
          .join('states as s', 's.id', 'ci.state_id')
          .where({ 'ci.slug': major.citySlug, 's.slug': major.stateSlug, 'ci.name': major.name }),
      );
      expect(n, major.name).toBe(major.count);
    }
  });

  it('keeps every company in the state of its city, with a ZIP of that city', async () => {
    const mismatched = await count(
      db('companies as c')
        .join('cities as ci', 'ci.id', 'c.city_id')
        .leftJoin('zip_codes as z', 'z.zip', 'c.zip_code')
        .where((q) =>
          q
            .whereRaw('ci.state_id <> c.state_id')
            .orWhereNull('z.zip')
            .orWhereRaw('z.city_id <> c.city_id'),
        ),
    );
    expect(mismatched).toBe(0);
  });

  it('derives every rating and review count from the published reviews', async () => {
    const [row] = (await db.raw(`
      SELECT COUNT(*) AS bad FROM companies c
      LEFT JOIN (
        SELECT company_id, COUNT(*) AS n, SUM(rating) AS total FROM reviews WHERE status = 'published' GROUP BY company_id
      ) r ON r.company_id = c.id
      WHERE c.review_count <> COALESCE(r.n, 0)
         OR (r.n IS NULL AND c.rating IS NOT NULL)
         OR (r.n IS NOT NULL AND (c.rating IS NULL OR ABS(c.rating - 1.0 * r.total / r.n) > 0.00501))
    `)) as Array<{ bad: number }>;
    expect(row?.bad).toBe(0);
    // The skew the pages rely on: mostly good movers, some bad ones, some without any review.
    const withoutReviews = await count(db('companies').where('review_count', 0));
    expect(withoutReviews).toBeGreaterThan(COMPANIES * 0.04);
    expect(withoutReviews).toBeLessThan(COMPANIES * 0.15);
    expect(await count(db('companies').where('rating', '<', 3))).toBeGreaterThan(0);
    expect(summary.reviews / COMPANIES).toBeGreaterThan(5);
    expect(summary.reviews / COMPANIES).toBeLessThan(9);
  });

  it('gives every company the rank score of its published reviews, none without any', async () => {
    const rows = (await db('companies as c')
      .leftJoin(
        db('reviews')
          .where('status', 'published')
          .groupBy('company_id')
          .select('company_id')
          .count({ n: '*' })
          .sum({ total: 'rating' })
          .as('r'),
        'r.company_id',
        'c.id',
      )
      .select('c.id', 'c.rank_score', 'r.n', 'r.total')) as Array<{
      id: number;
      rank_score: number | null;
      n: number | null;
      total: number | null;
    }>;
    const wrong = rows.filter(
      (row) => row.rank_score !== rankScore(Number(row.total ?? 0), Number(row.n ?? 0)),
    );
    expect(wrong).toEqual([]);
    expect(rows.filter((row) => row.rank_score === null).length).toBeGreaterThan(0);
  });

  it('uses fictional 555-01XX phone numbers and example domains only', async () => {
    const rows: Array<{ phone: string; website: string; email: string; slug: string }> = await db(
      'companies',
    ).select('phone', 'website', 'email', 'slug');
    for (const row of rows) {
      expect(row.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(row.website).toMatch(/^https:\/\/[a-z0-9-]+\.example\.com$/);
      expect(row.email).toMatch(/^info@[a-z0-9-]+\.example\.com$/);
      expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('gives unique USDOT numbers to most companies and MC numbers only with a USDOT number', async () => {
    const withUsdot = await count(db('companies').whereNotNull('usdot_number'));
    const distinct = (await db('companies')
      .whereNotNull('usdot_number')
      .countDistinct({ n: 'usdot_number' })
      .first()) as { n: number };
    expect(Number(distinct.n)).toBe(withUsdot);
    expect(withUsdot / COMPANIES).toBeGreaterThan(0.75);
    expect(withUsdot / COMPANIES).toBeLessThan(0.95);
    expect(await count(db('companies').whereNotNull('mc_number').whereNull('usdot_number'))).toBe(
      0,
    );
    const badUsdot = await count(
      db('companies')
        .whereNotNull('usdot_number')
        .whereRaw("usdot_number NOT GLOB '[1-9][0-9][0-9][0-9][0-9][0-9][0-9]'"),
    );
    expect(badUsdot).toBe(0);
  });

  it('features about 3% of the companies, only listed and mostly well-rated ones', async () => {
    const featured = await count(db('companies').where('is_featured', true));
    expect(featured).toBe(featuredCount(COMPANIES));
    expect(featured).toBeGreaterThanOrEqual(COMPANIES * 0.025);
    expect(featured).toBeLessThanOrEqual(COMPANIES * 0.035);
    expect(await count(db('companies').where({ is_featured: true, is_in_list: false }))).toBe(0);
    expect(
      await count(db('companies').where('is_featured', true).where('rating', '>=', 4)),
    ).toBeGreaterThan(featured * 0.9);
  });

  it('gives every company 1 to 6 services, local moving for nearly all', async () => {
    const perCompany: Array<{ n: number }> = await db('company_services')
      .groupBy('company_id')
      .select()
      .count({ n: '*' });
    expect(perCompany).toHaveLength(COMPANIES);
    for (const row of perCompany) {
      expect(Number(row.n)).toBeGreaterThanOrEqual(1);
      expect(Number(row.n)).toBeLessThanOrEqual(6);
    }
    expect(await count(db('company_services').where('service_id', 'local-moving'))).toBeGreaterThan(
      COMPANIES * 0.9,
    );
  });

  it('indexes every company name in company_search_tokens', async () => {
    const companiesWithTokens = (await db('company_search_tokens')
      .countDistinct({ n: 'company_id' })
      .first()) as { n: number };
    expect(Number(companiesWithTokens.n)).toBe(COMPANIES);
  });

  it('keeps dates relative to the fixed reference date', async () => {
    const range = (await db('reviews')
      .min({ first: 'reviewed_on' })
      .max({ last: 'reviewed_on' })
      .first()) as { first: string; last: string };
    expect(range.first >= '2022-11-01').toBe(true);
    expect(range.last < '2026-11-01').toBe(true);
    const years = (await db('companies')
      .min({ min: 'founded_year' })
      .max({ max: 'founded_year' })
      .first()) as { min: number; max: number };
    expect(years.min).toBeGreaterThanOrEqual(1950);
    expect(years.max).toBeLessThanOrEqual(2024);
  });

  it('is deterministic: the same seed gives identical rows, another seed different ones', async () => {
    const tables: Array<[string, string[]]> = [
      ['cities', ['id']],
      ['zip_codes', ['zip']],
      ['companies', ['id']],
      ['company_services', ['company_id', 'service_id']],
      ['reviews', ['id']],
      ['company_search_tokens', ['company_id', 'token']],
    ];
    const again = await seeded(SEED);
    const other = await seeded(SEED + 1);
    for (const [table, order] of tables) {
      expect(await tableHash(again.db, table, order), table).toBe(
        await tableHash(db, table, order),
      );
    }
    expect(await tableHash(other.db, 'companies', ['id'])).not.toBe(
      await tableHash(db, 'companies', ['id']),
    );
    expect(await tableHash(other.db, 'reviews', ['id'])).not.toBe(
      await tableHash(db, 'reviews', ['id']),
    );
    // Geography does not depend on the seed at all.
    expect(await tableHash(other.db, 'cities', ['id'])).toBe(await tableHash(db, 'cities', ['id']));
  }, 60_000);
});

describe('seedDatabase atomicity', () => {
  it('leaves nothing behind when a step fails', async () => {
    const db = await freshDatabase();
    // A pre-existing seed_runs row makes the very last insert fail, after everything else was written.
    await db('seed_runs').insert({ name: 'directory', seed: 1, company_count: 1 });
    await expect(seedDatabase(db, { companies: 200, seed: 1 })).rejects.toThrow();
    expect(await count(db('states'))).toBe(0);
    expect(await count(db('companies'))).toBe(0);
    expect(await count(db('reviews'))).toBe(0);
  }, 60_000);
});

describe('allocation', () => {
  const geo = loadGeography();

  it.each([100, 1000, 10_000, 200_000])(
    'shares %i companies exactly, every state at least 3',
    (total) => {
      const majors = majorCityTargets(geo, total);
      const perState = allocateStates(geo, total, majors);
      expect([...perState.values()].reduce((a, b) => a + b, 0)).toBe(total);
      for (const n of perState.values()) expect(n).toBeGreaterThanOrEqual(1);
      if (total >= 1000) for (const n of perState.values()) expect(n).toBeGreaterThanOrEqual(3);
    },
  );

  it('keeps the exact major-city counts from a few hundred companies up', () => {
    for (const total of [600, 1000, 200_000]) {
      expect(majorCityTargets(geo, total).map((m) => m.count)).toEqual(
        MAJOR_CITIES.map((m) => m.count),
      );
    }
  });

  it('finds the major cities under their spec slugs in the ZIP data', () => {
    for (const major of MAJOR_CITIES) {
      const state = geo.states.find((s) => s.slug === major.stateSlug);
      const city = geo.citiesByState.get(state?.id ?? 0)?.find((c) => c.slug === major.citySlug);
      expect(city?.name, major.name).toBe(major.name);
    }
  });

  it('keeps city slugs unique within a state and ZIP counts consistent', () => {
    for (const [, cities] of geo.citiesByState) {
      expect(new Set(cities.map((c) => c.slug)).size).toBe(cities.length);
    }
    expect(geo.cities.reduce((sum, c) => sum + c.zip_count, 0)).toBe(
      geo.zips.filter((z) => z.kind === 'standard').length,
    );
  });

  it('spreads movers by population: Arlington, TX has many, a town of a few hundred at most one', () => {
    const picks = allocateCompanies(geo, 10_000, Random.derive(20261123, 'allocation'));
    const movers = new Map<number, number>();
    for (const city of picks) movers.set(city.id, (movers.get(city.id) ?? 0) + 1);
    const texas = geo.states.find((s) => s.abbreviation === 'TX')!;
    const arlington = geo.citiesByState.get(texas.id)!.find((c) => c.name === 'Arlington')!;
    expect(arlington.population).toBeGreaterThan(300_000);
    expect(movers.get(arlington.id)).toBeGreaterThanOrEqual(10);
    const small = geo.cities.filter((c) => c.population > 0 && c.population < 1000);
    expect(small.length).toBeGreaterThan(1000);
    expect(Math.max(...small.map((c) => movers.get(c.id) ?? 0))).toBeLessThanOrEqual(1);
    // Most small towns have none: about one in fifty of those under a thousand people has a mover.
    expect(small.filter((c) => movers.has(c.id)).length).toBeLessThan(small.length / 10);
  });

  it('knows every city the area-code table lists, and places a few by their real codes', () => {
    const codes = new AreaCodeMap(cityLocator(geo));
    expect(codes.unresolved()).toEqual([]);
    const localCodes = (state: string, city: string) => {
      const place = cityLocator(geo)(state, city)!;
      const { ordered, local } = codes.codesNear(state, place.lat, place.lng);
      return ordered.slice(0, local).sort();
    };
    expect(localCodes('NY', 'New York')).toEqual(['212', '332', '646']);
    expect(localCodes('WA', 'Vancouver')).toEqual(['360', '564']);
    expect(localCodes('WA', 'Seattle')).toEqual(['206']);
    expect(localCodes('TX', 'Arlington')).toEqual(['682', '817']);
    expect(localCodes('IL', 'Chicago')).toEqual(['312', '773', '872']);
  });
});

describe('averageRating', () => {
  it('rounds half up exactly and is null without reviews', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(33, 8)).toBe(4.13); // 4.125
    expect(averageRating(187, 40)).toBe(4.68); // 4.675, which floats store as 4.67499...
    expect(averageRating(14, 3)).toBe(4.67);
    expect(averageRating(5, 1)).toBe(5);
  });
});
