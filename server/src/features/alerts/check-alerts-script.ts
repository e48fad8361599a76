/**
 * The alert check as a maintenance script (/admin/scripts): scheduled every minute (alert-schedule.ts), so
 * the job queue's scheduler fires it once per minute however many server processes run, and an admin can
 * run it at once, see its runs on the Jobs screen, or change how often it runs on the Schedules screen.
 */
import { z } from 'zod';
import { defineScript } from '../../jobs/script';
import { checkAlerts } from './alert-check';

export const CHECK_ALERTS_SCRIPT_ID = 'check-alerts';

export const checkAlertsScript = defineScript({
  id: CHECK_ALERTS_SCRIPT_ID,
  title: 'Check for failures and e-mail the admins',
  description:
    'Looks for failing lead delivery, dead letters, failing schedules and failed crawls or QA runs, and ' +
    "e-mails the Settings screen's alert addresses about each new problem: once per problem, again only " +
    'after it recovered and failed anew. Scheduled every minute.',
  params: z.strictObject({}),
  // A missed check is made good by the next minute's: no point retrying an old one.
  maxAttempts: 1,
  timeoutMs: 60_000,
  async run(_params, { db, config, log }) {
    const result = await checkAlerts(db, config);
    await log(
      `${result.failing} failing; new: ${result.raised.join(', ') || 'none'}; recovered: ${
        result.recovered.join(', ') || 'none'
      }; ${result.mailed} alert e-mails queued`,
    );
    return result;
  },
});
