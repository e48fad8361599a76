/**
 * Reviews for movers (issue 17) over HTTP on every test database: a company's people read its published
 * reviews (filtered, sorted, paged) and reply publicly once per review; a second reply is refused while the
 * first waits or is published, another company's review is not found; staff publish a reply (the public
 * profile then shows it and the mover gets an e-mail) or reject it with a reason (the mover may then reply
 * again); nothing shows publicly while it waits; every reply and decision is in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_ALREADY_ANSWERED,
  type AdminReviewReply,
  type AdminReviewReplyPage,
  type CompanyProfile,
  type ProReviewPage,
  type ProReviewReplyResult,
} from '@moveratlas/contracts';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { austinCompanyForm } from '../support/company-form';
import { createMover, removeMovers, signInMover, type MoverClient } from '../support/mover';

const REPLY = 'Thank you for the kind words, we are glad the move went well.';

describe.each(testDatabases())('replies to reviews on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  const word = randomUUID().slice(0, 8);
  const movers: number[] = [];
  let company: { id: number; slug: string; name: string };
  let other: { id: number; slug: string };
  let owner: MoverClient;
  let ownerId: number;
  let staff: MoverClient;
  const reviews: Record<'kind' | 'late' | 'broken' | 'hidden' | 'others', number> = {
    kind: 0,
    late: 0,
    broken: 0,
    hidden: 0,
    others: 0,
  };

  const createCompany = async (name: string) => {
    const response = await admin.request('/api/admin/companies', {
      method: 'POST',
      body: JSON.stringify(austinCompanyForm(name)),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const row = (await app.db('companies').where({ id }).first('slug')) as { slug: string };
    return { id: Number(id), slug: row.slug, name };
  };

  const addReview = async (
    companyId: number,
    values: { rating: number; title: string; on: string; status?: string },
  ) => {
    await app.db('reviews').insert({
      company_id: companyId,
      rating: values.rating,
      title: values.title,
      body: `${values.title}: what happened on the day.`,
      author_first_name: 'Dana',
      reviewed_on: values.on,
      status: values.status ?? 'published',
    });
    const row = (await app
      .db('reviews')
      .where({ company_id: companyId })
      .max({ id: 'id' })
      .first()) as {
      id: number;
    };
    return Number(row.id);
  };

  const reply = (client: MoverClient, reviewId: number, body: unknown, companyId = company.id) =>
    client.request(`/api/pro/companies/${companyId}/reviews/${reviewId}/reply`, {
      method: 'POST',
      body: JSON.stringify({ body }),
    });

  const list = async (client: MoverClient, query = '') => {
    const response = await client.request(`/api/pro/companies/${company.id}/reviews${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ProReviewPage;
  };

  const profile = async () => {
    const response = await app.get(`/api/companies/${company.slug}`);
    expect(response.status).toBe(200);
    return (await response.json()) as CompanyProfile;
  };

  const replyIdOf = async (reviewId: number) =>
    Number(
      (
        (await app.db('review_replies').where({ review_id: reviewId }).first('id')) as {
          id: number;
        }
      ).id,
    );

  const moderate = (id: number, body: unknown) =>
    admin.request(`/api/admin/review-replies/${id}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    app = await startTestApp(database.config, { TRUST_PROXY: '1' });
    admin = await loginAsAdmin(app.baseUrl);
    company = await createCompany(`Replying Movers ${word}`);
    other = await createCompany(`Other Movers ${word}`);
    reviews.kind = await addReview(company.id, { rating: 5, title: 'Kind crew', on: '2026-10-03' });
    reviews.late = await addReview(company.id, { rating: 2, title: 'Very late', on: '2026-10-01' });
    reviews.broken = await addReview(company.id, {
      rating: 1,
      title: 'Broken lamp',
      on: '2026-10-02',
    });
    reviews.hidden = await addReview(company.id, {
      rating: 1,
      title: 'Hidden one',
      on: '2026-10-04',
      status: 'hidden',
    });
    reviews.others = await addReview(other.id, { rating: 4, title: 'Other one', on: '2026-10-01' });
    const ownerAccount = await createMover(app.db, {
      companyId: company.id,
      role: 'owner',
      name: 'Olive Owner',
    });
    const staffAccount = await createMover(app.db, { companyId: company.id, role: 'staff' });
    movers.push(ownerAccount.id, staffAccount.id);
    ownerId = ownerAccount.id;
    owner = await signInMover(app.baseUrl, ownerAccount);
    staff = await signInMover(app.baseUrl, staffAccount);
  });

  afterAll(async () => {
    await app.db('audit_events').where('summary', 'like', `%${word}%`).delete();
    await app.db('mail_messages').where('subject', 'like', `%${word}%`).delete();
    await app.db('companies').whereIn('id', [company.id, other.id]).delete();
    await removeMovers(app.db, movers);
    await app.close();
  });

  it("lists the company's published reviews only, with the rating summary, filters, sorts and pages", async () => {
    const all = await list(owner);
    expect(all.items.map((r) => r.title)).toEqual(['Kind crew', 'Broken lamp', 'Very late']);
    expect(all.total).toBe(3);
    expect(all.summary).toMatchObject({ count: 3, average: 2.67, needReply: 3 });
    expect(all.summary.distribution).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 0 },
      { stars: 3, count: 0 },
      { stars: 2, count: 1 },
      { stars: 1, count: 1 },
    ]);
    expect(all.items[0]).toMatchObject({
      authorFirstName: 'Dana',
      date: '2026-10-03',
      reply: null,
    });
    expect((await list(owner, '?sort=oldest')).items.map((r) => r.title)).toEqual([
      'Very late',
      'Broken lamp',
      'Kind crew',
    ]);
    expect((await list(owner, '?sort=lowest')).items.map((r) => r.rating)).toEqual([1, 2, 5]);
    expect((await list(owner, '?rating=2')).items.map((r) => r.title)).toEqual(['Very late']);
    const past = await list(owner, '?page=2');
    expect([past.items.length, past.pageCount]).toEqual([0, 1]);
    const bad = await owner.request(`/api/pro/companies/${company.id}/reviews?sort=best`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      'Sort must be newest, oldest or lowest',
    );
  });

  it('takes one reply per review, pending and not public, audited with the company; a second is 409', async () => {
    const response = await reply(owner, reviews.kind, `  ${REPLY} ${word}  `);
    expect(response.status).toBe(201);
    const { review } = (await response.json()) as ProReviewReplyResult;
    expect(review.reply).toMatchObject({
      body: `${REPLY} ${word}`,
      status: 'pending',
      rejectReason: null,
    });

    const again = await reply(staff, reviews.kind, `A second answer to the same review ${word}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: REVIEW_ALREADY_ANSWERED });

    const listed = await list(owner);
    expect(listed.items.find((r) => r.id === reviews.kind)?.reply?.status).toBe('pending');
    expect(listed.summary.needReply).toBe(2);
    expect((await list(owner, '?needsReply=true')).items.map((r) => r.title)).toEqual([
      'Broken lamp',
      'Very late',
    ]);

    // Not on the public profile while it waits.
    expect((await profile()).reviews.find((r) => r.id === reviews.kind)?.reply ?? null).toBeNull();

    const audit = (await app
      .db('audit_events')
      .where({ entity_type: 'review_reply', entity_id: String(await replyIdOf(reviews.kind)) })
      .select('action', 'actor_kind', 'actor_mover_id', 'company_id', 'after_json')) as Array<{
      action: string;
      actor_kind: string;
      actor_mover_id: number;
      company_id: number;
      after_json: string;
    }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'review_reply.create',
      actor_kind: 'mover',
      actor_mover_id: ownerId,
      company_id: company.id,
    });
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({ status: 'pending' });
  });

  it("refuses a reply to another company's review, an unpublished one and an unknown one (404), and bad text (400)", async () => {
    for (const id of [reviews.others, reviews.hidden, 999_999_999]) {
      const response = await reply(owner, id, `A reply that has nowhere to go ${word}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'No such review' });
    }
    // Through the other company's own address: the gate says the company is not theirs.
    const elsewhere = await reply(owner, reviews.others, `Not ours at all ${word}`, other.id);
    expect(elsewhere.status).toBe(404);
    expect(
      await app.db('review_replies').where({ review_id: reviews.others }).first(),
    ).toBeUndefined();

    const short = await reply(owner, reviews.late, 'Sorry!');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: 'Your reply must be at least 10 characters' });
    const long = await reply(owner, reviews.late, 'x'.repeat(2001));
    expect(((await long.json()) as { error: string }).error).toBe(
      'Your reply can be at most 2,000 characters',
    );
  });

  it('publishes a reply staff approve: the profile shows it, the mover gets an e-mail, the decision is audited', async () => {
    const id = await replyIdOf(reviews.kind);
    const pending = (await (
      await admin.request('/api/admin/review-replies?status=pending&limit=100')
    ).json()) as AdminReviewReplyPage;
    expect(pending.items.find((r) => r.id === id)).toMatchObject({
      status: 'pending',
      company: { id: company.id },
      review: { id: reviews.kind, title: 'Kind crew' },
      author: { id: ownerId, name: 'Olive Owner' },
    });

    const response = await moderate(id, { status: 'published' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as AdminReviewReply).status).toBe('published');

    const shown = (await profile()).reviews.find((r) => r.id === reviews.kind);
    expect(shown?.reply).toEqual({
      text: `${REPLY} ${word}`,
      date: new Date().toISOString().slice(0, 10),
    });
    // The later pages of reviews carry replies too.
    const page = (await (
      await app.get(`/api/companies/${company.slug}/reviews?page=1`)
    ).json()) as {
      reviews: CompanyProfile['reviews'];
    };
    expect(page.reviews.find((r) => r.id === reviews.kind)?.reply?.text).toBe(`${REPLY} ${word}`);

    const ownerEmail = (
      (await app.db('mover_users').where({ id: ownerId }).first('email')) as { email: string }
    ).email;
    const mail = (await app
      .db('mail_messages')
      .where({ to_address: ownerEmail, template: 'review-reply-moderated' })
      .select('subject', 'text_body')) as Array<{ subject: string; text_body: string }>;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Your reply to a review of Replying Movers ${word} is published`);
    expect(mail[0]!.text_body).toContain(`/company/${company.slug}#review-${reviews.kind}`);

    const audit = (await app
      .db('audit_events')
      .where({ action: 'review_reply.moderate', entity_id: String(id) })
      .first('actor_kind', 'company_id', 'before_json', 'after_json')) as {
      actor_kind: string;
      company_id: number;
      before_json: string;
      after_json: string;
    };
    expect(audit).toMatchObject({ actor_kind: 'staff', company_id: company.id });
    expect(JSON.parse(audit.after_json)).toEqual({ status: 'published' });

    const twice = await moderate(id, { status: 'published' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: 'This reply is already published' });
    // Published: no second reply either.
    expect((await reply(owner, reviews.kind, `Another one after publishing ${word}`)).status).toBe(
      409,
    );
  });

  it('rejects a reply with a reason the mover reads, and then takes a new one', async () => {
    expect(
      (await reply(staff, reviews.broken, `We will pay for the lamp, call us ${word}`)).status,
    ).toBe(201);
    const id = await replyIdOf(reviews.broken);
    const noReason = await moderate(id, { status: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: string }).error).toBe(
      'Say why the reply is rejected',
    );

    const rejected = await moderate(id, {
      status: 'rejected',
      reason: 'Please leave out the phone call.',
    });
    expect(rejected.status).toBe(200);
    const seen = (await list(owner)).items.find((r) => r.id === reviews.broken);
    expect(seen?.reply).toMatchObject({
      status: 'rejected',
      rejectReason: 'Please leave out the phone call.',
    });
    expect((await list(owner, '?needsReply=true')).items.map((r) => r.id)).toContain(
      reviews.broken,
    );
    expect(
      (await profile()).reviews.find((r) => r.id === reviews.broken)?.reply ?? null,
    ).toBeNull();

    const mail = (await app
      .db('mail_messages')
      .where({ template: 'review-reply-moderated' })
      .andWhere('subject', `Your reply to a review of Replying Movers ${word} was not published`)
      .select('text_body')) as Array<{ text_body: string }>;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain('Please leave out the phone call.');

    const resent = await reply(owner, reviews.broken, `We are sorry about the lamp ${word}`);
    expect(resent.status).toBe(201);
    const { review } = (await resent.json()) as ProReviewReplyResult;
    expect(review.reply).toMatchObject({
      id,
      status: 'pending',
      rejectReason: null,
      body: `We are sorry about the lamp ${word}`,
    });
    const actions = (await app
      .db('audit_events')
      .where({ entity_type: 'review_reply', entity_id: String(id) })
      .orderBy('id')
      .pluck('action')) as string[];
    expect(actions).toEqual([
      'review_reply.create',
      'review_reply.moderate',
      'review_reply.resend',
    ]);
    expect(
      (await profile()).reviews.find((r) => r.id === reviews.broken)?.reply ?? null,
    ).toBeNull();
  });
});
