/**
 * Issue 16, bulk actions over HTTP on every test database: companies (feature, list/unlist, delete), leads
 * (status), reviews (publish/hide, with the company's rating recomputed at once on the API and on the public
 * profile) and SEO tasks (status). Each answer is checked per id — done, unchanged, not found — with the
 * row's before and after, and against the database; the limits and the CSRF gate are checked on the wire.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkResultSchema, CompanyProfileSchema, type BulkResult } from '@moveratlas/contracts';
import { TEST_ADMIN, testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { leadForm, removeLeads } from '../leads/support';

const WORD = `zqbulk${randomInt(100_000, 999_999)}`;
const MISSING = 2_000_000_000;

describe.each(testDatabases())('admin bulk actions on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  const leadUuids: string[] = [];

  async function bulk(path: string, body: unknown, status = 200): Promise<BulkResult> {
    const res = await admin.request(path, { method: 'POST', body: JSON.stringify(body) });
    const json = (await res.json()) as unknown;
    expect(res.status, JSON.stringify(json)).toBe(status);
    return BulkResultSchema.parse(json);
  }

  async function refused(path: string, body: unknown, error: string): Promise<void> {
    const res = await admin.request(path, { method: 'POST', body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
  }

  async function createCompany(suffix: string): Promise<number> {
    const res = await admin.request('/api/admin/companies', {
      method: 'POST',
      body: JSON.stringify({
        slug: `${WORD}-${suffix}`,
        name: `${WORD} ${suffix} Movers`,
        city: 'Austin',
        state: 'TX',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
  });

  afterAll(async () => {
    const ids = (await app
      .db('companies')
      .where('slug', 'like', `${WORD}%`)
      .pluck('id')) as number[];
    if (ids.length > 0) await app.db('companies').whereIn('id', ids).delete();
    await removeLeads(app.db, leadUuids);
    await app.db('seo_tasks').where('task_key', 'like', `${WORD}%`).delete();
    await app.close();
  });

  it('unlists, features and deletes companies, answering per id, and the directory follows at once', async () => {
    const [a, b, c] = [
      await createCompany('a'),
      await createCompany('b'),
      await createCompany('c'),
    ];
    expect((await app.get(`/api/companies/${WORD}-a`)).status).toBe(200);

    const unlist = await bulk('/api/admin/companies/bulk', {
      ids: [a, b, MISSING],
      action: 'unlist',
    });
    expect(unlist.summary).toBe('2 companies unlisted; 1 was not found (deleted meanwhile?).');
    expect(unlist.results).toEqual([
      {
        id: a,
        outcome: 'done',
        message: 'Hidden from the directory',
        before: {
          name: `${WORD} a Movers`,
          slug: `${WORD}-a`,
          is_featured: false,
          is_in_list: true,
        },
        after: {
          name: `${WORD} a Movers`,
          slug: `${WORD}-a`,
          is_featured: false,
          is_in_list: false,
        },
      },
      {
        id: b,
        outcome: 'done',
        message: 'Hidden from the directory',
        before: {
          name: `${WORD} b Movers`,
          slug: `${WORD}-b`,
          is_featured: false,
          is_in_list: true,
        },
        after: {
          name: `${WORD} b Movers`,
          slug: `${WORD}-b`,
          is_featured: false,
          is_in_list: false,
        },
      },
      {
        id: MISSING,
        outcome: 'not_found',
        message: `No company with id ${MISSING}`,
        before: null,
        after: null,
      },
    ]);
    // The public read cache was cleared: the unlisted company is gone from the directory now.
    expect((await app.get(`/api/companies/${WORD}-a`)).status).toBe(404);
    const flags = await app
      .db('companies')
      .whereIn('id', [a, b, c])
      .orderBy('id')
      .select('is_in_list');
    expect(flags.map((f: { is_in_list: unknown }) => Boolean(Number(f.is_in_list)))).toEqual([
      false,
      false,
      true,
    ]);

    const again = await bulk('/api/admin/companies/bulk', { ids: [a, c], action: 'unlist' });
    expect(again.results.map((r) => [r.id, r.outcome, r.message])).toEqual([
      [a, 'unchanged', 'Already hidden from the directory'],
      [c, 'done', 'Hidden from the directory'],
    ]);
    expect(again.summary).toBe('1 company unlisted; 1 was already unlisted.');

    const feature = await bulk('/api/admin/companies/bulk', { ids: [c, c], action: 'feature' });
    expect(feature.results.map((r) => [r.id, r.outcome])).toEqual([[c, 'done']]);
    const row = (await app.db('companies').where('id', c).first('is_featured')) as {
      is_featured: unknown;
    };
    expect(Boolean(Number(row.is_featured))).toBe(true);

    const removed = await bulk('/api/admin/companies/bulk', { ids: [a, b], action: 'delete' });
    expect(removed.summary).toBe('2 companies deleted.');
    expect(removed.results.map((r) => [r.outcome, r.after])).toEqual([
      ['done', null],
      ['done', null],
    ]);
    expect(await app.db('companies').whereIn('id', [a, b]).count({ n: '*' }).first()).toEqual({
      n: 0,
    });
    expect(
      await app.db('company_search_tokens').whereIn('company_id', [a, b]).count({ n: '*' }).first(),
    ).toEqual({ n: 0 });
  });

  it('refuses a bad request in words, more than 500 ids, and a write without the CSRF token', async () => {
    await refused(
      '/api/admin/companies/bulk',
      { ids: [], action: 'unlist' },
      'Choose at least one row',
    );
    await refused(
      '/api/admin/companies/bulk',
      { ids: Array.from({ length: 501 }, (_, i) => i + 1), action: 'unlist' },
      'At most 500 rows at a time; choose fewer',
    );
    await refused(
      '/api/admin/companies/bulk',
      { ids: [1], action: 'burn' },
      'The action must be one of: feature, unfeature, list, unlist, delete',
    );
    await refused(
      '/api/admin/leads/bulk-status',
      { ids: [1], status: 'won' },
      'The status must be one of: new, contacted, scheduled, quoted, converted, lost',
    );
    const before = createHash('sha1')
      .update(
        JSON.stringify(await app.db('companies').orderBy('id').limit(5).select('id', 'is_in_list')),
      )
      .digest('hex');
    const res = await fetch(`${app.baseUrl}/api/admin/companies/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: admin.cookie },
      body: JSON.stringify({ ids: [1, 2, 3], action: 'unlist' }),
    });
    expect(res.status).toBe(403);
    const after = createHash('sha1')
      .update(
        JSON.stringify(await app.db('companies').orderBy('id').limit(5).select('id', 'is_in_list')),
      )
      .digest('hex');
    expect(after).toBe(before);
  });

  it('hides and publishes reviews, and the rating on the admin, the API and the public profile follows at once', async () => {
    const company = (await app
      .db('companies')
      .where('is_in_list', true)
      .andWhere('review_count', '>=', 4)
      .orderBy('id')
      .first('id', 'slug', 'rating', 'review_count')) as {
      id: number;
      slug: string;
      rating: unknown;
      review_count: unknown;
    };
    const published = (await app
      .db('reviews')
      .where({ company_id: company.id, status: 'published' })
      .orderBy('id')
      .select('id', 'rating')) as Array<{ id: number; rating: number }>;
    expect(published.length).toBe(Number(company.review_count));
    const hidden = published.slice(0, 2);
    const left = published.slice(2);
    const expected =
      Math.floor(
        (200 * left.reduce((s, r) => s + Number(r.rating), 0) + left.length) / (2 * left.length),
      ) / 100;
    // The public profile is read once first, so a stale cached copy would show if nothing cleared it.
    const first = CompanyProfileSchema.parse(
      await (await app.get(`/api/companies/${company.slug}`)).json(),
    );
    expect(first.reviewCount).toBe(published.length);
    expect(await (await app.get(`/company/${company.slug}`)).text()).toContain(
      `"reviewCount":${published.length},`,
    );

    const hide = await bulk('/api/admin/reviews/bulk', {
      ids: [...hidden.map((r) => r.id), MISSING],
      action: 'hide',
    });
    expect(hide.summary).toBe('2 reviews hidden; 1 was not found (deleted meanwhile?).');
    expect(hide.results[0]).toEqual({
      id: hidden[0]!.id,
      outcome: 'done',
      message: 'Hidden',
      before: { status: 'published', company_id: Number(company.id) },
      after: { status: 'hidden', company_id: Number(company.id) },
    });

    const detail = (await (await admin.request(`/api/admin/companies/${company.id}`)).json()) as {
      rating: number | null;
      reviewCount: number;
    };
    expect([detail.rating, detail.reviewCount]).toEqual([expected, left.length]);
    const profile = CompanyProfileSchema.parse(
      await (await app.get(`/api/companies/${company.slug}`)).json(),
    );
    expect([profile.rating, profile.reviewCount]).toEqual([expected, left.length]);
    const page = await (await app.get(`/company/${company.slug}`)).text();
    // The profile's structured data and its loader data carry the rating the header shows.
    expect(page).toContain(`"ratingValue":${expected},"reviewCount":${left.length},`);
    expect(page).toContain(`"rating":${expected},"reviewCount":${left.length},`);

    const republish = await bulk('/api/admin/reviews/bulk', {
      ids: published.map((r) => r.id),
      action: 'publish',
    });
    expect(republish.summary).toBe(`2 reviews published; ${left.length} were already published.`);
    const restored = (await app
      .db('companies')
      .where('id', company.id)
      .first('rating', 'review_count')) as {
      rating: unknown;
      review_count: unknown;
    };
    expect([Number(restored.rating), Number(restored.review_count)]).toEqual([
      Number(company.rating),
      Number(company.review_count),
    ]);
  });

  it('moves leads to a status with their history, and reports the ones already there', async () => {
    const ids: number[] = [];
    for (const who of ['one', 'two']) {
      const form = leadForm({ email_address: `${who}.${WORD}@example.com` });
      leadUuids.push(form.lead_uuid!);
      const res = await fetch(`${app.baseUrl}/api/proxy/send_lead`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const row = (await app.db('leads').where('lead_uuid', form.lead_uuid!).first('id')) as {
        id: number;
      };
      ids.push(Number(row.id));
    }
    const moved = await bulk('/api/admin/leads/bulk-status', { ids, status: 'contacted' });
    expect(moved.summary).toBe('2 leads moved to Contacted.');
    expect(moved.results.map((r) => [r.id, r.message, r.before, r.after])).toEqual(
      ids.map((id) => [id, 'New → Contacted', { status: 'new' }, { status: 'contacted' }]),
    );
    const history = (await app
      .db('lead_status_history')
      .whereIn('lead_id', ids)
      .orderBy('id')
      .select('lead_id', 'from_status', 'to_status', 'changed_by')) as Array<
      Record<string, unknown>
    >;
    expect(
      history.map((h) => [Number(h.lead_id), h.from_status, h.to_status, h.changed_by]),
    ).toEqual(
      [
        [ids[0], null, 'new', null],
        [ids[1], null, 'new', null],
        [ids[0], 'new', 'contacted', TEST_ADMIN.username],
        [ids[1], 'new', 'contacted', TEST_ADMIN.username],
      ].sort((x, y) => (x[2] === y[2] ? 0 : x[2] === 'new' ? -1 : 1)),
    );
    const again = await bulk('/api/admin/leads/bulk-status', {
      ids: [ids[0]],
      status: 'contacted',
    });
    expect(again.results.map((r) => [r.outcome, r.message])).toEqual([
      ['unchanged', 'Already Contacted'],
    ]);
  });

  it('sets SEO tasks to a status', async () => {
    const now = Date.now();
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const [id] = (await app.db('seo_tasks').insert({
        task_key: `${WORD}${n}`,
        url_hash: randomUUID().replace(/-/g, '').slice(0, 40),
        rule: 'missing-title',
        severity: 'error',
        url: `/bulk-test/${WORD}/${n}`,
        message: 'The page has no title',
        status: n === 1 ? 'open' : 'fixed',
        first_seen_crawl_id: 1,
        last_seen_crawl_id: 1,
        created_at: now,
        updated_at: now,
      })) as number[];
      ids.push(Number(id));
    }
    const fixed = await bulk('/api/admin/seo-health/tasks/bulk-status', { ids, status: 'fixed' });
    expect(fixed.results.map((r) => [r.id, r.outcome, r.message])).toEqual([
      [ids[0], 'done', 'Open → Fixed'],
      [ids[1], 'unchanged', 'Already Fixed'],
    ]);
    expect(fixed.summary).toBe('1 task set to Fixed; 1 was already Fixed.');
    const rows = (await app
      .db('seo_tasks')
      .whereIn('id', ids)
      .orderBy('id')
      .select('status', 'status_changed_by')) as Array<Record<string, unknown>>;
    expect(rows).toEqual([
      { status: 'fixed', status_changed_by: `admin:${TEST_ADMIN.username}` },
      { status: 'fixed', status_changed_by: null },
    ]);
  });
});
