/**
 * "Report this review" (issue 19) over HTTP on every test database: a visitor reports a published review
 * without an account (unknown, held and hidden reviews are 404, bad input a 400 in plain words, a repeat
 * within a day folded into the open report, a burst from one address limited); a company reports its own
 * reviews only, audited with the company, once while a report is open, and sees how it stands; staff read the
 * open reports with their reviews, dismiss one (the review stays) or uphold one (the review is hidden, the
 * rating recomputed, every open report of it closed), each only with a reason, each audited.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminReviewReportPageSchema,
  REVIEW_ALREADY_REPORTED,
  REVIEW_REPORT_MESSAGES,
  REVIEW_REPORT_THANKS,
  ReviewReportDecisionResultSchema,
  type AdminReviewReport,
  type CompanyProfile,
  type ProReviewPage,
  type ProReviewReport,
} from '@moveratlas/contracts';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { createProCompany } from '../pro/pro-support';
import { createMover, removeMovers, signInMover, type MoverClient } from '../support/mover';
import { startTestApp, type TestApp } from '../test-app';

describe.each(testDatabases())('reports of reviews on $name', (database) => {
  const word = randomUUID().slice(0, 8);
  let app: TestApp;
  let admin: AdminClient;
  let owner: MoverClient;
  let ownerId: number;
  const movers: number[] = [];
  let company: { id: number; slug: string; name: string };
  let other: { id: number; slug: string; name: string };
  const reviews = { fair: 0, rude: 0, fake: 0, held: 0, hidden: 0, others: 0 };
  /** Each test sends from addresses of its own, so the per-address limit counts only its requests. */
  let nextAddress = 1;
  const freshAddress = () => `203.0.113.${nextAddress++}`;

  const addReview = async (
    companyId: number,
    values: { rating: number; title: string; status?: string },
  ) => {
    const [id] = (await app.db('reviews').insert({
      company_id: companyId,
      rating: values.rating,
      title: `${values.title} ${word}`,
      body: `${values.title}: what happened on the day.`,
      author_first_name: 'Dana',
      reviewed_on: '2026-10-02',
      status: values.status ?? 'published',
    })) as number[];
    return Number(id);
  };

  const report = (reviewId: number | string, body: unknown, address = freshAddress()) =>
    fetch(`${app.baseUrl}/api/reviews/${reviewId}/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify(body),
    });

  const proReport = (reviewId: number, body: unknown, companyId = company.id) =>
    owner.request(`/api/pro/companies/${companyId}/reviews/${reviewId}/report`, {
      method: 'POST',
      body: JSON.stringify(body),
    });

  const queue = async (query = '') => {
    const response = await admin.request(`/api/admin/review-reports${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return AdminReviewReportPageSchema.parse(await response.json());
  };

  /** This file's reports in the queue (other files may leave reports of their own). */
  const ours = async (query = '?limit=100') =>
    (await queue(query)).items.filter((r) => r.review.title.endsWith(word));

  const decide = (id: number, body: unknown) =>
    admin.request(`/api/admin/review-reports/${id}/decision`, {
      method: 'POST',
      body: JSON.stringify(body),
    });

  const reportsOf = (reviewId: number) =>
    app.db('review_reports').where({ review_id: reviewId }).orderBy('id').select() as Promise<
      Array<{
        id: number;
        source: string;
        reason: string;
        details: string | null;
        reporter_email: string | null;
        repeats: number;
        status: string;
        staff_reason: string | null;
        mover_id: number | null;
      }>
    >;

  const profile = async () => {
    const response = await app.get(`/api/companies/${company.slug}`);
    expect(response.status).toBe(200);
    return (await response.json()) as CompanyProfile;
  };

  beforeAll(async () => {
    app = await startTestApp(database.config, { TRUST_PROXY: '1' });
    admin = await loginAsAdmin(app.baseUrl);
    company = await createProCompany(app.db, `Reported Movers ${word}`);
    other = await createProCompany(app.db, `Other Reported Movers ${word}`);
    await app.db('companies').whereIn('id', [company.id, other.id]).update({ is_in_list: true });
    reviews.fair = await addReview(company.id, { rating: 5, title: 'Fair one' });
    reviews.rude = await addReview(company.id, { rating: 1, title: 'Rude one' });
    reviews.fake = await addReview(company.id, { rating: 1, title: 'Fake one' });
    reviews.held = await addReview(company.id, { rating: 1, title: 'Held', status: 'pending' });
    reviews.hidden = await addReview(company.id, { rating: 1, title: 'Hidden', status: 'hidden' });
    reviews.others = await addReview(other.id, { rating: 2, title: 'Not theirs' });
    // The rating as staff's moderation keeps it: from the three published reviews, (5 + 1 + 1) / 3.
    await app
      .db('companies')
      .where({ id: company.id })
      .update({ rating: 2.33, review_count: 3, rank_score: null });
    const account = await createMover(app.db, {
      companyId: company.id,
      role: 'staff',
      name: `Sam Staff ${word}`,
    });
    movers.push(account.id);
    ownerId = account.id;
    owner = await signInMover(app.baseUrl, account);
  });

  afterAll(async () => {
    if (!app) return;
    await app.db('audit_events').where('summary', 'like', `%${word}%`).delete();
    // Their reviews and those reviews' reports go with the companies.
    await app.db('companies').whereIn('id', [company.id, other.id]).delete();
    await removeMovers(app.db, movers);
    await app.close();
  });

  it('takes a visitor’s report of a published review, without an account, and folds a repeat within a day', async () => {
    const response = await report(reviews.fake, {
      reason: 'fake',
      details: '  This person never moved with them.  ',
      email: ' Reporter@Example.com ',
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ message: REVIEW_REPORT_THANKS });
    const [stored] = await reportsOf(reviews.fake);
    expect(stored).toMatchObject({
      source: 'visitor',
      reason: 'fake',
      details: 'This person never moved with them.',
      reporter_email: 'reporter@example.com',
      status: 'open',
      mover_id: null,
    });
    expect(Number(stored!.repeats)).toBe(0);

    // The same review again from someone else, within the day: the same thanks, one item for staff.
    const again = await report(reviews.fake, { reason: 'spam' });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ message: REVIEW_REPORT_THANKS });
    const after = await reportsOf(reviews.fake);
    expect(after).toHaveLength(1);
    expect(Number(after[0]!.repeats)).toBe(1);

    // The public review is untouched until staff decide.
    expect((await profile()).reviews.map((r) => r.id)).toContain(reviews.fake);
  });

  it('answers 404 for an unknown, held, hidden or malformed review, and stores nothing', async () => {
    for (const id of [999_999_999, reviews.held, reviews.hidden, 'abc', '0']) {
      const response = await report(id, { reason: 'spam' });
      expect(response.status, String(id)).toBe(404);
      expect(await response.json()).toEqual({ error: 'No such review' });
    }
    expect(await reportsOf(reviews.held)).toEqual([]);
    expect(await reportsOf(reviews.hidden)).toEqual([]);
  });

  it('refuses bad input with a 400 in plain words', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, REVIEW_REPORT_MESSAGES.reason],
      [{ reason: 'boring' }, REVIEW_REPORT_MESSAGES.reason],
      [{ reason: 'other', details: 'Bad' }, REVIEW_REPORT_MESSAGES.detailsOther],
      [{ reason: 'spam', details: 'x'.repeat(1001) }, REVIEW_REPORT_MESSAGES.detailsLong],
      [{ reason: 'spam', details: 'Ring\u0007the bell' }, REVIEW_REPORT_MESSAGES.detailsUnshowable],
      [{ reason: 'spam', email: 'not an address' }, REVIEW_REPORT_MESSAGES.email],
    ];
    for (const [body, error] of cases) {
      const response = await report(reviews.rude, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    const extra = await report(reviews.rude, { reason: 'spam', rating: 1 });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toEqual({ error: 'Unknown field: rating' });
    expect(await reportsOf(reviews.rude)).toEqual([]);
  });

  it('limits reports per address (RATE_LIMIT_REVIEWS), counted apart from other addresses', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++)
      expect((await report(999_999_999, { reason: 'spam' }, address)).status).toBe(404);
    const limited = await report(reviews.rude, { reason: 'spam' }, address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: string }).error).toMatch(
      /^Too many reports of reviews from this address; please try again in \d+ seconds$/,
    );
    expect(await reportsOf(reviews.rude)).toEqual([]);
    // Another address is not held up.
    expect((await report(999_999_999, { reason: 'spam' })).status).toBe(404);
  });

  it('takes a company’s report of its own review only, audited with the company, once while open', async () => {
    const response = await proReport(reviews.rude, {
      reason: 'offensive',
      details: `Calls our crew names ${word}`,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { report: created } = (await response.json()) as { report: ProReviewReport };
    expect(created).toMatchObject({
      status: 'open',
      reason: 'offensive',
      details: `Calls our crew names ${word}`,
      resolvedAt: null,
      staffReason: null,
    });
    const [stored] = await reportsOf(reviews.rude);
    expect(stored).toMatchObject({ source: 'company', mover_id: ownerId, reporter_email: null });

    const audit = (await app
      .db('audit_events')
      .where({ action: 'review_report.create', entity_id: String(created.id) })
      .select('actor_kind', 'actor_mover_id', 'company_id', 'entity_type', 'after_json')) as Array<{
      actor_kind: string;
      actor_mover_id: number;
      company_id: number;
      entity_type: string;
      after_json: string;
    }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_kind: 'mover',
      actor_mover_id: ownerId,
      company_id: company.id,
      entity_type: 'review_report',
    });
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({
      review_id: reviews.rude,
      reason: 'offensive',
      status: 'open',
    });

    const again = await proReport(reviews.rude, { reason: 'spam' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: REVIEW_ALREADY_REPORTED });

    // Another company's review, an unpublished one, an unknown one: not found, as for none.
    for (const id of [reviews.others, reviews.hidden, 999_999_999]) {
      const refused = await proReport(id, { reason: 'spam' });
      expect(refused.status, String(id)).toBe(404);
      expect(await refused.json()).toEqual({ error: 'No such review' });
    }
    // Through the other company's address: the gate says it is not theirs.
    expect((await proReport(reviews.others, { reason: 'spam' }, other.id)).status).toBe(404);
    expect(await reportsOf(reviews.others)).toEqual([]);

    const bad = await proReport(reviews.fair, { reason: 'other' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: REVIEW_REPORT_MESSAGES.detailsOther });

    // Without the CSRF token the gate refuses the write.
    const forged = await fetch(
      `${app.baseUrl}/api/pro/companies/${company.id}/reviews/${reviews.fair}/report`,
      {
        method: 'POST',
        headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason: 'spam' }),
      },
    );
    expect(forged.status).toBe(403);

    // The dashboard's list shows the report beside its review.
    const listed = await owner.request(`/api/pro/companies/${company.id}/reviews`);
    const page = (await listed.json()) as ProReviewPage;
    expect(page.items.find((r) => r.id === reviews.rude)?.report).toMatchObject({
      status: 'open',
      reason: 'offensive',
    });
    expect(page.items.find((r) => r.id === reviews.fair)?.report).toBeNull();
  });

  it('lists open reports for staff with the review, the reason and who reported', async () => {
    const open = await ours();
    const byReview = (id: number) => open.find((r) => r.review.id === id);
    expect(byReview(reviews.fake)).toMatchObject({
      source: 'visitor',
      reason: 'fake',
      reporterEmail: 'reporter@example.com',
      reporter: null,
      repeats: 1,
      status: 'open',
      company: { id: company.id, name: company.name, slug: company.slug },
      review: { id: reviews.fake, rating: 1, status: 'published', authorFirstName: 'Dana' },
    });
    expect(byReview(reviews.rude)).toMatchObject({
      source: 'company',
      reason: 'offensive',
      reporterEmail: null,
      reporter: { id: ownerId, name: `Sam Staff ${word}` },
    });
    const page = await queue();
    expect(page.open).toBeGreaterThanOrEqual(2);
    expect(page.open).toBe(page.total);
    // Open ones oldest first: the visitor's came before the company's.
    expect(open.map((r) => r.review.id)).toEqual([reviews.fake, reviews.rude]);

    const bad = await admin.request('/api/admin/review-reports?status=closed');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Status must be open, dismissed, upheld or all' });
  });

  it('dismisses a report only with a reason: the review stays, the company reads the outcome, audited', async () => {
    const target = (await ours()).find((r) => r.review.id === reviews.rude)!;
    const noReason = await decide(target.id, { decision: 'dismiss' });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual({ error: 'Say why you decide so' });

    const response = await decide(target.id, {
      decision: 'dismiss',
      reason: `Harsh but about the move ${word}`,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { report: decided } = ReviewReportDecisionResultSchema.parse(await response.json());
    expect(decided).toMatchObject({
      status: 'dismissed',
      staffReason: `Harsh but about the move ${word}`,
      resolvedBy: 'test-admin',
      review: { status: 'published' },
    });
    expect(decided.resolvedAt).not.toBeNull();
    expect((await profile()).reviews.map((r) => r.id)).toContain(reviews.rude);

    const twice = await decide(target.id, { decision: 'uphold', reason: 'Changed my mind' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: 'This report was already dismissed' });

    const page = (await (
      await owner.request(`/api/pro/companies/${company.id}/reviews`)
    ).json()) as ProReviewPage;
    expect(page.items.find((r) => r.id === reviews.rude)?.report).toMatchObject({
      status: 'dismissed',
      staffReason: `Harsh but about the move ${word}`,
    });
    // Dismissed: the company may report it again.
    expect((await proReport(reviews.rude, { reason: 'spam' })).status).toBe(201);

    const audit = (await app
      .db('audit_events')
      .where({ action: 'review_report.decide', entity_id: String(target.id) })
      .select('actor_kind', 'company_id', 'before_json', 'after_json')) as Array<{
      actor_kind: string;
      company_id: number;
      before_json: string;
      after_json: string;
    }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_kind: 'staff', company_id: company.id });
    expect(JSON.parse(audit[0]!.before_json)).toEqual({ status: 'open' });
    expect(JSON.parse(audit[0]!.after_json)).toEqual({
      status: 'dismissed',
      reason: `Harsh but about the move ${word}`,
    });
  });

  it('upholds a report: the review is hidden, the rating recomputed, every open report of it closed, audited', async () => {
    // A second open report of the same review, from the company: closed with the first.
    expect((await proReport(reviews.fake, { reason: 'fake' })).status).toBe(201);
    const visitors = (await ours()).find(
      (r) => r.review.id === reviews.fake && r.source === 'visitor',
    )!;
    const companies = (await ours()).find(
      (r) => r.review.id === reviews.fake && r.source === 'company',
    )!;
    const response = await decide(visitors.id, {
      decision: 'uphold',
      reason: `Not a customer of theirs ${word}`,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { report: decided } = ReviewReportDecisionResultSchema.parse(await response.json());
    expect(decided).toMatchObject({ status: 'upheld', review: { status: 'hidden' } });

    const review = (await app
      .db('reviews')
      .where({ id: reviews.fake })
      .first('status', 'moderated_by', 'moderation_reason')) as Record<string, unknown>;
    expect(review).toEqual({
      status: 'hidden',
      moderated_by: 'test-admin',
      moderation_reason: `Not a customer of theirs ${word}`,
    });
    // Two published reviews are left: 5 and 1 stars.
    const shown = await profile();
    expect(shown.reviews.map((r) => r.id)).not.toContain(reviews.fake);
    expect(shown.reviewCount).toBe(2);
    expect(shown.rating).toBe(3);

    const closed = await reportsOf(reviews.fake);
    expect(closed.map((r) => [r.source, r.status, r.staff_reason])).toEqual([
      ['visitor', 'upheld', `Not a customer of theirs ${word}`],
      ['company', 'upheld', `Not a customer of theirs ${word}`],
    ]);
    expect((await ours()).map((r) => r.id)).not.toContain(companies.id);
    expect((await ours('?status=upheld&limit=100')).map((r) => r.id).sort()).toEqual(
      [visitors.id, companies.id].sort(),
    );

    const actions = (await app
      .db('audit_events')
      .where('summary', 'like', `%${word}%`)
      .whereIn('action', ['review_report.decide', 'review.moderate'])
      .whereIn('entity_id', [String(visitors.id), String(companies.id), String(reviews.fake)])
      .orderBy('id')
      .select('action', 'entity_type', 'entity_id', 'before_json', 'after_json')) as Array<{
      action: string;
      entity_type: string;
      entity_id: string;
      before_json: string;
      after_json: string;
    }>;
    expect(actions.map((a) => [a.action, a.entity_type, a.entity_id])).toEqual([
      ['review_report.decide', 'review_report', String(visitors.id)],
      ['review_report.decide', 'review_report', String(companies.id)],
      ['review.moderate', 'review', String(reviews.fake)],
    ]);
    expect(JSON.parse(actions[2]!.before_json)).toEqual({ status: 'published' });
    expect(JSON.parse(actions[2]!.after_json)).toMatchObject({ status: 'hidden' });

    // A hidden review takes no more reports.
    expect((await report(reviews.fake, { reason: 'spam' })).status).toBe(404);
  });

  it('refuses the queue without a session, a decision without the CSRF token, and an unknown report', async () => {
    const anonymous = await fetch(`${app.baseUrl}/api/admin/review-reports`);
    expect(anonymous.status).toBe(401);
    const open: AdminReviewReport[] = await ours();
    const target = open[0]!;
    const forged = await fetch(`${app.baseUrl}/api/admin/review-reports/${target.id}/decision`, {
      method: 'POST',
      headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ decision: 'dismiss', reason: 'No token here' }),
    });
    expect(forged.status).toBe(403);
    expect((await decide(999_999_999, { decision: 'dismiss', reason: 'Nothing' })).status).toBe(
      404,
    );
  });
});
