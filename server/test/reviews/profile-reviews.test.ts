/**
 * A profile's reviews sorted and filtered (issue 19), over HTTP on every test database: the API's orders
 * (newest, highest, lowest rated first, ties newest first) checked against the reviews the test wrote, the
 * verified and hired filters, paging through a filtered view, bad values refused in words; the page reads the
 * same view from its address; only published reviews — never held, rejected or hidden ones — are listed or
 * described as schema.org Reviews, each naming the company it reviews, and the product's own structured-data
 * checks pass; staff see the sample data's reviews marked as samples.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminReviewPageSchema,
  CompanyReviewPageSchema,
  REVIEWS_PER_PAGE,
  type CompanyReviewPage,
} from '@moveratlas/contracts';
import { analyzePage, DEFAULT_THRESHOLDS } from '../../src/features/seo-health';
import { recomputeRating } from '../../src/features/reviews';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { readPage } from '../seo/page-head';
import { schemaOrgTypes } from '../seo/schema-org';
import { startTestApp, type TestApp } from '../test-app';
import { createMover, type Mover } from './support';

const RUN = randomUUID().slice(0, 8);
const PUBLISHED = 30;

interface Written {
  id: number;
  rating: number;
  day: string;
  title: string;
  verified: boolean;
  hired: 'yes' | 'no' | 'quote' | null;
  status: 'published' | 'pending' | 'rejected' | 'hidden';
}

/** The day `n` days after 2025-03-01. */
const dayOf = (n: number) =>
  new Date(Date.UTC(2025, 2, 1) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * 30 published reviews, two a day (so ties on the day fall back to the id), ratings cycling 5 2 4 1 3;
 * every third verified (10), every other one's writer hired the mover (15), every sixth both (5). Then one
 * review in each other status, newest of all, verified and hired, rated 1 or 5: wherever one leaked into a
 * list it would come first.
 */
function plan(): Array<Omit<Written, 'id'>> {
  const reviews: Array<Omit<Written, 'id'>> = Array.from({ length: PUBLISHED }, (_, i) => ({
    rating: [5, 2, 4, 1, 3][i % 5]!,
    day: dayOf(Math.floor(i / 2)),
    title: `Published ${i + 1} ${RUN}`,
    verified: i % 3 === 0,
    hired: i % 2 === 0 ? 'yes' : i % 4 === 1 ? 'no' : 'quote',
    status: 'published',
  }));
  for (const [status, rating] of [
    ['pending', 1],
    ['rejected', 5],
    ['hidden', 1],
  ] as const) {
    reviews.push({
      rating,
      day: dayOf(400),
      title: `Unpublished ${status} ${RUN}`,
      verified: true,
      hired: 'yes',
      status,
    });
  }
  return reviews;
}

const newestFirst = (a: Written, b: Written) => b.day.localeCompare(a.day) || b.id - a.id;
const ORDERS = {
  newest: newestFirst,
  highest: (a: Written, b: Written) => b.rating - a.rating || newestFirst(a, b),
  lowest: (a: Written, b: Written) => a.rating - b.rating || newestFirst(a, b),
};

describe.each(testDatabases())('a profile’s reviews sorted and filtered on $name', (database) => {
  let app: TestApp;
  /** The site's origin in its canonical addresses and JSON-LD: without PUBLIC_URL, the one asked. */
  let ORIGIN: string;
  let db: Knex;
  let admin: AdminClient;
  let mover: Mover;
  /** A listed mover with published reviews, none of them verified. */
  let unverified: Mover;
  const written: Written[] = [];

  const published = () => written.filter((r) => r.status === 'published');
  /** The ids the API should list for a view, in its order. */
  const expected = (
    sort: keyof typeof ORDERS,
    keep: (review: Written) => boolean = () => true,
  ): number[] =>
    published()
      .filter(keep)
      .sort(ORDERS[sort])
      .map((r) => r.id);

  async function reviewsApi(slug: string, query: string) {
    const res = await app.get(`/api/companies/${slug}/reviews${query}`);
    return { status: res.status, body: (await res.json()) as unknown };
  }

  /** Every page of a view through the API, checking each page's figures: the ids in the order listed. */
  async function wholeView(query: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const { status, body } = await reviewsApi(mover.slug, `?${query}&page=${page}`);
      expect(status, `${query} page ${page}`).toBe(200);
      const answer: CompanyReviewPage = CompanyReviewPageSchema.strict().parse(body);
      expect(answer.page).toBe(page);
      expect(answer.reviews.length).toBe(
        Math.min(REVIEWS_PER_PAGE, answer.total - (page - 1) * REVIEWS_PER_PAGE),
      );
      ids.push(...answer.reviews.map((r) => r.id));
      if (page === answer.pageCount) {
        expect(ids.length).toBe(answer.total);
        return ids;
      }
    }
  }

  beforeAll(async () => {
    app = await startTestApp(database.config);
    ORIGIN = app.baseUrl;
    db = app.db;
    admin = await loginAsAdmin(app.baseUrl);
    mover = await createMover(db, `Review Order Movers ${RUN}`);
    unverified = await createMover(db, `Review Sample Movers ${RUN}`);
    for (const review of plan()) {
      const [id] = (await db('reviews').insert({
        company_id: mover.id,
        rating: review.rating,
        title: review.title,
        body: `What happened on the day of the move, told in enough words. ${review.title}.`,
        author_first_name: 'Ann',
        reviewed_on: review.day,
        status: review.status,
        verified_request_on: review.verified ? review.day : null,
        hired: review.hired,
      })) as number[];
      written.push({ ...review, id: Number(id) });
    }
    await db('reviews').insert(
      [4, 5].map((rating, i) => ({
        company_id: unverified.id,
        rating,
        title: `Unverified ${i + 1} ${RUN}`,
        body: 'A review not tied to any request, as the sample data has them.',
        author_first_name: 'Bo',
        reviewed_on: dayOf(i),
        status: 'published',
      })),
    );
    await recomputeRating(db, mover.id);
    await recomputeRating(db, unverified.id);
  });

  afterAll(async () => {
    if (!app) return;
    const ids = [mover?.id, unverified?.id].filter((id) => id !== undefined);
    await db('companies').whereIn('id', ids).delete();
    await app.close();
  });

  it('lists newest, highest and lowest rated first, ties newest first, never an unpublished review', async () => {
    const newest = await wholeView('sort=newest');
    expect(newest).toEqual(expected('newest'));
    // The default order is the newest first, and the profile's own first page is its first page.
    expect(await wholeView('')).toEqual(newest);
    const highest = await wholeView('sort=highest');
    expect(highest).toEqual(expected('highest'));
    const lowest = await wholeView('sort=lowest');
    expect(lowest).toEqual(expected('lowest'));
    const rating = new Map(written.map((r) => [r.id, r.rating]));
    expect(highest.slice(0, 6).map((id) => rating.get(id))).toEqual([5, 5, 5, 5, 5, 5]);
    expect(lowest.slice(0, 6).map((id) => rating.get(id))).toEqual([1, 1, 1, 1, 1, 1]);
    const unpublished = written.filter((r) => r.status !== 'published').map((r) => r.id);
    for (const ids of [newest, highest, lowest]) {
      expect(ids).toHaveLength(PUBLISHED);
      expect(ids.filter((id) => unpublished.includes(id))).toEqual([]);
    }
  });

  it('keeps only verified reviews, only reviews by customers who hired the mover, or both', async () => {
    const verified = await wholeView('verified=true');
    expect(verified).toEqual(expected('newest', (r) => r.verified));
    expect(verified).toHaveLength(10);
    const hired = await wholeView('hired=true&sort=lowest');
    expect(hired).toEqual(expected('lowest', (r) => r.hired === 'yes'));
    expect(hired).toHaveLength(15);
    const both = await wholeView('hired=true&verified=true&sort=highest');
    expect(both).toEqual(expected('highest', (r) => r.verified && r.hired === 'yes'));
    expect(both).toHaveLength(5);
    // "false" and empty leave a filter off.
    expect(await wholeView('verified=false&hired=')).toEqual(expected('newest'));

    // Each listed review of the verified view carries its mark.
    const page = CompanyReviewPageSchema.parse(
      (await reviewsApi(mover.slug, '?verified=true')).body,
    );
    expect(page.reviews.every((r) => r.verifiedRequestOn !== null)).toBe(true);
  });

  it('pages a filtered view: its own count of pages, and 404 past the last', async () => {
    const first = CompanyReviewPageSchema.parse(
      (await reviewsApi(mover.slug, '?hired=true&sort=highest')).body,
    );
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 15 });
    const second = CompanyReviewPageSchema.parse(
      (await reviewsApi(mover.slug, '?hired=true&sort=highest&page=2')).body,
    );
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 15 });
    expect([...first.reviews, ...second.reviews].map((r) => r.id)).toEqual(
      expected('highest', (r) => r.hired === 'yes'),
    );
    expect(await reviewsApi(mover.slug, '?hired=true&page=3')).toEqual({
      status: 404,
      body: { error: `No page 3 of reviews for the company "${mover.slug}"` },
    });
    // A view nothing matches still has its one, empty, page.
    expect(await reviewsApi(unverified.slug, '?verified=true')).toEqual({
      status: 200,
      body: { reviews: [], page: 1, pageCount: 1, total: 0 },
    });
  });

  it('refuses an order or a filter it does not know with a 400 in words, as a bad page', async () => {
    const refusals: Array<[string, string]> = [
      ['?sort=best', 'Sort must be one of: newest, highest, lowest'],
      ['?sort=newest&sort=lowest', 'Sort must be one of: newest, highest, lowest'],
      ['?verified=yes', 'Verified only must be true or false'],
      ['?hired=1', 'Hired only must be true or false'],
      ['?page=0&sort=highest', 'Page must be between 1 and 100000'],
    ];
    for (const [query, error] of refusals) {
      expect(await reviewsApi(mover.slug, query), query).toEqual({ status: 400, body: { error } });
    }
    const unknown = await reviewsApi(mover.slug, '?order=highest');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: expect.stringMatching(/order/i) });
  });

  it('serves the view its address names as a page, and 404 for a value it does not know', async () => {
    const res = await app.get(`/company/${mover.slug}?sort=lowest&hired=true&reviews=2#reviews`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const hired = expected('lowest', (r) => r.hired === 'yes');
    const shown = [...html.matchAll(/<h3 id="review-(\d+)"/g)].map((m) => Number(m[1]));
    expect(shown).toEqual(hired.slice(REVIEWS_PER_PAGE));
    expect(html).toContain(
      `Reviews 11–15 of 15 reviews from customers who hired this mover, lowest rated first.`,
    );
    const head = readPage(html);
    // Another view of the profile: not indexed, its own address as canonical.
    expect(head.meta('robots').join()).toMatch(/noindex/);
    expect(head.canonical).toEqual([
      `${ORIGIN}/company/${mover.slug}?sort=lowest&hired=true&reviews=2`,
    ]);

    const empty = await (await app.get(`/company/${unverified.slug}?verified=true`)).text();
    expect(empty).toContain('No reviews match these filters.');

    for (const query of ['?sort=best', '?verified=yes', '?hired=true&reviews=3']) {
      expect((await app.get(`/company/${mover.slug}${query}`)).status, query).toBe(404);
    }
  });

  it('describes only published reviews as schema.org Reviews of the company, and passes the site’s own checks', async () => {
    const companyId = `${ORIGIN}/company/${mover.slug}#company`;
    const profileOf = async (query: string) => {
      const path = `/company/${mover.slug}${query}`;
      const res = await app.get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const company = readPage(html).jsonLd.find((block) => block['@type'] === 'MovingCompany');
      // The product's own structured-data checks (the SEO crawl's), on the page as served.
      const { findings } = analyzePage(html, {
        path,
        siteOrigin: ORIGIN,
        internalOrigins: new Set([ORIGIN]),
        responseMs: 10,
        robotsHeader: null,
        thresholds: DEFAULT_THRESHOLDS,
      });
      expect(findings.filter((f) => f.rule.startsWith('structured-data'))).toEqual([]);
      // The shapes schema.org and rich results expect (the head-tags tests' schemas).
      const parsed = schemaOrgTypes(ORIGIN, 'MoverAtlas').MovingCompany.parse(company);
      return { ...parsed, aggregateRating: parsed.aggregateRating!, review: parsed.review ?? [] };
    };

    // The lowest rated first: a held or hidden 1-star review would lead it.
    const lowest = await profileOf('?sort=lowest');
    const titles = new Map(written.map((r) => [r.id, r.title]));
    expect(lowest.review.map((r) => r.name)).toEqual(
      expected('lowest')
        .slice(0, REVIEWS_PER_PAGE)
        .map((id) => titles.get(id)),
    );
    const stars = published().reduce((sum, r) => sum + r.rating, 0);
    expect(lowest.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: Math.round((stars / PUBLISHED) * 100) / 100,
      reviewCount: PUBLISHED,
    });
    const [firstReview] = lowest.review;
    const written1 = written.find((r) => r.title === firstReview!.name)!;
    expect(firstReview).toEqual({
      '@type': 'Review',
      itemReviewed: {
        '@type': 'MovingCompany',
        '@id': companyId,
        name: mover.name,
        url: `${ORIGIN}/company/${mover.slug}`,
      },
      author: { '@type': 'Person', name: 'Ann' },
      datePublished: written1.day,
      name: written1.title,
      reviewBody: expect.stringContaining(written1.title),
      reviewRating: {
        '@type': 'Rating',
        ratingValue: written1.rating,
        bestRating: 5,
        worstRating: 1,
      },
    });
    expect(lowest['@id']).toBe(companyId);

    // Staff hide the newest published review: it leaves the profile's Reviews and its count at once.
    const newest = written.find((r) => r.id === expected('newest')[0])!;
    const hidden = await admin.request(`/api/admin/reviews/${newest.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'hidden' }),
    });
    expect(hidden.status).toBe(200);
    newest.status = 'hidden';
    const profile = await profileOf('');
    const names = profile.review.map((r) => r.name);
    expect(names).toEqual(
      expected('newest')
        .slice(0, REVIEWS_PER_PAGE)
        .map((id) => titles.get(id)),
    );
    expect(names).not.toContain(newest.title);
    expect(profile.aggregateRating.reviewCount).toBe(PUBLISHED - 1);
    expect(JSON.stringify(profile)).not.toContain('Unpublished');
  });

  it('marks the sample data’s reviews as samples for staff, and no review of a customer', async () => {
    const seeded = (await db('reviews')
      .whereNot('company_id', mover.id)
      .whereNot('company_id', unverified.id)
      .orderBy('id')
      .first('company_id')) as { company_id: number };
    const list = async (companyId: number) =>
      AdminReviewPageSchema.parse(
        await (await admin.request(`/api/admin/reviews?companyId=${companyId}&limit=100`)).json(),
      ).items;
    const samples = await list(seeded.company_id);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((r) => r.isSample === true)).toBe(true);
    const customers = await list(mover.id);
    expect(customers).toHaveLength(written.length);
    expect(customers.every((r) => r.isSample === false)).toBe(true);
  });
});
