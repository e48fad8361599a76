/**
 * What is failing now, read from the tables where each failure shows: the lead outbox's jobs (forwarding
 * retried against the lead backend), dead jobs, schedules whose last run failed, and the latest SEO crawl
 * and QA run when they failed (in recent days, and no good run since). The banner, the dashboard and the
 * alert e-mails all read this one list.
 */
import type { Knex } from 'knex';
import { ALERT_RECENT_DAYS, type AdminAlert, type AlertKind } from '@moveratlas/contracts';
import { inTurn } from '../../db/in-turn';
import { leadBackendFailureWords } from '../../lead-backend/failure-words';
import { LEAD_ANALYTICS_JOB, LEAD_FORWARD_JOB } from '../leads';
import { SESSION_FORWARD_JOB } from '../sessions';

/** A problem as the check keeps it: `since` in epoch ms. */
export interface Problem {
  key: string;
  kind: AlertKind;
  title: string;
  detail: string;
  since: number;
  link: string;
  linkLabel: string;
  fingerprint: string;
}

/** The jobs that carry leads (and their sessions and analytics copies) to the lead backend. */
const OUTBOX_TYPES = [LEAD_FORWARD_JOB, LEAD_ANALYTICS_JOB, SESSION_FORWARD_JOB];
const WAITING = ['queued', 'running'];
const DAY_MS = 86_400_000;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const num = (value: unknown) => Number(value ?? 0);

/** "purge-old-data" → "Purge old data": a schedule names its script by id. */
const scriptName = (id: string) => {
  const words = id.replace(/[-_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

async function leadDelivery(db: Knex): Promise<Problem | undefined> {
  const failing = () =>
    db('jobs')
      .whereIn('type', OUTBOX_TYPES)
      .whereIn('status', WAITING)
      .andWhere('attempts', '>', 0)
      .whereNotNull('last_error');
  const [counts, firstFailure, latest, waiting] = await inTurn(
    () => failing().count({ n: '*' }).first() as Promise<{ n: unknown } | undefined>,
    // When the oldest of them first failed: its first retry event.
    () =>
      db('job_events')
        .whereIn('job_id', failing().select('id'))
        .whereIn('event', ['retry', 'lease-expired'])
        .min({ at: 'created_at' })
        .first() as Promise<{ at: unknown } | undefined>,
    () =>
      failing().orderBy('updated_at', 'desc').first('last_error', 'updated_at') as Promise<
        { last_error: string | null; updated_at: unknown } | undefined
      >,
    () =>
      db('jobs')
        .where('type', LEAD_FORWARD_JOB)
        .whereIn('status', WAITING)
        .count({ n: '*' })
        .first() as Promise<{ n: unknown } | undefined>,
  );
  const failingCount = num(counts?.n);
  if (failingCount === 0 || !latest) return undefined;
  const since = num(firstFailure?.at) || num(latest.updated_at);
  const leads = num(waiting?.n);
  return {
    key: 'lead-delivery',
    kind: 'lead-delivery',
    title: 'Lead delivery to the lead backend is failing',
    detail:
      `${plural(leads, 'lead is', 'leads are')} waiting to be forwarded and ${plural(
        failingCount,
        'delivery is',
        'deliveries are',
      )} being retried. Last error: ${leadBackendFailureWords(latest.last_error)}. ` +
      'Leads are kept and sent once the lead backend answers; check its address on the Settings screen.',
    since,
    link: `/admin/jobs?status=queued&type=${LEAD_FORWARD_JOB}`,
    linkLabel: 'See the waiting deliveries',
    // One episode, from its first failure: a new failure later is a new problem.
    fingerprint: String(since),
  };
}

async function deadJobs(db: Knex): Promise<Problem | undefined> {
  const rows = (await db('jobs')
    .where('status', 'dead')
    .groupBy('type')
    .select('type')
    .count({ n: '*' })
    .min({ since: 'finished_at' })
    .max({ last: 'id' })) as Array<{ type: string; n: unknown; since: unknown; last: unknown }>;
  if (rows.length === 0) return undefined;
  const total = rows.reduce((sum, row) => sum + num(row.n), 0);
  const byCount = [...rows].sort((a, b) => num(b.n) - num(a.n) || a.type.localeCompare(b.type));
  const types = byCount
    .slice(0, 4)
    .map((row) => `${row.type} (${num(row.n)})`)
    .join(', ');
  const since = Math.min(...rows.map((row) => num(row.since) || Date.now()));
  const last = Math.max(...rows.map((row) => num(row.last)));
  return {
    key: 'dead-jobs',
    kind: 'dead-jobs',
    title: `${plural(total, 'job gave', 'jobs gave')} up after their last attempt`,
    detail: `Dead letters wait for an admin to retry or cancel them: ${types}${
      byCount.length > 4 ? ', …' : ''
    }.`,
    since,
    link: '/admin/jobs?status=dead',
    linkLabel: 'See the dead letters',
    fingerprint: `${total}:${last}`,
  };
}

async function failingSchedules(db: Knex): Promise<Problem[]> {
  const rows = (await db({ s: 'job_schedules' })
    .leftJoin({ j: 'jobs' }, 'j.id', 's.last_job_id')
    .where('s.enabled', true)
    .andWhere((w) => w.whereNotNull('s.last_error').orWhereIn('j.status', ['failed', 'dead']))
    .orderBy('s.id')
    .select(
      's.id',
      's.script_id',
      's.last_error',
      's.last_run_at',
      's.last_job_id',
      'j.status as job_status',
      'j.finished_at as job_finished_at',
    )) as Array<{
    id: unknown;
    script_id: string;
    last_error: string | null;
    last_run_at: unknown;
    last_job_id: unknown;
    job_status: string | null;
    job_finished_at: unknown;
  }>;
  return rows.map((row) => {
    const name = scriptName(row.script_id);
    const since = num(row.job_finished_at) || num(row.last_run_at);
    return {
      key: `schedule:${num(row.id)}`,
      kind: 'schedule' as const,
      title: `The schedule of "${name}" failed on its last run`,
      detail: row.last_error
        ? `It could not start: ${row.last_error.slice(0, 200)}`
        : `Its last run ${row.job_status === 'dead' ? 'gave up after every attempt' : 'failed'}; its job's page has the log.`,
      since,
      link: row.last_error ? '/admin/scripts/schedule' : `/admin/jobs/${num(row.last_job_id)}`,
      linkLabel: row.last_error ? 'See the schedules' : 'See the failed run',
      fingerprint: `${num(row.last_job_id)}:${num(row.last_run_at)}`,
    };
  });
}

/** The latest crawl or QA run, when it failed within the last days (a good run since clears it). */
async function latestFailedRun(
  db: Knex,
  table: 'seo_crawls' | 'qa_runs',
  failed: string[],
  now: number,
): Promise<{ id: number; at: number; error: string | null; failedChecks: number } | undefined> {
  const row = (await db(table)
    .whereNot('status', 'running')
    .orderBy('id', 'desc')
    .first(
      'id',
      'status',
      'started_at',
      'finished_at',
      'error',
      table === 'qa_runs' ? 'failed' : db.raw('0 AS failed'),
    )) as
    | {
        id: unknown;
        status: string;
        started_at: unknown;
        finished_at: unknown;
        error: string | null;
        failed: unknown;
      }
    | undefined;
  if (!row || !failed.includes(row.status)) return undefined;
  const at = num(row.finished_at) || num(row.started_at);
  if (at < now - ALERT_RECENT_DAYS * DAY_MS) return undefined;
  return { id: num(row.id), at, error: row.error, failedChecks: num(row.failed) };
}

async function failedCrawl(db: Knex, now: number): Promise<Problem | undefined> {
  const run = await latestFailedRun(db, 'seo_crawls', ['failed'], now);
  if (!run) return undefined;
  return {
    key: 'seo-crawl',
    kind: 'seo-crawl',
    title: 'The last SEO crawl failed',
    detail: run.error
      ? `It stopped: ${run.error.slice(0, 200)}`
      : 'It stopped before it finished; its job has the log.',
    since: run.at,
    link: '/admin/seo-health',
    linkLabel: 'See SEO Health',
    fingerprint: String(run.id),
  };
}

async function failedQaRun(db: Knex, now: number): Promise<Problem | undefined> {
  const run = await latestFailedRun(db, 'qa_runs', ['failed', 'error'], now);
  if (!run) return undefined;
  return {
    key: 'qa-run',
    kind: 'qa-run',
    title: 'The last QA run failed',
    detail:
      run.failedChecks > 0
        ? `${plural(run.failedChecks, 'check', 'checks')} failed.`
        : `The run stopped: ${(run.error ?? 'no reason recorded').slice(0, 200)}`,
    since: run.at,
    link: '/admin/qa-automation',
    linkLabel: 'See QA Automation',
    fingerprint: String(run.id),
  };
}

/** Every problem now, the most urgent first (lead delivery, then dead letters, schedules, crawls, QA). */
export async function currentProblems(db: Knex, now = Date.now()): Promise<Problem[]> {
  const [delivery, dead, schedules, crawl, qa] = await inTurn(
    () => leadDelivery(db),
    () => deadJobs(db),
    () => failingSchedules(db),
    () => failedCrawl(db, now),
    () => failedQaRun(db, now),
  );
  return [delivery, dead, ...schedules, crawl, qa].filter((p): p is Problem => p !== undefined);
}

export const toAdminAlert = (problem: Problem): AdminAlert => ({
  ...problem,
  since: new Date(problem.since).toISOString(),
});
