/**
 * QA run history: a run row while it runs (its checks appear as they finish), then its counts and outcome.
 */
import type { Knex } from 'knex';
import type { QaRunStatus, QaSuite } from '@moveratlas/contracts';
import type { QaCheckResult } from './qa-suites';

export async function startQaRun(
  db: Knex,
  { jobId, suites }: { jobId: number | null; suites: readonly QaSuite[] },
): Promise<number> {
  const [id] = (await db('qa_runs').insert({
    job_id: jobId,
    status: 'running' satisfies QaRunStatus,
    suites: JSON.stringify(suites),
    started_at: Date.now(),
  })) as number[];
  return Number(id);
}

export async function recordQaCheck(db: Knex, runId: number, check: QaCheckResult): Promise<void> {
  await db('qa_checks').insert({
    run_id: runId,
    suite: check.suite,
    name: check.name.slice(0, 300),
    status: check.status,
    duration_ms: check.durationMs,
    url: check.url?.slice(0, 2000) ?? null,
    detail: check.detail,
  });
}

/** Counts from the stored checks; passed only when every check passed. */
export async function finishQaRun(
  db: Knex,
  runId: number,
  error?: string,
): Promise<{ status: QaRunStatus; total: number; passed: number; failed: number }> {
  const rows = (await db('qa_checks')
    .where({ run_id: runId })
    .groupBy('status')
    .select('status', db.raw('COUNT(*) AS n'))) as Array<{ status: string; n: number | string }>;
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  const passed = count('passed');
  const failed = count('failed');
  const status: QaRunStatus =
    error !== undefined ? 'error' : failed > 0 || passed === 0 ? 'failed' : 'passed';
  const now = Date.now();
  await db('qa_runs')
    .where({ id: runId })
    .update({
      status,
      total: passed + failed,
      passed,
      failed,
      finished_at: now,
      duration_ms: db.raw('? - started_at', [now]),
      error: error?.slice(0, 2000) ?? null,
    });
  return { status, total: passed + failed, passed, failed };
}
