import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompanySchema,
  CompanyProfileSchema,
  CompanyReviewPageSchema,
  MAJOR_CITIES,
  REVIEWS_PER_PAGE,
  rankScore,
  type Company,
  type CompanyInputValues,
} from '@moveratlas/contracts';
import { listFeaturedToday } from '../../src/features/companies';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

const StrictCompany = CompanySchema.strict();

/**
 * The rank score of a company as the API shows it: its rating is the average to 0.005, so rating × count
 * is its exact star sum below 100 reviews (the seeded companies have at most 60). Unrated ones rank last.
 */
const scoreOf = (c: Company) =>
  c.rating === null ? -1 : rankScore(Math.round(c.rating * c.reviewCount), c.reviewCount)!;

const nonIncreasing = (values: number[]) =>
  values.every((value, i) => i === 0 || values[i - 1]! >= value);

describe.each(testDatabases())('companies API on $name', (database) => {
  let app: TestApp;
  let listedTotal: number;

  beforeAll(async () => {
    app = await startTestApp(database.config);
    const row = (await app.db('companies').where('is_in_list', true).count({ n: '*' }).first()) as {
      n: number | string;
    };
    listedTotal = Number(row.n);
  });
  afterAll(() => app.close());

  async function list(query: string): Promise<{ status: number; body: Company[]; total: number }> {
    const res = await app.get(`/api/companies${query}`);
    const body = (await res.json()) as Company[];
    return { status: res.status, body, total: Number(res.headers.get('x-total-count')) };
  }

  it('answers a page of companies in the Company shape, field by field, with the total in X-Total-Count', async () => {
    const { status, body, total } = await list('');
    expect(status).toBe(200);
    expect(body).toHaveLength(20);
    expect(total).toBe(listedTotal);
    for (const company of body) {
      expect(() => StrictCompany.parse(company)).not.toThrow();
      expect(company.isInList).toBe(true);
      expect(company.state.abbreviation).toMatch(/^[A-Z]{2}$/);
      expect(company.city.slug).toMatch(/^[a-z0-9-]+$/);
      expect(company.services.length).toBeGreaterThan(0);
    }
    // Default order: featured first, then by rank score.
    const featured = (await app
      .db('companies')
      .where({ is_in_list: true, is_featured: true })
      .count({ n: '*' })
      .first()) as {
      n: number | string;
    };
    const boundary = Math.max(0, Number(featured.n) - 50);
    const flags = (await list(`?limit=100&offset=${boundary}`)).body.map((c) => c.isFeatured);
    expect(flags).toContain(true);
    expect(flags).toContain(false);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  });

  it('pages without overlap and in the same order as one larger page', async () => {
    const [first, second, both] = await Promise.all([
      list('?limit=10&offset=0'),
      list('?limit=10&offset=10'),
      list('?limit=20&offset=0'),
    ]);
    expect([...first.body, ...second.body].map((c) => c.id)).toEqual(both.body.map((c) => c.id));
    expect(new Set(both.body.map((c) => c.id)).size).toBe(20);
  });

  it('accepts the limit edges 1 and 100 and answers an empty page past the end', async () => {
    expect((await list('?limit=1')).body).toHaveLength(1);
    expect((await list('?limit=100')).body).toHaveLength(100);
    const pastEnd = await list(`?limit=10&offset=${listedTotal}`);
    expect(pastEnd.status).toBe(200);
    expect(pastEnd.body).toEqual([]);
    expect(pastEnd.total).toBe(listedTotal);
    const lastPage = await list(`?limit=10&offset=${listedTotal - 3}`);
    expect(lastPage.body).toHaveLength(3);
  });

  it.each([
    ['?limit=0', /Limit must be between 1 and 100/],
    ['?limit=101', /Limit must be between 1 and 100/],
    ['?limit=-1', /Limit must be a whole number/],
    ['?limit=abc', /Limit must be a whole number/],
    ['?limit=1e3', /Limit must be a whole number/],
    ['?limit=99999999999999999999999', /Limit must be between 1 and 100/],
    ['?limit=2.5', /Limit must be a whole number/],
    ['?offset=-5', /Offset must be a whole number/],
    ['?offset=x', /Offset must be a whole number/],
    ['?sort=price', /Sort must be one of: featured, rating, reviews, name/],
    ['?service=teleportation', /Service must be one of/],
    ['?state=narnia', /State must be a US state/],
    ['?state=%27%20OR%201%3D1--', /State must be a state slug, name or abbreviation/],
    ['?city=chicago', /A city needs its state too/],
    ['?state=illinois&city=Chicago%3B%20DROP', /City must be a lowercase slug/],
    [`?q=${'x'.repeat(101)}`, /Search must be at most 100 characters/],
    ['?limit=1&limit=2', /^Limit is not valid$/],
    ['?colour=blue', /Unknown query parameter: colour/],
    ['?featured=yes', /Featured must be true or false/],
  ])('answers %s with 400 and a clear message', async (query, message) => {
    const res = await app.get(`/api/companies${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { error: string };
    expect(body.error).toMatch(message);
  });

  it('treats SQL metacharacters in q as plain text', async () => {
    // Nothing but punctuation: no word to look for, so no match (and certainly no LIKE wildcard).
    for (const q of ["';--", '%', '_', '\\', '"=""', '%25%27', '*']) {
      const res = await app.get(`/api/companies?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(await res.json()).toEqual([]);
    }
    // Words inside an injection attempt are searched as words, nothing more.
    const injection = await app.get(
      `/api/companies?q=${encodeURIComponent("x'; DROP TABLE companies; --")}`,
    );
    expect(injection.status).toBe(200);
    CompanySchema.array().parse(await injection.json());
    const row = (await app.db('companies').count({ n: '*' }).first()) as { n: number | string };
    expect(Number(row.n)).toBeGreaterThan(0);
  });

  it('finds companies by the words of their name, by prefix', async () => {
    const sample = (await app
      .db('companies')
      .where('is_in_list', true)
      .orderBy('id')
      .first('name', 'slug')) as { name: string; slug: string };
    const words = sample.name.split(/\s+/).filter((w) => /^[A-Za-z]{4,}$/.test(w));
    const q = words
      .slice(0, 2)
      .map((w, i) => (i === 0 ? w.slice(0, 3) : w))
      .join(' ');
    const { body, total } = await list(`?q=${encodeURIComponent(q)}&limit=100`);
    expect(total).toBeGreaterThan(0);
    expect(body.map((c) => c.slug)).toContain(sample.slug);
    const prefixes = q.toLowerCase().split(' ');
    for (const company of body) {
      const nameWords = company.name.toLowerCase().split(/[^a-z0-9]+/);
      for (const prefix of prefixes) expect(nameWords.some((w) => w.startsWith(prefix))).toBe(true);
    }
  });

  it('filters by state given as slug, name or abbreviation alike', async () => {
    const bySlug = await list('?state=illinois&limit=100');
    const byAbbreviation = await list('?state=IL&limit=100');
    const byName = await list('?state=Illinois&limit=100');
    expect(bySlug.total).toBeGreaterThanOrEqual(64);
    expect(byAbbreviation.body.map((c) => c.id)).toEqual(bySlug.body.map((c) => c.id));
    expect(byName.total).toBe(bySlug.total);
    expect(bySlug.body.every((c) => c.state.slug === 'illinois')).toBe(true);
  });

  it('filters by city within a state with the exact major-city counts', async () => {
    for (const city of MAJOR_CITIES) {
      const { body, total } = await list(
        `?state=${city.stateSlug}&city=${city.citySlug}&limit=100`,
      );
      expect(total).toBe(city.count);
      expect(body).toHaveLength(Math.min(city.count, 100));
      expect(
        body.every((c) => c.city.slug === city.citySlug && c.state.slug === city.stateSlug),
      ).toBe(true);
    }
  });

  it('filters by service', async () => {
    const { body, total } = await list('?service=auto-transport&limit=100');
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(listedTotal);
    expect(body.every((c) => c.services.some((s) => s.id === 'auto-transport'))).toBe(true);
  });

  it('combines state, service and sort filters', async () => {
    const { body } = await list('?state=texas&service=long-distance-moving&sort=reviews&limit=50');
    expect(body.length).toBeGreaterThan(0);
    for (const c of body) {
      expect(c.state.slug).toBe('texas');
      expect(c.services.map((s) => s.id)).toContain('long-distance-moving');
    }
    for (let i = 1; i < body.length; i++)
      expect(body[i - 1]!.reviewCount).toBeGreaterThanOrEqual(body[i]!.reviewCount);
  });

  it('sorts by rank score (unrated last), by reviews and by name', async () => {
    const byRating = (await list('?sort=rating&limit=100&offset=0')).body;
    expect(nonIncreasing(byRating.map(scoreOf))).toBe(true);
    // Not by the raw average: a 5.0 of a few reviews no longer leads.
    expect(byRating.slice(0, 10).every((c) => c.reviewCount > 3)).toBe(true);
    const lastPage = (await list(`?sort=rating&limit=5&offset=${listedTotal - 5}`)).body;
    expect(lastPage.at(-1)!.rating).toBeNull();

    // Name order is the database's collation: binary on SQLite, case-insensitive on MySQL.
    const fold = (name: string) => (database.name === 'mysql' ? name.toLowerCase() : name);
    const byName = (await list('?sort=name&limit=100')).body.map((c) => fold(c.name));
    for (let i = 1; i < byName.length; i++) {
      expect(byName[i - 1]! <= byName[i]!, `${byName[i - 1]} <= ${byName[i]}`).toBe(true);
    }
  });

  it('lists featured companies, best ranked first', async () => {
    const res = await app.get('/api/companies/featured');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Company[];
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(50);
    for (const c of body) {
      expect(() => StrictCompany.parse(c)).not.toThrow();
      expect(c.isFeatured).toBe(true);
    }
    expect(nonIncreasing(body.map(scoreOf))).toBe(true);
    const filtered = await list('?featured=true&limit=5');
    expect(filtered.body.every((c) => c.isFeatured)).toBe(true);
    expect((await app.get('/api/companies/featured?limit=0')).status).toBe(400);
    expect((await app.get('/api/companies/featured?rotation=week')).status).toBe(400);
  });

  it("answers today's share of the featured companies with rotation=day", async () => {
    const res = await app.get('/api/companies/featured?limit=6&rotation=day');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Company[];
    expect(body).toHaveLength(6);
    for (const c of body) {
      expect(() => StrictCompany.parse(c)).not.toThrow();
      expect(c.isFeatured).toBe(true);
    }
    expect(nonIncreasing(body.map(scoreOf))).toBe(true);
  });

  describe('ranking by confidence, not by the raw average (issue 15)', () => {
    /** A word no seeded company has: the mark of this file's companies. */
    const WORD = `zqr${randomInt(100_000, 999_999)}`;
    let admin: AdminClient;
    const created: number[] = [];

    const form = (name: string): CompanyInputValues => ({
      name: `${WORD} ${name}`,
      city: 'Houston',
      state: 'TX',
      services: ['local-moving'],
      is_featured: true,
      is_in_list: true,
    });

    /** A company made as the admin makes one, whose reviews come in and the last is published by a moderator. */
    async function companyWithReviews(name: string, stars: number[]): Promise<number> {
      const res = await admin.request('/api/admin/companies', {
        method: 'POST',
        body: JSON.stringify(form(name)),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { id } = (await res.json()) as { id: number };
      created.push(id);
      await app.db('reviews').insert(
        stars.map((rating, i) => ({
          company_id: id,
          rating,
          title: 'Moved us',
          body: 'They moved us.',
          author_first_name: 'Sam',
          reviewed_on: '2026-10-01',
          status: i === stars.length - 1 ? 'pending' : 'published',
        })),
      );
      const pending = (await app
        .db('reviews')
        .where({ company_id: id, status: 'pending' })
        .first('id')) as { id: number };
      const published = await admin.request(`/api/admin/reviews/${pending.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ status: 'published' }),
      });
      expect(published.status).toBe(200);
      return id;
    }

    let established: number;
    let newcomer: number;

    beforeAll(async () => {
      admin = await loginAsAdmin(app.baseUrl);
      // 4.6 (4.59) with 37 reviews, and 5.0 with one.
      established = await companyWithReviews('Established Movers', [
        ...Array<number>(22).fill(5),
        ...Array<number>(15).fill(4),
      ]);
      newcomer = await companyWithReviews('Newcomer Movers', [5]);
    });

    afterAll(async () => {
      for (const id of created) {
        const res = await admin.request(`/api/admin/companies/${id}`, { method: 'DELETE' });
        expect(res.status).toBe(204);
      }
    });

    it('ranks an established 4.6 with 37 reviews before a 5.0 with one, in both sorts', async () => {
      for (const sort of ['rating', 'featured']) {
        const { body } = await list(`?q=${WORD}&sort=${sort}`);
        expect(
          body.map((c) => [c.id, c.rating, c.reviewCount]),
          sort,
        ).toEqual([
          [established, 4.59, 37],
          [newcomer, 5, 1],
        ]);
      }
    });

    it('ranks them so in the featured list and among the featured of the whole directory', async () => {
      const featured = (await (
        await app.get('/api/companies/featured?limit=100')
      ).json()) as Company[];
      const ids = featured.map((c) => c.id);
      expect(ids).toContain(newcomer);
      expect(ids.indexOf(established)).toBeLessThan(ids.indexOf(newcomer));
      const { body } = await list('?featured=true&sort=rating&limit=100');
      const sorted = body.map((c) => c.id);
      expect(sorted).toContain(newcomer);
      expect(sorted.indexOf(established)).toBeLessThan(sorted.indexOf(newcomer));
    });

    it('puts every featured company, the newest too, on the home page within ⌈featured / 6⌉ days', async () => {
      const all = (await app
        .db('companies')
        .where({ is_featured: true, is_in_list: true })
        .pluck('id')) as number[];
      const days = Math.ceil(all.length / 6);
      const shown = new Set<number>();
      for (let day = 0; day < days; day++) {
        const today = await listFeaturedToday(app.db, 6, day * 86_400_000);
        expect(today).toHaveLength(6);
        for (const company of today) shown.add(company.id);
      }
      expect([...shown].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
      expect(shown.has(newcomer)).toBe(true);
    });
  });

  it('answers a profile with its newest reviews, whose aggregate is the company rating', async () => {
    const busiest = (await app
      .db('companies')
      .where('is_in_list', true)
      .orderBy('review_count', 'desc')
      .first('slug', 'review_count')) as { slug: string; review_count: number };
    const res = await app.get(`/api/companies/${busiest.slug}`);
    expect(res.status).toBe(200);
    const profile = CompanyProfileSchema.strict().parse(await res.json());
    expect(profile.reviewCount).toBe(busiest.review_count);
    // The first page; the rest are pages of their own (issue 15: 50 were shown and 10 were out of reach).
    expect(profile.reviews.length).toBe(Math.min(REVIEWS_PER_PAGE, busiest.review_count));
    expect(profile.ratingDistribution.reduce((sum, d) => sum + d.count, 0)).toBe(
      profile.reviewCount,
    );
    const average =
      profile.ratingDistribution.reduce((sum, d) => sum + d.stars * d.count, 0) /
      profile.reviewCount;
    expect(profile.rating).toBeCloseTo(average, 2);
    for (const review of profile.reviews) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  describe('review pages', () => {
    /** The listed company with the most published reviews, and their ids newest first. */
    let busiest: { id: number; slug: string };
    let newestFirst: number[];
    const reviewPage = async (slug: string, query: string) => {
      const res = await app.get(`/api/companies/${slug}/reviews${query}`);
      return { status: res.status, body: (await res.json()) as unknown };
    };

    beforeAll(async () => {
      busiest = (await app
        .db('companies')
        .where('is_in_list', true)
        .orderBy([
          { column: 'review_count', order: 'desc' },
          { column: 'id', order: 'asc' },
        ])
        .first('id', 'slug')) as typeof busiest;
      newestFirst = (await app
        .db('reviews')
        .where({ company_id: busiest.id, status: 'published' })
        .orderBy([
          { column: 'reviewed_on', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .pluck('id')) as number[];
    });

    it('pages every published review exactly once, newest first, the first page being the profile’s', async () => {
      // The seed gives the busiest companies 60 reviews: more than the 50 the profile used to stop at.
      expect(newestFirst.length).toBeGreaterThan(50);
      const pageCount = Math.ceil(newestFirst.length / REVIEWS_PER_PAGE);
      const seen: number[] = [];
      for (let page = 1; page <= pageCount; page++) {
        const { status, body } = await reviewPage(busiest.slug, `?page=${page}`);
        expect(status).toBe(200);
        const parsed = CompanyReviewPageSchema.strict().parse(body);
        expect(parsed).toMatchObject({ page, pageCount, total: newestFirst.length });
        seen.push(...parsed.reviews.map((review) => review.id));
      }
      expect(seen).toEqual(newestFirst);

      const profile = CompanyProfileSchema.parse(
        await (await app.get(`/api/companies/${busiest.slug}`)).json(),
      );
      const first = CompanyReviewPageSchema.parse((await reviewPage(busiest.slug, '')).body);
      expect(first.page).toBe(1);
      expect(profile.reviews.map((r) => r.id)).toEqual(first.reviews.map((r) => r.id));
    });

    it('answers 404 past the last page and 400 for a page that is not a number', async () => {
      const pageCount = Math.ceil(newestFirst.length / REVIEWS_PER_PAGE);
      const past = await reviewPage(busiest.slug, `?page=${pageCount + 1}`);
      expect(past.status).toBe(404);
      expect(past.body).toEqual({
        error: `No page ${pageCount + 1} of reviews for the company "${busiest.slug}"`,
      });
      for (const bad of ['?page=0', '?page=two', '?page=1&limit=100']) {
        const answer = await reviewPage(busiest.slug, bad);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: expect.stringMatching(/^Page |limit/) });
      }
    });

    it('has one empty first page for a company without reviews, and none for an unknown company', async () => {
      const unreviewed = (await app
        .db('companies')
        .where({ is_in_list: true, review_count: 0 })
        .whereNotExists(
          app.db('reviews').select(app.db.raw('1')).whereRaw('reviews.company_id = companies.id'),
        )
        .first('slug')) as { slug: string };
      expect(await reviewPage(unreviewed.slug, '')).toEqual({
        status: 200,
        body: { reviews: [], page: 1, pageCount: 1, total: 0 },
      });
      expect((await reviewPage(unreviewed.slug, '?page=2')).status).toBe(404);
      const unknown = await reviewPage('no-such-mover', '');
      expect(unknown).toEqual({
        status: 404,
        body: { error: 'No company with slug "no-such-mover"' },
      });
    });
  });

  it('answers 404 JSON for an unknown company and for an unknown API path', async () => {
    const missing = await app.get('/api/companies/no-such-mover');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No company with slug "no-such-mover"' });
    const weird = await app.get(`/api/companies/${encodeURIComponent("x' OR '1'='1")}`);
    expect(weird.status).toBe(404);
    const unknown = await app.get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toMatch(
      /No API endpoint GET \/nothing-here/,
    );
  });
});
