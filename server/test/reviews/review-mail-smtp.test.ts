/**
 * The review e-mails through a real SMTP server on loopback (issue 19): with SMTP_URL set, the e-mail asking
 * how the move went leaves by the mail job and arrives at the visitor's address, and the link it carries
 * opens the review form and takes one review; a review the checks held and staff then reject tells its
 * writer why, by e-mail, through the same server. The test runs the mail job's handler on exactly its own
 * messages, not a worker: a worker would also take other files' mail jobs on the same database.
 */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminReviewPageSchema,
  REVIEW_INVITATION_API,
  REVIEW_SUBMIT_API,
} from '@moveratlas/contracts';
import type { Job } from '../../src/jobs/queue';
import type { JobRegistry } from '../../src/jobs/worker';
import { MAIL_SEND_JOB, mailJobHandlers } from '../../src/features/mail';
import { sendReviewRequests } from '../../src/features/reviews';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { removeLeads, startLeadApp, type LeadApp } from '../leads/support';
import { LoopbackSmtp } from '../support/loopback-smtp';
import { createMover, linksIn, openLinksToday, runAt, sendRequest, type Mover } from './support';

const RUN = randomUUID().slice(0, 8);
const TEXT =
  'Two movers and a big truck, everything wrapped, nothing broken, and they finished before lunch. ' +
  `Run ${RUN}.`;

describe.each(testDatabases())('review e-mails over SMTP on $name', (database) => {
  let app: LeadApp;
  let smtp: LoopbackSmtp;
  let admin: AdminClient;
  let handlers: JobRegistry;
  let mover: Mover;
  const uuids: string[] = [];

  beforeAll(async () => {
    smtp = new LoopbackSmtp();
    await smtp.start();
    app = await startLeadApp(database.config, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'reviews@moveratlas.example',
      RATE_LIMIT_REVIEWS: '0',
    });
    handlers = mailJobHandlers(app.db, app.config, pino({ level: 'silent' }));
    admin = await loginAsAdmin(app.baseUrl);
    mover = await createMover(app.db, `SMTP Review Movers ${RUN}`);
  });

  afterAll(async () => {
    await smtp?.close();
    if (!app) return;
    await removeLeads(app.db, uuids);
    await app.db('companies').where({ id: mover.id }).delete();
    await app.close();
  });

  /** Sends the one message of `template` queued to `address`, as the mail worker would. */
  async function sendQueued(address: string, template: string) {
    const ids = (await app
      .db('mail_messages')
      .where({ to_address: address, template })
      .pluck('id')) as number[];
    expect(ids).toHaveLength(1);
    const signal = new AbortController().signal;
    await handlers[MAIL_SEND_JOB]!.run(
      {
        id: 0,
        type: MAIL_SEND_JOB,
        payload: { mailId: Number(ids[0]) },
        attempts: 1,
      } as unknown as Job,
      signal,
      { signal, progress: async () => {}, log: async () => {} },
    );
  }

  const received = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

  /** A request to the mover whose moving day is `day`, asked about by the daily job: the e-mail's link. */
  async function askedAbout(
    day: string,
    email: string,
  ): Promise<{ leadId: number; token: string }> {
    const request = await sendRequest(app, [mover], day, uuids, { email });
    await sendReviewRequests(app.db, app.config, runAt(day, 2));
    await openLinksToday(app.db, request.leadId);
    await sendQueued(email, 'review-request');
    const [mail] = received(email);
    expect(mail?.subject).toBe(`How did your move go? Tell others about ${mover.name}`);
    expect(mail?.decoded).toContain(`Review ${mover.name}`);
    // The message carries the link twice: in its text and in its HTML.
    const tokens = [...new Set(linksIn(mail!.decoded))];
    expect(tokens).toHaveLength(1);
    return { leadId: request.leadId, token: tokens[0]! };
  }

  const review = (token: string, text = TEXT) =>
    app.postJson(REVIEW_SUBMIT_API, {
      token,
      rating: 5,
      title: 'Quick and careful',
      text,
      hired: 'yes',
    });

  it('delivers the request for a review, whose link opens the form and takes one review', async () => {
    const email = `smtp-asked-${RUN}@visitors.test`;
    const { token } = await askedAbout('2021-06-07', email);

    const opened = await app.postJson(REVIEW_INVITATION_API, { token });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ companyName: mover.name });
    const sent = await review(token);
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ status: 'published' });
    expect((await review(token)).status).toBe(409);
    // Published at once: nobody decided, so no second e-mail.
    expect(received(email)).toHaveLength(1);
  });

  it('tells the writer of a held review why staff rejected it', async () => {
    const email = `smtp-rejected-${RUN}@visitors.test`;
    const { token } = await askedAbout('2021-06-14', email);
    // A phone number in the text: masked for the public, and held for staff.
    const sent = await review(token, `${TEXT} Call the owner on (312) 555-0199 for a discount.`);
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ status: 'pending' });

    const list = AdminReviewPageSchema.parse(
      await (await admin.request(`/api/admin/reviews?companyId=${mover.id}&limit=100`)).json(),
    );
    const held = list.items.find((r) => r.status === 'pending');
    const reason = 'The review is an advertisement for another company.';
    const rejected = await admin.request(`/api/admin/reviews/${held!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'rejected', reason }),
    });
    expect(rejected.status).toBe(200);

    await sendQueued(email, 'review-decided');
    const [, decision] = received(email);
    expect(decision?.subject).toBe(`Your review of ${mover.name} was not published`);
    expect(decision?.decoded).toContain(reason);
  });
});
