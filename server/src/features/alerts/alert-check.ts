/**
 * The alert check: compares what is failing now (problems.ts) with what admin_alert_states last saw, and
 * e-mails the alert addresses about each problem that is new — once per problem, not once per check; again
 * only after it recovered and failed anew. A problem moves from ok to failing with a guarded update, in the
 * same transaction as the alert e-mail's queueing (features/mail), so two checks racing (two processes, a
 * "Run now" beside the schedule) raise it once, and a check that dies half-way leaves it to the next one.
 */
import type { Knex } from 'knex';
import { withTransactionRetry } from '../../db/dialect';
import { sendMail, type MailConfig } from '../mail';
import { alertEmails } from '../settings';
import { currentProblems, type Problem } from './problems';

export interface AlertCheckResult {
  /** Problems failing now. */
  failing: number;
  /** Keys of the problems this check found new. */
  raised: string[];
  /** Keys of the problems that cleared since the last check. */
  recovered: string[];
  /** Alert e-mails queued (one per address). */
  mailed: number;
}

interface StateRow {
  problem_key: string;
  status: string;
}

export async function checkAlerts(
  db: Knex,
  config: MailConfig,
  now = Date.now(),
): Promise<AlertCheckResult> {
  const problems = await currentProblems(db, now);
  const states = new Map(
    ((await db('admin_alert_states').select('problem_key', 'status')) as StateRow[]).map((row) => [
      row.problem_key,
      row.status,
    ]),
  );
  const candidates = problems.filter((p) => states.get(p.key) !== 'failing');
  const failingKeys = new Set(problems.map((p) => p.key));
  const clearedKeys = [...states]
    .filter(([key, status]) => status === 'failing' && !failingKeys.has(key))
    .map(([key]) => key);

  const recovered: string[] = [];
  for (const key of clearedKeys) {
    const changed = await db('admin_alert_states')
      .where({ problem_key: key, status: 'failing' })
      .update({ status: 'ok', recovered_at: now, updated_at: now });
    if (changed === 1) recovered.push(key);
  }

  const { raised, mailed } = await withTransactionRetry(db, async (trx) => {
    const ours: Problem[] = [];
    for (const problem of candidates) {
      // The row exists (as ok) before the guarded move, so "ours" is one row changed, on both engines.
      await trx('admin_alert_states')
        .insert({
          problem_key: problem.key,
          status: 'ok',
          title: problem.title.slice(0, 300),
          updated_at: now,
        })
        .onConflict('problem_key')
        .ignore();
      const claimed = await trx('admin_alert_states')
        .where({ problem_key: problem.key, status: 'ok' })
        .update({
          status: 'failing',
          title: problem.title.slice(0, 300),
          failing_since: problem.since,
          notified_at: null,
          mail_id: null,
          recovered_at: null,
          updated_at: now,
        });
      if (claimed === 1) ours.push(problem);
    }
    if (ours.length === 0) return { raised: [] as string[], mailed: 0 };
    const { emails } = await alertEmails(trx);
    let firstMail: number | null = null;
    for (const to of emails) {
      const id = await sendMail(
        trx,
        {
          to,
          template: 'admin-alert',
          data: {
            problems: ours.map(({ title, detail, since, link, linkLabel }) => ({
              title,
              detail,
              since,
              link,
              linkLabel,
            })),
          },
        },
        config,
      );
      firstMail ??= id;
    }
    if (emails.length > 0)
      await trx('admin_alert_states')
        .whereIn(
          'problem_key',
          ours.map((p) => p.key),
        )
        .update({ notified_at: now, mail_id: firstMail });
    return { raised: ours.map((p) => p.key), mailed: emails.length };
  });

  return { failing: problems.length, raised, recovered, mailed };
}
