/**
 * Asking visitors how their move went (issue 19), run once a day by the "send-review-requests" script.
 *
 * A request is asked about when its moving day is `delayDays` (a site setting, default 2) behind `now`, and at
 * most LOOKBACK_DAYS more: a schedule that was off catches up, but a move of months ago (or every old request
 * on the day this shipped) is never asked about. Its visitor gets ONE e-mail with one link per mover that
 * received the request (delivered by e-mail or webhook, or opened in the inbox), is listed, and was not stopped
 * by the visitor ("Stop this mover contacting me"); nothing at all when the visitor asked for their data to be
 * deleted, or the request is gone.
 *
 * Once however many processes run it: review_requests has one row per request (lead_id unique), inserted in
 * the transaction that creates the links and queues the e-mail. A second process's insert waits on the first's
 * row (InnoDB's unique-key lock; SQLite's single writer), then fails as a duplicate, and that process rolls its
 * transaction back — no link, no e-mail. The reminder moves reminded_at from null in a guarded update in its
 * own e-mail's transaction, the scheduler's pattern (jobs/scheduler.ts).
 *
 * The reminder goes once, REMINDER_AFTER_DAYS after the first e-mail, when no link of the request was used:
 * a week lets people finish unpacking and catches those who put the first e-mail aside, and leaves most of
 * the links' 60 days; a second reminder would be nagging. It carries new secrets for the same invitations
 * (only hashes are kept, so the first e-mail's links cannot be sent again), and both stay valid.
 */
import type { Knex } from 'knex';
import { formatLongDay, spelledMoveDay, writeReviewLink } from '@moveratlas/contracts';
import { isUniqueViolation, withTransactionRetry } from '../../db/dialect';
import { sendMail, type MailConfig } from '../mail';
import { reviewRequestSettings } from '../settings';
import { DAY_MS, daysBefore } from './review-days';
import { deletionAsked, newReviewToken, reviewLinkExpiry } from './review-links';

/** How far back a moving day may be and still be asked about (beyond the delay). */
export const LOOKBACK_DAYS = 30;
/** Days after the first e-mail before the one reminder. */
export const REMINDER_AFTER_DAYS = 7;
/** Requests read per query: the run walks them in id order. */
const BATCH = 200;

export interface ReviewRequestRun {
  /** Visitors e-mailed for the first time. */
  asked: number;
  /** Links in those e-mails (one per mover). */
  invitations: number;
  /** Visitors reminded. */
  reminded: number;
  /** Requests another process asked or reminded first (the race the guard settles). */
  takenByAnother: number;
}

interface LeadRow {
  id: number;
  first_name: string;
  email: string;
  move_date: string;
}

interface Mover {
  companyId: number;
  name: string;
}

/** The movers a request may be reviewed for: received it, listed, and not stopped by the visitor. */
async function invitableMovers(db: Knex, leadId: number): Promise<Mover[]> {
  const rows = (await db('company_leads as cl')
    .join('companies as c', 'c.id', 'cl.company_id')
    .where({ 'cl.lead_id': leadId, 'c.is_in_list': true })
    .whereNull('cl.consent_withdrawn_at')
    .where((q) =>
      q
        .whereNotNull('cl.opened_at')
        .orWhereExists(
          db('lead_deliveries as d')
            .whereRaw('d.lead_id = cl.lead_id')
            .whereRaw('d.company_id = cl.company_id')
            .where('d.status', 'delivered'),
        ),
    )
    .orderBy('cl.id')
    .select('c.id', 'c.name')) as Array<{ id: number; name: string }>;
  return rows.map((r) => ({ companyId: Number(r.id), name: r.name }));
}

type Outcome = 'asked' | 'nothing' | 'taken';

async function askVisitor(
  db: Knex,
  config: MailConfig,
  leadId: number,
  now: number,
): Promise<{ outcome: Outcome; invitations: number }> {
  const lead = (await db('leads')
    .where({ id: leadId })
    .first('id', 'first_name', 'email', 'move_date')) as LeadRow | undefined;
  if (!lead) return { outcome: 'nothing', invitations: 0 };
  if (await deletionAsked(db, leadId, lead.email)) return { outcome: 'nothing', invitations: 0 };
  const movers = await invitableMovers(db, leadId);
  if (movers.length === 0) return { outcome: 'nothing', invitations: 0 };
  const expiresAt = reviewLinkExpiry(now);
  return withTransactionRetry(db, async (trx) => {
    try {
      await trx('review_requests').insert({ lead_id: leadId, asked_at: now });
    } catch (error) {
      if (isUniqueViolation(error)) return { outcome: 'taken' as const, invitations: 0 };
      throw error;
    }
    const links = movers.map((mover) => ({ mover, ...newReviewToken() }));
    await trx('review_invitations').insert(
      links.map(({ mover, hash }) => ({
        lead_id: leadId,
        company_id: mover.companyId,
        token_hash: hash,
        expires_at: expiresAt,
        created_at: now,
      })),
    );
    const mailId = await sendMail(
      trx,
      {
        to: lead.email,
        template: 'review-request',
        data: {
          firstName: lead.first_name,
          reminder: false,
          moveDate: spelledMoveDay(lead.move_date),
          movers: links.map(({ mover, token }) => ({
            name: mover.name,
            reviewPath: writeReviewLink(token),
          })),
          linksValidUntil: formatLongDay(expiresAt),
        },
      },
      config,
    );
    await trx('review_requests').where({ lead_id: leadId }).update({ mail_id: mailId });
    return { outcome: 'asked' as const, invitations: links.length };
  });
}

async function remindVisitor(
  db: Knex,
  config: MailConfig,
  leadId: number,
  now: number,
): Promise<Outcome> {
  const lead = (await db('leads')
    .where({ id: leadId })
    .first('id', 'first_name', 'email', 'move_date')) as LeadRow | undefined;
  if (!lead) return 'nothing';
  if (await deletionAsked(db, leadId, lead.email)) return 'nothing';
  // The links still open, for movers the visitor has not stopped since.
  const open = (await db('review_invitations as ri')
    .join('companies as c', 'c.id', 'ri.company_id')
    .join('company_leads as cl', (join) =>
      join.on('cl.lead_id', '=', 'ri.lead_id').andOn('cl.company_id', '=', 'ri.company_id'),
    )
    .where('ri.lead_id', leadId)
    .whereNull('ri.used_at')
    .whereNull('cl.consent_withdrawn_at')
    .where('ri.expires_at', '>', now)
    .orderBy('ri.id')
    .select('ri.id', 'ri.expires_at', 'c.name')) as Array<{
    id: number;
    expires_at: number | string;
    name: string;
  }>;
  if (open.length === 0) return 'nothing';
  return withTransactionRetry(db, async (trx) => {
    // The guard first: a transaction that starts with its write waits for another process's on SQLite, where
    // one that read first could be refused.
    const claimed = await trx('review_requests')
      .where({ lead_id: leadId })
      .whereNull('reminded_at')
      .update({ reminded_at: now });
    if (claimed === 0) return 'taken' as const;
    // A link used since the query above: no reminder after all, and the guard's mark undone.
    const used = await trx('review_invitations')
      .where({ lead_id: leadId })
      .whereNotNull('used_at')
      .first('id');
    if (used) {
      await trx('review_requests').where({ lead_id: leadId }).update({ reminded_at: null });
      return 'nothing' as const;
    }
    const links = open.map((invitation) => ({ invitation, ...newReviewToken() }));
    for (const { invitation, hash } of links)
      await trx('review_invitations')
        .where({ id: invitation.id })
        .update({ reminder_token_hash: hash });
    const mailId = await sendMail(
      trx,
      {
        to: lead.email,
        template: 'review-request',
        data: {
          firstName: lead.first_name,
          reminder: true,
          moveDate: spelledMoveDay(lead.move_date),
          movers: links.map(({ invitation, token }) => ({
            name: invitation.name,
            reviewPath: writeReviewLink(token),
          })),
          linksValidUntil: formatLongDay(Math.min(...open.map((i) => Number(i.expires_at)))),
        },
      },
      config,
    );
    await trx('review_requests').where({ lead_id: leadId }).update({ reminder_mail_id: mailId });
    return 'asked' as const;
  });
}

/**
 * One run: the first e-mails for the requests now due, then the reminders due. `now` is the run's clock (tests
 * pass their own); the delay is read from the settings at each run.
 */
export async function sendReviewRequests(
  db: Knex,
  config: MailConfig,
  now = Date.now(),
): Promise<ReviewRequestRun> {
  const { delayDays } = await reviewRequestSettings(db);
  const lastDay = daysBefore(now, delayDays);
  const firstDay = daysBefore(now, delayDays + LOOKBACK_DAYS);
  const run: ReviewRequestRun = { asked: 0, invitations: 0, reminded: 0, takenByAnother: 0 };

  let after = 0;
  for (;;) {
    const leadIds = (
      (await db('company_leads as cl')
        .whereBetween('cl.move_on', [firstDay, lastDay])
        .whereNull('cl.consent_withdrawn_at')
        .where('cl.lead_id', '>', after)
        .whereNotExists(db('review_requests as rr').whereRaw('rr.lead_id = cl.lead_id'))
        .distinct('cl.lead_id')
        .orderBy('cl.lead_id')
        .limit(BATCH)) as Array<{ lead_id: number }>
    ).map((r) => Number(r.lead_id));
    if (leadIds.length === 0) break;
    after = leadIds[leadIds.length - 1]!;
    for (const leadId of leadIds) {
      const { outcome, invitations } = await askVisitor(db, config, leadId, now);
      if (outcome === 'asked') {
        run.asked++;
        run.invitations += invitations;
      } else if (outcome === 'taken') run.takenByAnother++;
    }
  }

  // Reminders: asked at least a week ago (and not so long ago that the links are nearly spent), none reminded,
  // no link used.
  let afterRequest = 0;
  for (;;) {
    const due = (await db('review_requests as rr')
      .whereNull('rr.reminded_at')
      .where('rr.asked_at', '<=', now - REMINDER_AFTER_DAYS * DAY_MS)
      .where('rr.asked_at', '>', now - (REMINDER_AFTER_DAYS + LOOKBACK_DAYS) * DAY_MS)
      .where('rr.id', '>', afterRequest)
      .whereNotExists(
        db('review_invitations as ri')
          .whereRaw('ri.lead_id = rr.lead_id')
          .whereNotNull('ri.used_at'),
      )
      .orderBy('rr.id')
      .limit(BATCH)
      .select('rr.id', 'rr.lead_id')) as Array<{ id: number; lead_id: number }>;
    if (due.length === 0) break;
    afterRequest = Number(due[due.length - 1]!.id);
    for (const request of due) {
      const outcome = await remindVisitor(db, config, Number(request.lead_id), now);
      if (outcome === 'asked') run.reminded++;
      else if (outcome === 'taken') run.takenByAnother++;
    }
  }
  return run;
}
