/**
 * The admin companies API over HTTP on every test database: the table's search, filters, sorts and pages;
 * create, edit and delete with the shared schema's 400s and the 409s of taken keys; the derived rows kept in
 * step (the search index finds a new company at once, an edit re-indexes it, a delete removes it); the inline
 * toggles as the public directory sees them; review moderation recomputing the rating; and applications
 * approved into companies or declined, with who and when.
 *
 * The companies this file creates carry a word of this run in their names and slugs, and every change to
 * seeded rows (a review's status) is undone afterwards, for the test files that follow on the same databases.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminApplicationPageSchema,
  AdminCompanyDetailSchema,
  AdminCompanyPageSchema,
  AdminReviewPageSchema,
  CompanyProfileSchema,
  ReviewModerationResultSchema,
  type AdminCompanyDetail,
  type AdminCompanyPage,
  type CompanyInputValues,
  type SearchResults,
} from '@moveratlas/contracts';
import { TEST_ADMIN, testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

/** A word no seeded company has: the mark of this run's companies. */
const WORD = `zqx${randomInt(100_000, 999_999)}`;
const USDOT = String(randomInt(90_000_000, 99_999_999));

const form = (overrides: Partial<CompanyInputValues> = {}): CompanyInputValues => ({
  name: `${WORD} Relocation Crew`,
  description: 'Local and long-distance moves across Central Texas.',
  website: 'crew.example.com',
  phone: '512 555 0142',
  email: 'office@crew.example.com',
  logo: '/images/logos/3.svg',
  photo_urls: ['/images/photos/1.svg', 'https://cdn.example.com/truck.jpg'],
  street: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip_code: '',
  usdot_number: USDOT,
  mc_number: '654321',
  founded_year: 2011,
  service_area: 'Austin and within 50 miles',
  service_radius_miles: 50,
  services: ['local-moving', 'piano-moving'],
  is_featured: false,
  is_in_list: true,
  ...overrides,
});

describe.each(testDatabases())('admin companies API on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  const applicationIds: number[] = [];
  const reviewsToRestore: Array<{ id: number; status: string }> = [];

  const json = async <T>(res: Response, status: number): Promise<T> => {
    const body = (await res.json()) as T;
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body;
  };
  const list = async (query: string) =>
    AdminCompanyPageSchema.parse(
      await json<AdminCompanyPage>(await admin.request(`/api/admin/companies${query}`), 200),
    );
  const send = (method: string, path: string, body?: unknown) =>
    admin.request(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const searchCompanies = async (q: string) => {
    const res = await app.get(`/api/search?type=companies&q=${encodeURIComponent(q)}`);
    return ((await res.json()) as SearchResults).companies;
  };

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
  });

  afterAll(async () => {
    // A review a failed test left hidden goes back through the API, which also recomputes the rating.
    for (const review of reviewsToRestore) {
      const row = (await app.db('reviews').where('id', review.id).first('status')) as
        { status: string } | undefined;
      if (row && row.status !== review.status)
        await send('PATCH', `/api/admin/reviews/${review.id}`, { status: review.status });
      await app
        .db('reviews')
        .where('id', review.id)
        .update({ moderated_by: null, moderated_at: null });
    }
    const ids = (await app
      .db('companies')
      .where('slug', 'like', `${WORD}%`)
      .pluck('id')) as number[];
    if (ids.length > 0) await app.db('companies').whereIn('id', ids).delete();
    if (applicationIds.length > 0)
      await app.db('company_applications').whereIn('id', applicationIds).delete();
    await app.close();
  });

  it('lists every company a page at a time with the total, sorted by name by default', async () => {
    const page = await list('');
    const total = (await app.db('companies').count({ n: '*' }).first()) as { n: number | string };
    expect(page.total).toBe(Number(total.n));
    expect(page.items).toHaveLength(25);
    expect(page.page).toBe(1);
    const names = page.items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const second = await list('?page=2');
    expect(second.items.map((c) => c.id)).not.toContain(page.items[0]!.id);
    const both = await list('?limit=50');
    expect([...page.items, ...second.items].map((c) => c.id)).toEqual(both.items.map((c) => c.id));
  });

  it('pages of every sort, filtered or searched, join up into the single longer page', async () => {
    for (const query of [
      'sort=state',
      'sort=reviews&state=TX',
      'sort=updated&order=asc',
      'q=moving&sort=rating',
    ]) {
      const first = await list(`?${query}&limit=10`);
      const second = await list(`?${query}&limit=10&page=2`);
      const both = await list(`?${query}&limit=20`);
      expect(both.items.length, query).toBeGreaterThan(10);
      expect(
        [...first.items, ...second.items].map((c) => c.id),
        query,
      ).toEqual(both.items.map((c) => c.id));
    }
    const byState = (await list('?sort=state&limit=100')).items.map((c) => c.state);
    expect(byState).toEqual([...byState].sort());
  });

  it('searches by name words, city name and USDOT number prefix', async () => {
    const seeded = (await app
      .db({ c: 'companies' })
      .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
      .whereNotNull('c.usdot_number')
      .orderBy('c.id')
      .first('c.id', 'c.name', 'c.usdot_number', 'ci.name as city')) as {
      id: number;
      name: string;
      usdot_number: string;
      city: string;
    };
    const byName = await list(`?q=${encodeURIComponent(seeded.name)}&limit=100`);
    expect(byName.items.map((c) => c.id)).toContain(seeded.id);
    for (const item of byName.items)
      expect(`${item.name} ${item.city}`.toLowerCase()).toContain(
        seeded.name.split(' ')[0]!.toLowerCase().replace(/'/g, '').slice(0, 3),
      );
    const byUsdot = await list(`?q=${seeded.usdot_number}`);
    expect(byUsdot.items.map((c) => c.id)).toEqual([seeded.id]);
    const byCity = await list(`?q=${encodeURIComponent(seeded.city)}&limit=100`);
    expect(byCity.total).toBeGreaterThan(0);
    expect(byCity.items.map((c) => c.id)).toContain(seeded.id);
    expect((await list('?q=qqqqzzzzxxxx')).total).toBe(0);
  });

  it('filters by state, featured, listed, service and rating, and sorts on request', async () => {
    const texas = await list('?state=TX&limit=100');
    expect(texas.total).toBeGreaterThan(0);
    expect(texas.items.every((c) => c.state === 'TX')).toBe(true);
    const featured = await list('?featured=true&limit=100');
    const featuredCount = (await app
      .db('companies')
      .where('is_featured', true)
      .count({ n: '*' })
      .first()) as { n: number | string };
    expect(featured.total).toBe(Number(featuredCount.n));
    expect(featured.items.every((c) => c.isFeatured)).toBe(true);
    const hidden = await list('?inList=false&limit=100');
    expect(hidden.items.every((c) => !c.isInList)).toBe(true);
    const piano = await list('?service=piano-moving&limit=100');
    const pianoCount = (await app
      .db('company_services')
      .where('service_id', 'piano-moving')
      .count({ n: '*' })
      .first()) as { n: number | string };
    expect(piano.total).toBe(Number(pianoCount.n));
    const good = await list('?rating=4.5&sort=rating&limit=100');
    expect(good.items.every((c) => c.rating !== null && c.rating >= 4.5)).toBe(true);
    const ratings = good.items.map((c) => c.rating!);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const unrated = await list('?rating=unrated');
    expect(unrated.items.every((c) => c.rating === null && c.reviewCount === 0)).toBe(true);
    const byReviews = await list('?sort=reviews&order=asc&limit=50');
    const counts = byReviews.items.map((c) => c.reviewCount);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  it('answers 400 for a bad query, naming the parameter', async () => {
    for (const [query, message] of [
      ['?sort=price', 'Sort must be one of: name, state, rating, reviews, updated'],
      ['?limit=500', 'Limit must be between 1 and 100'],
      ['?state=Texas', 'State must be a two-letter abbreviation'],
      ['?featured=yes', 'Featured must be true or false'],
      ['?color=red', 'Unknown query parameter: color'],
    ] as const) {
      const res = await admin.request(`/api/admin/companies${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: message });
    }
  });

  let created: { id: number; slug: string };

  it('creates a company: stored with its services, found by the public search at once', async () => {
    expect(await searchCompanies(WORD)).toEqual([]);
    created = await json<{ id: number; slug: string }>(
      await send('POST', '/api/admin/companies', form()),
      201,
    );
    expect(created.slug).toBe(`${WORD}-relocation-crew`);
    const detail = AdminCompanyDetailSchema.parse(
      await json<AdminCompanyDetail>(
        await admin.request(`/api/admin/companies/${created.id}`),
        200,
      ),
    );
    expect(detail.values).toMatchObject({
      slug: created.slug,
      name: `${WORD} Relocation Crew`,
      website: 'https://crew.example.com',
      phone: '(512) 555-0142',
      usdot_number: USDOT,
      mc_number: 'MC-654321',
      city: 'Austin',
      state: 'TX',
      services: ['local-moving', 'piano-moving'],
      photo_urls: ['/images/photos/1.svg', 'https://cdn.example.com/truck.jpg'],
      is_featured: false,
      is_in_list: true,
    });
    // No coordinates given: the city's.
    expect(detail.values.lat).toBeTypeOf('number');
    expect(detail.rating).toBeNull();
    expect(detail.reviewCount).toBe(0);

    const found = await searchCompanies(WORD);
    expect(found.map((c) => c.slug)).toEqual([created.slug]);
    const profile = await app.get(`/api/companies/${created.slug}`);
    expect(profile.status).toBe(200);
    const body = CompanyProfileSchema.parse(await profile.json());
    expect(body.services.map((s) => s.id)).toEqual(['local-moving', 'piano-moving']);
    expect((await list(`?q=${WORD}`)).items.map((c) => c.id)).toEqual([created.id]);
  });

  it('refuses invalid input with 400 and the field, and taken keys with 409', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ ...form(), name: '' }, 400, 'Name is required'],
      [
        { ...form(), state: 'Atlantis' },
        400,
        'State must be a US state name or two-letter abbreviation',
      ],
      [{ ...form(), phone: '555-01' }, 400, 'Phone must have 10 digits'],
      [{ ...form(), email: 'not-an-email' }, 400, 'E-mail must be a valid e-mail address'],
      [
        { ...form(), services: ['teleporting'] },
        400,
        'Services: "teleporting" is not a service (use ids such as local-moving|storage)',
      ],
      [{ ...form(), lat: 123 }, 400, 'Latitude must be a number between -90 and 90'],
      [
        { ...form(), slug: 'Not A Slug' },
        400,
        'Slug must be lowercase letters, digits and single hyphens, such as acme-movers',
      ],
      [{ ...form(), fax: '1' }, 400, 'Unknown field: fax'],
      [
        { ...form(), city: 'Nowhereville' },
        400,
        'City "Nowhereville" is not a city of TX in the directory',
      ],
      [
        { ...form(), usdot_number: '', slug: created.slug },
        409,
        `Slug "${created.slug}" is already used by another company`,
      ],
      [
        { ...form(), slug: `${WORD}-other` },
        409,
        `USDOT number ${USDOT} is already used by ${WORD} Relocation Crew (id ${created.id})`,
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await send('POST', '/api/admin/companies', body);
      expect(await res.json()).toEqual({ error });
      expect(res.status).toBe(status);
    }
    expect((await list(`?q=${WORD}`)).total).toBe(1);
  });

  it('edits a company: the public profile and the search index follow', async () => {
    // Read once so the public read cache holds the old profile.
    expect((await app.get(`/api/companies/${created.slug}`)).status).toBe(200);
    const detail = await json<AdminCompanyDetail>(
      await send('PUT', `/api/admin/companies/${created.id}`, {
        ...form({ name: `${WORD} Hauling Partners`, services: ['storage'], description: '' }),
        version: 1,
      }),
      200,
    );
    expect(detail.values.name).toBe(`${WORD} Hauling Partners`);
    expect(detail.values.description).toBeNull();
    expect(detail.values.services).toEqual(['storage']);
    expect(detail.values.slug).toBe(created.slug);
    const profile = CompanyProfileSchema.parse(
      await (await app.get(`/api/companies/${created.slug}`)).json(),
    );
    expect(profile.name).toBe(`${WORD} Hauling Partners`);
    expect(profile.services.map((s) => s.id)).toEqual(['storage']);
    expect((await searchCompanies(`${WORD} hauling`)).map((c) => c.id)).toEqual([created.id]);
    expect(await searchCompanies(`${WORD} relocation`)).toEqual([]);
    const tokens = (await app
      .db('company_search_tokens')
      .where('company_id', created.id)
      .orderBy('token')
      .pluck('token')) as string[];
    expect(tokens).toEqual(['hauling', 'partners', WORD]);

    const missing = await send('PUT', '/api/admin/companies/99999999', { ...form(), version: 1 });
    expect(missing.status).toBe(404);
    const badId = await send('PUT', '/api/admin/companies/abc', { ...form(), version: 1 });
    expect(await badId.json()).toEqual({
      error: 'The company id must be a positive whole number',
    });
  });

  it('toggles featured and listed inline, as the public list sees it', async () => {
    // Each toggle names the version the table showed (decision 028).
    const version = async () =>
      (
        await json<AdminCompanyDetail>(
          await admin.request(`/api/admin/companies/${created.id}`),
          200,
        )
      ).version;
    const featured = await json<AdminCompanyDetail>(
      await send('PATCH', `/api/admin/companies/${created.id}`, {
        is_featured: true,
        version: await version(),
      }),
      200,
    );
    expect(featured.values.is_featured).toBe(true);
    expect((await list(`?q=${WORD}&featured=true`)).total).toBe(1);
    const publicList = async () =>
      (await (await app.get(`/api/companies?q=${WORD}`)).json()) as Array<{
        isFeatured: boolean;
      }>;
    expect((await publicList()).map((c) => c.isFeatured)).toEqual([true]);

    await json(
      await send('PATCH', `/api/admin/companies/${created.id}`, {
        is_in_list: false,
        version: await version(),
      }),
      200,
    );
    expect(await publicList()).toEqual([]);
    expect((await list(`?q=${WORD}&inList=false`)).total).toBe(1);
    await json(
      await send('PATCH', `/api/admin/companies/${created.id}`, {
        is_in_list: true,
        version: await version(),
      }),
      200,
    );
    expect(await publicList()).toHaveLength(1);

    const empty = await send('PATCH', `/api/admin/companies/${created.id}`, { version: 1 });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      error: 'Say whether the company is featured, listed or both',
    });
    const wrong = await send('PATCH', `/api/admin/companies/${created.id}`, {
      version: 1,
      is_featured: 'yes',
    });
    expect(wrong.status).toBe(400);
  });

  it('moderates reviews: hiding one recomputes the rating from the published ones, showing it restores it', async () => {
    const company = (await app
      .db('companies')
      .where('review_count', '>=', 3)
      .orderBy('id')
      .first('id', 'slug', 'rating', 'review_count')) as {
      id: number;
      slug: string;
      rating: number | string;
      review_count: number;
    };
    const page = AdminReviewPageSchema.parse(
      await json(await admin.request(`/api/admin/reviews?companyId=${company.id}&limit=100`), 200),
    );
    expect(page.total).toBe(company.review_count);
    const target = page.items.find((r) => r.rating !== Number(company.rating)) ?? page.items[0]!;
    reviewsToRestore.push({ id: target.id, status: 'published' });

    const hidden = ReviewModerationResultSchema.parse(
      await json(await send('PATCH', `/api/admin/reviews/${target.id}`, { status: 'hidden' }), 200),
    );
    const rest = page.items.filter((r) => r.id !== target.id).map((r) => r.rating);
    const expected =
      Math.floor((200 * rest.reduce((a, b) => a + b, 0) + rest.length) / (2 * rest.length)) / 100;
    expect(hidden.company).toEqual({ rating: expected, reviewCount: company.review_count - 1 });
    expect(hidden.review).toMatchObject({ status: 'hidden', moderatedBy: TEST_ADMIN.username });
    expect(hidden.review.moderatedAt).not.toBeNull();

    const profile = CompanyProfileSchema.parse(
      await (await app.get(`/api/companies/${company.slug}`)).json(),
    );
    expect(profile.reviews.map((r) => r.id)).not.toContain(target.id);
    expect(profile.reviewCount).toBe(company.review_count - 1);
    expect(profile.rating).toBe(expected);
    expect(profile.ratingDistribution.reduce((n, d) => n + d.count, 0)).toBe(
      company.review_count - 1,
    );
    const hiddenList = AdminReviewPageSchema.parse(
      await json(
        await admin.request(`/api/admin/reviews?companyId=${company.id}&status=hidden`),
        200,
      ),
    );
    expect(hiddenList.items.map((r) => r.id)).toEqual([target.id]);

    const shown = ReviewModerationResultSchema.parse(
      await json(
        await send('PATCH', `/api/admin/reviews/${target.id}`, { status: 'published' }),
        200,
      ),
    );
    // The seed's own rating, to the cent: moderation computes it the same way.
    expect(shown.company).toEqual({
      rating: Number(company.rating),
      reviewCount: company.review_count,
    });

    const bad = await send('PATCH', `/api/admin/reviews/${target.id}`, { status: 'deleted' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Status must be published, hidden or rejected' });
    expect((await send('PATCH', '/api/admin/reviews/99999999', { status: 'hidden' })).status).toBe(
      404,
    );
  });

  it('approves an application into a new company and declines another, recording who and when', async () => {
    const insert = async (name: string) => {
      const [id] = (await app.db('company_applications').insert({
        public_id: `${WORD.slice(0, 9)}${randomInt(1000, 9999)}`,
        company_name: name,
        contact_name: 'Sam Ortiz',
        email: 'sam@example.com',
        phone: '5125550199',
        website: 'https://apply.example.com',
        usdot_number: null,
        mc_number: null,
        state: 'TX',
        city: 'Austin',
        services: JSON.stringify(['local-moving']),
        status: 'pending',
        ip_address: '127.0.0.1',
        user_agent: 'companies.test',
      })) as number[];
      applicationIds.push(Number(id));
      return Number(id);
    };
    const approveId = await insert(`${WORD} Applied Movers`);
    const declineId = await insert(`${WORD} Declined Movers`);
    const pending = AdminApplicationPageSchema.parse(
      await json(await admin.request('/api/admin/company-applications?limit=100'), 200),
    );
    expect(pending.items.map((a) => a.id)).toEqual(expect.arrayContaining([approveId, declineId]));
    expect(pending.pending).toBeGreaterThanOrEqual(2);

    const company = await json<{ id: number; slug: string }>(
      await send('POST', `/api/admin/company-applications/${approveId}/approve`, {
        name: `${WORD} Applied Movers`,
        phone: '5125550199',
        website: 'https://apply.example.com',
        city: 'Austin',
        state: 'TX',
        services: ['local-moving'],
      }),
      201,
    );
    const approved = await json<{
      status: string;
      decidedBy: string;
      decidedAt: string;
      companyId: number;
    }>(await admin.request(`/api/admin/company-applications/${approveId}`), 200);
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: TEST_ADMIN.username,
      companyId: company.id,
    });
    expect(Date.parse(approved.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await searchCompanies(`${WORD} applied`)).map((c) => c.id)).toEqual([company.id]);
    const again = await send(
      'POST',
      `/api/admin/company-applications/${approveId}/approve`,
      form(),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'This application was already approved' });

    const declined = await json<{ status: string; decidedBy: string; decisionNote: string }>(
      await send('POST', `/api/admin/company-applications/${declineId}/decline`, {
        note: 'No USDOT number',
      }),
      200,
    );
    expect(declined).toMatchObject({
      status: 'declined',
      decidedBy: TEST_ADMIN.username,
      decisionNote: 'No USDOT number',
    });
    expect(
      (await send('POST', `/api/admin/company-applications/${declineId}/decline`, {})).status,
    ).toBe(409);
    // A failed approval (unknown city) creates nothing and leaves the application pending.
    const third = await insert(`${WORD} Third Movers`);
    const failed = await send('POST', `/api/admin/company-applications/${third}/approve`, {
      name: `${WORD} Third Movers`,
      city: 'Atlantis City',
      state: 'TX',
    });
    expect(failed.status).toBe(400);
    expect((await app.db('company_applications').where('id', third).first('status')).status).toBe(
      'pending',
    );
    expect(await searchCompanies(`${WORD} third`)).toEqual([]);

    // Deleting the company clears the application's link to it.
    expect((await send('DELETE', `/api/admin/companies/${company.id}`)).status).toBe(204);
    const after = await json<{ companyId: number | null }>(
      await admin.request(`/api/admin/company-applications/${approveId}`),
      200,
    );
    expect(after.companyId).toBeNull();
  });

  it('deletes a company with its services, search words and reviews', async () => {
    const res = await send('DELETE', `/api/admin/companies/${created.id}`);
    expect(res.status).toBe(204);
    expect((await admin.request(`/api/admin/companies/${created.id}`)).status).toBe(404);
    expect((await app.get(`/api/companies/${created.slug}`)).status).toBe(404);
    expect(await searchCompanies(WORD)).toEqual([]);
    for (const table of ['company_search_tokens', 'company_services', 'reviews'])
      expect(await app.db(table).where('company_id', created.id).first()).toBeUndefined();
    expect((await send('DELETE', `/api/admin/companies/${created.id}`)).status).toBe(404);
  });
});
