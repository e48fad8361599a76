/**
 * Writing a review from the e-mailed link (issue 19), over HTTP on every test database: the link opens its
 * mover and takes one review (a second use, also through the reminder's link, is refused in words; expired,
 * unknown and malformed links too); a plain review is published at once, marked verified, and the mover's
 * rating recomputed; phone numbers and e-mail addresses are masked in what the public reads and the review
 * held for staff with the reasons in words (staff read it as typed); near-duplicates are held; staff reject
 * only with a reason, audited, and the writer is e-mailed either way; a deleted request leaves the review with
 * no way back to its writer.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminReviewPageSchema,
  CompanyProfileSchema,
  MASKED_EMAIL,
  MASKED_PHONE,
  REVIEW_FORM_MESSAGES,
  REVIEW_INVITATION_API,
  REVIEW_LINK_INCOMPLETE,
  REVIEW_SUBMIT_API,
  reviewInvitationSchema,
  reviewReportPath,
  reviewSubmitResultSchema,
  type AdminReview,
  type ReviewSubmitResult,
} from '@moveratlas/contracts';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { removeLeads, startLeadApp, type LeadApp } from '../leads/support';
import { createMover, invitedToReview, type Mover, type SentRequest } from './support';

const RUN = randomUUID().slice(0, 8);
const PLAIN_TEXT =
  'The crew of three arrived at eight sharp, wrapped every piece of furniture and finished two hours early. ' +
  `Nothing was scratched and the price matched the written quote to the dollar. Run ${RUN}.`;

describe.each(testDatabases())('reviews from request links on $name', (database) => {
  let app: LeadApp;
  let db: Knex;
  let admin: AdminClient;
  const movers: Mover[] = [];
  const uuids: string[] = [];
  /** Each test's requests get a moving day of their own, so each run of the job asks only about them. */
  let nextDay = Date.parse('2021-10-01T00:00:00Z');

  beforeAll(async () => {
    // The limit on reviews per address is the hardening tests' business: off here.
    app = await startLeadApp(database.config, { RATE_LIMIT_REVIEWS: '0' });
    db = app.db;
    admin = await loginAsAdmin(app.baseUrl);
    for (const name of ['North', 'South', 'East'])
      movers.push(await createMover(db, `Review ${name} Movers ${RUN}`));
  });

  afterAll(async () => {
    if (!app) return;
    await removeLeads(db, uuids);
    await db('companies')
      .whereIn(
        'id',
        movers.map((m) => m.id),
      )
      .delete();
    await app.close();
  });

  /** A request to `to`, the e-mail asking about it sent, its links working today: mover id → link secret. */
  async function invited(
    to: readonly Mover[],
  ): Promise<{ request: SentRequest; links: Map<number, string> }> {
    nextDay += 3 * 86_400_000;
    const day = new Date(nextDay).toISOString().slice(0, 10);
    const { request, tokens } = await invitedToReview(app, to, day, uuids);
    return { request, links: new Map(to.map((m, i) => [m.id, tokens[i]!])) };
  }

  const submit = (body: Record<string, unknown>) => app.postJson(REVIEW_SUBMIT_API, body);
  const review = (token: string, overrides: Record<string, unknown> = {}) =>
    submit({
      token,
      rating: 4,
      title: 'Careful and on time',
      text: PLAIN_TEXT,
      hired: 'yes',
      ...overrides,
    });

  const adminReviews = async (companyId: number): Promise<AdminReview[]> =>
    AdminReviewPageSchema.parse(
      await (await admin.request(`/api/admin/reviews?companyId=${companyId}&limit=100`)).json(),
    ).items;

  const profile = async (mover: Mover) =>
    CompanyProfileSchema.parse(await (await app.get(`/api/companies/${mover.slug}`)).json());

  const decisionMails = (email: string) =>
    db('mail_messages')
      .where({ to_address: email, template: 'review-decided' })
      .orderBy('id')
      .select('subject', 'text_body') as Promise<Array<{ subject: string; text_body: string }>>;

  it('opens the link, publishes a plain review at once, marked verified, with the rating recomputed; a second use is refused', async () => {
    const [north] = movers;
    const { request, links } = await invited([north!]);
    const token = links.get(north!.id)!;

    const opened = await app.postJson(REVIEW_INVITATION_API, { token });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    const invitation = reviewInvitationSchema.parse(await opened.json());
    expect(invitation).toMatchObject({
      companyName: north!.name,
      profilePath: `/company/${north!.slug}`,
      firstName: 'Ada',
      requestDate: new Date().toISOString().slice(0, 10),
    });

    const sent = await review(token, { rating: 4 });
    expect(sent.status).toBe(201);
    const result: ReviewSubmitResult = reviewSubmitResultSchema.parse(await sent.json());
    expect(result).toEqual({
      status: 'published',
      companyName: north!.name,
      profilePath: `/company/${north!.slug}`,
      message: `Thank you! Your review of ${north!.name} is published.`,
    });
    const page = await profile(north!);
    expect(page.reviewCount).toBe(1);
    expect(page.rating).toBe(4);
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).toMatchObject({
      rating: 4,
      title: 'Careful and on time',
      text: PLAIN_TEXT,
      authorFirstName: 'Ada',
      verifiedRequestOn: invitation.requestDate,
    });
    const [stored] = await adminReviews(north!.id);
    expect(stored).toMatchObject({ status: 'published', hired: 'yes', heldReasons: [] });

    // The same link again, and the same invitation through the reminder's link: refused in words.
    const again = await review(token, { title: 'Second thoughts' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error:
        'This link was already used to write a review. Each link takes one review, so it cannot be used again.',
    });
    const reopened = await app.postJson(REVIEW_INVITATION_API, { token });
    expect(reopened.status).toBe(409);
    expect((await profile(north!)).reviewCount).toBe(1);
    expect(await decisionMails(request.email)).toEqual([]);
  });

  it('refuses expired, unknown and malformed links, and a review that breaks the rules, in words', async () => {
    const [north] = movers;
    const { request, links } = await invited([north!]);
    const token = links.get(north!.id)!;

    const short = await review(token, { text: 'Too short.' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: REVIEW_FORM_MESSAGES.textShort });
    const noStars = await review(token, { rating: 0 });
    expect(await noStars.json()).toEqual({ error: REVIEW_FORM_MESSAGES.rating });
    const notHired = await review(token, { hired: 'maybe' });
    expect(await notHired.json()).toEqual({ error: REVIEW_FORM_MESSAGES.hired });

    await db('review_invitations')
      .where({ lead_id: request.leadId })
      .update({ expires_at: Date.now() - 1000 });
    const expired = await review(token);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({
      error: 'This link has expired: links to write a review work for 60 days after our e-mail.',
    });
    expect(
      await db('review_invitations').where({ lead_id: request.leadId }).whereNotNull('used_at'),
    ).toEqual([]);

    const unknown = await review('x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error:
        'This link does not open a review: check that you used the whole link from our e-mail.',
    });
    const malformed = await app.postJson(REVIEW_INVITATION_API, { token: 'abc' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: REVIEW_LINK_INCOMPLETE });
  });

  it('masks phone numbers and e-mail addresses, holds the review with the reasons, and staff publish it: the writer is told', async () => {
    const [, south] = movers;
    const { request, links } = await invited([south!]);
    const typed =
      'Great crew but the office never called back. Call the boss directly at (512) 555-0142 or write to ' +
      `boss.${RUN}@example.com before you book, it saves a week of waiting.`;
    const sent = await review(links.get(south!.id)!, { text: typed, rating: 3 });
    expect(sent.status).toBe(201);
    expect(((await sent.json()) as ReviewSubmitResult).status).toBe('pending');
    // Held: not on the page, not in the rating.
    expect((await profile(south!)).reviewCount).toBe(0);

    const [held] = await adminReviews(south!.id);
    expect(held!.status).toBe('pending');
    expect(held!.body).toBe(typed);
    expect(held!.shownBody).toBe(
      `Great crew but the office never called back. Call the boss directly at ${MASKED_PHONE} or write to ` +
        `${MASKED_EMAIL} before you book, it saves a week of waiting.`,
    );
    expect(held!.heldReasons).toEqual([
      'It contained a phone number, which the public does not see.',
      'It contained an e-mail address, which the public does not see.',
    ]);

    const published = await admin.request(`/api/admin/reviews/${held!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'published' }),
    });
    expect(published.status).toBe(200);
    const page = await profile(south!);
    expect(page.reviewCount).toBe(1);
    expect(page.rating).toBe(3);
    expect(page.reviews[0]!.text).toBe(held!.shownBody);
    expect(JSON.stringify(page)).not.toContain('555-0142');
    expect(JSON.stringify(page)).not.toContain(`boss.${RUN}`);
    const told = await decisionMails(request.email);
    expect(told.map((m) => m.subject)).toEqual([`Your review of ${south!.name} is published`]);
  });

  it('holds a review nearly the same as another of the mover, or as the same person’s review of another mover', async () => {
    const [north, south, east] = movers;
    // The first review of North (published in the first test) copied with a word changed, by someone else.
    const copier = await invited([north!]);
    const copied = await review(copier.links.get(north!.id)!, {
      text: PLAIN_TEXT.replace('eight sharp', 'nine sharp'),
    });
    expect(((await copied.json()) as ReviewSubmitResult).status).toBe('pending');
    const [mine] = await adminReviews(north!.id);
    expect(mine!.heldReasons).toEqual([
      expect.stringMatching(
        /^Its text is nearly the same as another review of this mover \(review \d+\)\.$/,
      ),
    ]);

    // One visitor, two movers, one text: the second is held.
    const both = await invited([south!, east!]);
    const text = `Both movers quoted within a day and answered every question about the piano. Run ${RUN} two.`;
    const first = await review(both.links.get(south!.id)!, { text });
    expect(((await first.json()) as ReviewSubmitResult).status).toBe('published');
    const second = await review(both.links.get(east!.id)!, { text });
    expect(((await second.json()) as ReviewSubmitResult).status).toBe('pending');
    const [eastReview] = await adminReviews(east!.id);
    expect(eastReview!.heldReasons).toEqual([
      expect.stringMatching(/^Its text is nearly the same as another review by the same person/),
    ]);
  });

  it('rejects only with a reason, audited, tells the writer why, and the rating follows hiding', async () => {
    const [, , east] = movers;
    const [held] = (await adminReviews(east!.id)).filter((r) => r.status === 'pending');
    const writer = (await db('review_invitations as ri')
      .join('leads as l', 'l.id', 'ri.lead_id')
      .where('ri.review_id', held!.id)
      .first('l.email')) as { email: string };

    const noReason = await admin.request(`/api/admin/reviews/${held!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'rejected' }),
    });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual({
      error: 'Say why the review is rejected: the reviewer reads it',
    });

    const reason = `The same words as your review of another mover ${RUN}`;
    const rejected = await admin.request(`/api/admin/reviews/${held!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'rejected', reason }),
    });
    expect(rejected.status).toBe(200);
    expect((await adminReviews(east!.id))[0]).toMatchObject({
      status: 'rejected',
      moderationReason: reason,
    });
    const audit = (await db('audit_events')
      .where({ action: 'review.moderate', entity_id: String(held!.id) })
      .select('after_json')) as Array<{ after_json: string }>;
    expect(audit.map((a) => JSON.parse(a.after_json) as unknown)).toEqual([
      { status: 'rejected', reason },
    ]);
    const told = await decisionMails(writer.email);
    expect(told.map((m) => m.subject)).toEqual([`Your review of ${east!.name} was not published`]);
    expect(told[0]!.text_body).toContain(`The reason: ${reason}`);

    // Hiding a published review takes it out of the rating at once.
    const [, south] = movers;
    const before = await profile(south!);
    const [shown] = (await adminReviews(south!.id)).filter((r) => r.status === 'published');
    const hidden = await admin.request(`/api/admin/reviews/${shown!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'hidden' }),
    });
    expect(hidden.status).toBe(200);
    expect((await profile(south!)).reviewCount).toBe(before.reviewCount - 1);
  });

  it('a published review that staff take down after a report: its writer is told why', async () => {
    const [, , east] = movers;
    const { request, links } = await invited([east!]);
    const sent = await review(links.get(east!.id)!, {
      title: 'Packed the kitchen with care',
      text: `Two movers packed a whole kitchen in an hour and unpacked it at the other end. Run ${RUN} four.`,
    });
    const { status } = (await sent.json()) as ReviewSubmitResult;
    expect(status).toBe('published');
    const [shown] = (await adminReviews(east!.id)).filter((r) => r.body.includes('four'));

    const reported = await app.postJson(reviewReportPath(shown!.id), {
      reason: 'fake',
      details: 'This mover never worked for this person.',
    });
    expect(reported.status, await reported.clone().text()).toBe(201);
    const queue = (await (await admin.request('/api/admin/review-reports?limit=100')).json()) as {
      items: Array<{ id: number; review: { id: number } }>;
    };
    const open = queue.items.find((r) => r.review.id === shown!.id)!;
    const reason = `The request was cancelled before the moving day ${RUN}`;
    const upheld = await admin.request(`/api/admin/review-reports/${open.id}/decision`, {
      method: 'POST',
      body: JSON.stringify({ decision: 'uphold', reason }),
    });
    expect(upheld.status, await upheld.clone().text()).toBe(200);

    // Published at once by the checks, so this is the first word from staff.
    const told = await decisionMails(request.email);
    expect(told.map((m) => m.subject)).toEqual([`Your review of ${east!.name} was taken down`]);
    expect(told[0]!.text_body).toContain(`The reason: ${reason}`);
  });

  it('a deleted request leaves its review with no way back to the writer, nor what they typed, and no address on their reports', async () => {
    const [north] = movers;
    const { request, links } = await invited([north!]);
    const sent = await review(links.get(north!.id)!, {
      text: `Quick and friendly. Reach me on 312 555 0177 if you want to know more. Run ${RUN} three.`,
    });
    expect(((await sent.json()) as ReviewSubmitResult).status).toBe('pending');
    const [held] = (await adminReviews(north!.id)).filter((r) => r.body.includes('three'));
    // The same person reported another review of the mover, leaving their address for an answer.
    const [other] = (await adminReviews(north!.id)).filter((r) => r.status === 'published');
    const reported = await app.postJson(reviewReportPath(other!.id), {
      reason: 'other',
      details: `Looks copied from somewhere else ${RUN}`,
      email: request.email.toUpperCase(),
    });
    expect(reported.status, await reported.clone().text()).toBe(201);
    const [deletion] = (await db('data_deletion_requests').insert({
      lead_id: request.leadId,
      email: request.email,
      status: 'open',
      requested_at: Date.now(),
      ip_address: '127.0.0.1',
    })) as number[];
    const fulfilled = await admin.request(`/api/admin/deletion-requests/${deletion}/fulfil`, {
      method: 'POST',
    });
    expect(fulfilled.status).toBe(200);
    const [kept] = (await adminReviews(north!.id)).filter((r) => r.id === held!.id);
    expect(kept!.body).toBe(
      `Quick and friendly. Reach me on ${MASKED_PHONE} if you want to know more. Run ${RUN} three.`,
    );
    expect(kept!.shownBody).toBeNull();
    expect(await db('review_invitations').where({ review_id: held!.id })).toEqual([]);
    // The report stays for staff, without the address.
    expect(
      await db('review_reports')
        .where({ review_id: other!.id })
        .where('details', 'like', `%${RUN}%`)
        .select('reporter_email', 'details'),
    ).toEqual([{ reporter_email: null, details: `Looks copied from somewhere else ${RUN}` }]);

    const published = await admin.request(`/api/admin/reviews/${held!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'published' }),
    });
    expect(published.status).toBe(200);
    expect(await decisionMails(request.email)).toEqual([]);
  });
});
