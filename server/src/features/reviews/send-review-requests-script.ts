/**
 * "Ask visitors how their move went" as a maintenance script (/admin/scripts): scheduled daily at 15:00 UTC by
 * its migration (20261130_04), so the queue's scheduler fires it once a day however many processes run; staff
 * may run it at once or change its schedule. Safe to run again at any time: each visitor is asked once and
 * reminded once (review-requests.ts).
 */
import { z } from 'zod';
import { defineScript } from '../../jobs/script';
import { sendReviewRequests } from './review-requests';

export const SEND_REVIEW_REQUESTS_SCRIPT_ID = 'send-review-requests';

export const sendReviewRequestsScript = defineScript({
  id: SEND_REVIEW_REQUESTS_SCRIPT_ID,
  title: 'Ask visitors how their move went',
  description:
    'E-mails each visitor whose moving day passed (by the days set on the Settings screen, 2 by default) one ' +
    'private link per mover that received their request, to write a review marked as a verified request; ' +
    'reminds once a week later when no link was used. Nothing for movers the visitor stopped, nor for ' +
    'visitors who asked for their data to be deleted. Scheduled daily.',
  params: z.strictObject({}),
  // Whatever a failed run left undone, the next run does: each visitor's e-mail is its own transaction.
  maxAttempts: 2,
  timeoutMs: 30 * 60_000,
  async run(_params, { db, config, log }) {
    const run = await sendReviewRequests(db, config);
    await log(
      `${run.asked} visitors asked (${run.invitations} links), ${run.reminded} reminded` +
        (run.takenByAnother > 0 ? `, ${run.takenByAnother} done by another process` : ''),
    );
    return run;
  },
});
