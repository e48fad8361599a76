/**
 * Asking visitors how their move went (issue 19), on every test database, with the job's own clock: one e-mail
 * per request however many processes run the job at once, one link per mover that received it; nothing for a
 * mover the visitor stopped, nor for a visitor who asked for deletion, nor for a request that is gone; the
 * delay of the Settings screen; one reminder a week later, with new links that work as the first ones do, and
 * none once a link was used.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_INVITATION_API } from '@moveratlas/contracts';
import { openDatabase } from '../../src/db/connection';
import { sendReviewRequests } from '../../src/features/reviews';
import { testDatabases } from '../databases';
import { removeLeads, startLeadApp, type LeadApp } from '../leads/support';
import {
  createMover,
  DAY_MS,
  linksIn,
  openLinksToday,
  reviewMails,
  runAt,
  sendRequest,
  type Mover,
} from './support';

const RUN = randomUUID().slice(0, 8);

describe.each(testDatabases())('asking visitors for reviews on $name', (database) => {
  let app: LeadApp;
  let db: Knex;
  /** A second server process: its own connections to the same database. */
  let other: Knex;
  const movers: Mover[] = [];
  const uuids: string[] = [];

  beforeAll(async () => {
    app = await startLeadApp(database.config);
    db = app.db;
    other = openDatabase(database.config);
    for (const name of ['A', 'B', 'C'])
      movers.push(await createMover(db, `Review Movers ${name} ${RUN}`));
  });

  afterAll(async () => {
    if (!app) return;
    await removeLeads(db, uuids);
    await db('site_settings').where({ name: 'reviewRequestDelayDays' }).delete();
    await db('companies')
      .whereIn(
        'id',
        movers.map((m) => m.id),
      )
      .delete();
    await other.destroy();
    await app.close();
  });

  const invitationsOf = async (leadId: number) =>
    (
      (await db('review_invitations')
        .where({ lead_id: leadId })
        .orderBy('company_id')
        .pluck('company_id')) as number[]
    ).map(Number);

  it('e-mails each visitor once with one link per mover, even with two processes running it at once', async () => {
    const [a, b] = movers;
    const request = await sendRequest(app, [a!, b!], '2021-03-01', uuids);
    const now = runAt('2021-03-01', 2);

    // Before the delay has passed: nothing.
    const early = await sendReviewRequests(db, app.config, now - DAY_MS);
    expect(await reviewMails(db, request.email)).toHaveLength(0);
    expect(early.asked).toBe(0);

    // On SQLite the second connection's wait for the first's write blocks this one process (better-sqlite3 is
    // synchronous) until the busy timeout; then its retry finds the request asked. Slow, but the same path.
    const runs = await Promise.all([
      sendReviewRequests(db, app.config, now),
      sendReviewRequests(other, app.config, now),
    ]);
    expect(runs.reduce((n, r) => n + r.asked, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.invitations, 0)).toBe(2);
    const mails = await reviewMails(db, request.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('How did your move go? Tell others about your movers');
    expect(mails[0]!.text_body).toContain(`Review ${a!.name}`);
    expect(mails[0]!.text_body).toContain(`Review ${b!.name}`);
    const links = linksIn(mails[0]!.text_body);
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(2);
    // Only the links' hashes are kept.
    const stored = (await db('review_invitations')
      .where({ lead_id: request.leadId })
      .pluck('token_hash')) as string[];
    for (const link of links) expect(stored).not.toContain(link);
    expect(await invitationsOf(request.leadId)).toEqual([a!.id, b!.id].sort((x, y) => x - y));
    expect(await db('review_requests').where({ lead_id: request.leadId })).toHaveLength(1);

    // Run again the next day: still one e-mail.
    await sendReviewRequests(other, app.config, now + DAY_MS);
    expect(await reviewMails(db, request.email)).toHaveLength(1);
  });

  it('leaves out a mover the visitor stopped, and asks nothing after a deletion request or of a deleted request', async () => {
    const [a, b, c] = movers;
    const day = '2021-04-01';
    const stopped = await sendRequest(app, [a!, b!], day, uuids);
    await db('company_leads')
      .where({ lead_id: stopped.leadId, company_id: b!.id })
      .update({ consent_withdrawn_at: Date.now() });
    const deleting = await sendRequest(app, [a!, c!], day, uuids);
    await db('data_deletion_requests').insert({
      lead_id: deleting.leadId,
      email: deleting.email,
      status: 'open',
      requested_at: Date.now(),
      ip_address: '127.0.0.1',
    });
    const gone = await sendRequest(app, [c!], day, uuids);
    await db('leads').where({ id: gone.leadId }).delete();
    const allStopped = await sendRequest(app, [b!], day, uuids);
    await db('company_leads')
      .where({ lead_id: allStopped.leadId })
      .update({ consent_withdrawn_at: Date.now() });

    const run = await sendReviewRequests(db, app.config, runAt(day, 2));
    expect(run.asked).toBe(1);
    const mails = await reviewMails(db, stopped.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`How did your move go? Tell others about ${a!.name}`);
    expect(mails[0]!.text_body).not.toContain(b!.name);
    expect(await invitationsOf(stopped.leadId)).toEqual([a!.id]);
    for (const nobody of [deleting, gone, allStopped]) {
      expect(await reviewMails(db, nobody.email)).toEqual([]);
      expect(await invitationsOf(nobody.leadId)).toEqual([]);
    }
  });

  it('waits the days the Settings screen says, and never asks about a move long past', async () => {
    const [a] = movers;
    // Far from the other tests' days, whose runs would otherwise ask or remind this one's visitors.
    const day = '2021-09-01';
    const request = await sendRequest(app, [a!], day, uuids);
    await db('site_settings').where({ name: 'reviewRequestDelayDays' }).delete();
    await db('site_settings').insert({
      name: 'reviewRequestDelayDays',
      value: '5',
      updated_by: 'test',
      updated_at: db.fn.now(),
    });
    try {
      await sendReviewRequests(db, app.config, runAt(day, 4));
      expect(await reviewMails(db, request.email)).toHaveLength(0);
      // 43 days before the run, past the 5 + 30 days it looks back: never asked.
      const old = await sendRequest(app, [a!], '2021-07-25', uuids);
      await sendReviewRequests(db, app.config, runAt(day, 5));
      expect(await reviewMails(db, request.email)).toHaveLength(1);
      expect(await reviewMails(db, old.email)).toHaveLength(0);
    } finally {
      await db('site_settings').where({ name: 'reviewRequestDelayDays' }).delete();
    }
  });

  it('reminds once a week later with new links to the same reviews, and not after a link was used', async () => {
    const [a, b] = movers;
    const day = '2021-06-01';
    const waiting = await sendRequest(app, [a!, b!], day, uuids);
    const answered = await sendRequest(app, [a!], day, uuids);
    const asked = runAt(day, 2);
    await sendReviewRequests(db, app.config, asked);
    await db('review_invitations')
      .where({ lead_id: answered.leadId })
      .update({ used_at: asked + DAY_MS });

    // Six days on: too early.
    await sendReviewRequests(db, app.config, asked + 6 * DAY_MS);
    expect(await reviewMails(db, waiting.email)).toHaveLength(1);

    const later = asked + 7 * DAY_MS;
    const runs = await Promise.all([
      sendReviewRequests(db, app.config, later),
      sendReviewRequests(other, app.config, later),
    ]);
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBe(1);
    const mails = await reviewMails(db, waiting.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('A reminder: how did your move go?');
    const first = linksIn(mails[0]!.text_body);
    const reminder = linksIn(mails[1]!.text_body);
    expect(reminder).toHaveLength(2);
    expect(reminder.filter((link) => first.includes(link))).toEqual([]);
    expect(await reviewMails(db, answered.email)).toHaveLength(1);

    // Both e-mails' links open the same reviews.
    await openLinksToday(db, waiting.leadId);
    for (const token of [first[0]!, reminder[0]!]) {
      const res = await app.postJson(REVIEW_INVITATION_API, { token });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { companyName: string }).companyName).toBe(a!.name);
    }

    // Never a second reminder.
    await sendReviewRequests(db, app.config, later + 7 * DAY_MS);
    expect(await reviewMails(db, waiting.email)).toHaveLength(2);
  });
});
