/**
 * What the review tests share (issue 19): listed movers of their own, quote requests sent to them through the
 * real intake, and the request's moving day and the movers' receipt set in the database, so the review
 * e-mails' job (run with its own clock) finds them. Their moving days lie in 2021, a window no other test's
 * requests (always months ahead of today) reach, so the job's run meets only this file's requests.
 */
import type { Knex } from 'knex';
import { consentText } from '@moveratlas/contracts';
import { sendReviewRequests } from '../../src/features/reviews';
import { leadForm, type LeadApp } from '../leads/support';
import { createProCompany } from '../pro/pro-support';

export interface Mover {
  id: number;
  name: string;
  slug: string;
}

export const DAY_MS = 86_400_000;

/** A listed mover of the test's own, without reviews. */
export async function createMover(db: Knex, name: string): Promise<Mover> {
  const mover = await createProCompany(db, name);
  await db('companies')
    .where({ id: mover.id })
    .update({ is_in_list: true, rating: null, rank_score: null, review_count: 0 });
  return mover;
}

export interface SentRequest {
  leadId: number;
  email: string;
  phone: string;
}

/**
 * A quote request to `movers` through send_lead, its moving day `moveDay` (YYYY-MM-DD) and each mover's copy
 * opened (so it counts as received, whatever the delivery jobs of other files do meanwhile).
 */
export async function sendRequest(
  app: LeadApp,
  movers: readonly Mover[],
  moveDay: string,
  uuids: string[],
  visitor: { email?: string; phone?: string } = {},
): Promise<SentRequest> {
  const named = movers.map((m) => ({ id: m.id, name: m.name }));
  const form = leadForm({
    selected_companies: JSON.stringify(named),
    consent_text: consentText(named.map((c) => c.name)),
    ...(visitor.email ? { email_address: visitor.email } : {}),
    ...(visitor.phone ? { phone_number: visitor.phone } : {}),
  });
  uuids.push(form.lead_uuid!);
  const res = await app.postForm('/api/proxy/send_lead', form);
  if (res.status !== 200) throw new Error(`send_lead answered ${res.status}: ${await res.text()}`);
  const lead = (await app
    .db('leads')
    .where({ lead_uuid: form.lead_uuid })
    .first('id', 'email', 'phone')) as {
    id: number;
    email: string;
    phone: string;
  };
  const leadId = Number(lead.id);
  await app
    .db('company_leads')
    .where({ lead_id: leadId })
    .update({ move_on: moveDay, opened_at: Date.now() });
  return { leadId, email: lead.email, phone: lead.phone };
}

/** 15:00 UTC `days` after `day` (YYYY-MM-DD): when the daily schedule runs. */
export const runAt = (day: string, days: number) => Date.parse(`${day}T15:00:00Z`) + days * DAY_MS;

/** The review e-mails sent to `email`, oldest first. */
export async function reviewMails(db: Knex, email: string) {
  return (await db('mail_messages')
    .where({ to_address: email, template: 'review-request' })
    .orderBy('id')
    .select('id', 'subject', 'text_body', 'html_body')) as Array<{
    id: number;
    subject: string;
    text_body: string;
    html_body: string;
  }>;
}

/** The secrets of the review links in an e-mail, in its order. */
export const linksIn = (text: string): string[] =>
  [...text.matchAll(/\/write-review#t=([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);

/** Lets a request's links work on today's clock (the job ran on 2021's). */
export async function openLinksToday(db: Knex, leadId: number): Promise<void> {
  await db('review_invitations')
    .where({ lead_id: leadId })
    .update({ expires_at: Date.now() + 30 * DAY_MS });
}

/**
 * A quote request to `movers` moving on `moveDay`, the job run two days later (its e-mail sent) and its links
 * working today: the request and the links' secrets, one per mover in the e-mail's order.
 */
export async function invitedToReview(
  app: LeadApp,
  movers: readonly Mover[],
  moveDay: string,
  uuids: string[],
): Promise<{ request: SentRequest; tokens: string[] }> {
  const request = await sendRequest(app, movers, moveDay, uuids);
  await sendReviewRequests(app.db, app.config, runAt(moveDay, 2));
  await openLinksToday(app.db, request.leadId);
  const [mail] = await reviewMails(app.db, request.email);
  return { request, tokens: linksIn(mail!.text_body) };
}
