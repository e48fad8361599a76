/** The QA Automation screen's reads: runs (newest first) and the checks of one. */
import type { Knex } from 'knex';
import { qaExpectedChecks, type QaCheck, type QaRun, type QaSuite } from '@moveratlas/contracts';

const num = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

const FINISHED_JOB = ['succeeded', 'failed', 'dead', 'cancelled'];

const runQuery = (db: Knex) =>
  db({ r: 'qa_runs' })
    .leftJoin({ j: 'jobs' }, 'j.id', 'r.job_id')
    .select('r.*', { job_status: 'j.status', job_created_by: 'j.created_by' });

interface CheckCounts {
  passed: number;
  failed: number;
}

/**
 * A running run's counts from its checks stored so far: the row's own are written when it ends, and the
 * screen must not say "0 of 0 passed" beside a bar that is half full (issue 16).
 */
async function liveCounts(
  db: Knex,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<Map<number, CheckCounts>> {
  const running = rows.filter((row) => row.status === 'running').map((row) => Number(row.id));
  const counts = new Map<number, CheckCounts>(running.map((id) => [id, { passed: 0, failed: 0 }]));
  if (running.length === 0) return counts;
  const found = (await db('qa_checks')
    .whereIn('run_id', running)
    .groupBy('run_id', 'status')
    .select('run_id', 'status', db.raw('COUNT(*) AS n'))) as Array<{
    run_id: number | string;
    status: string;
    n: number | string;
  }>;
  for (const row of found) {
    const entry = counts.get(Number(row.run_id));
    if (entry && (row.status === 'passed' || row.status === 'failed'))
      entry[row.status] = Number(row.n);
  }
  return counts;
}

function toRun(row: Record<string, unknown>, live: ReadonlyMap<number, CheckCounts>): QaRun {
  let status = row.status as QaRun['status'];
  let error = (row.error as string | null) ?? null;
  // A run whose job ended without it finishing (the worker died, or was stopped): it never will.
  if (status === 'running' && FINISHED_JOB.includes(String(row.job_status))) {
    status = 'error';
    error = `Its job ended (${String(row.job_status)}) before the run finished`;
  }
  let suites: QaSuite[] = [];
  try {
    suites = JSON.parse(String(row.suites)) as QaSuite[];
  } catch {
    // An unreadable list shows as none.
  }
  const counted = live.get(Number(row.id));
  const figures = counted
    ? { total: counted.passed + counted.failed, ...counted }
    : { total: Number(row.total), passed: Number(row.passed), failed: Number(row.failed) };
  return {
    id: Number(row.id),
    jobId: num(row.job_id),
    createdBy: (row.job_created_by as string | null) ?? null,
    status,
    suites,
    ...figures,
    expected: qaExpectedChecks(suites),
    startedAt: Number(row.started_at),
    finishedAt: num(row.finished_at),
    durationMs: num(row.duration_ms),
    error,
  };
}

export async function listQaRuns(
  db: Knex,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ runs: QaRun[]; total: number }> {
  const [rows, count] = await Promise.all([
    runQuery(db).orderBy('r.id', 'desc').limit(limit).offset(offset) as Promise<
      Array<Record<string, unknown>>
    >,
    db('qa_runs').count({ n: '*' }).first() as Promise<{ n: number | string }>,
  ]);
  const live = await liveCounts(db, rows);
  return { runs: rows.map((row) => toRun(row, live)), total: Number(count.n) };
}

export async function findQaRun(db: Knex, id: number): Promise<QaRun | undefined> {
  const row = (await runQuery(db).where('r.id', id).first()) as Record<string, unknown> | undefined;
  return row ? toRun(row, await liveCounts(db, [row])) : undefined;
}

export async function listQaChecks(db: Knex, runId: number): Promise<QaCheck[]> {
  const rows = (await db('qa_checks').where({ run_id: runId }).orderBy('id')) as Array<
    Record<string, unknown>
  >;
  return rows.map((r) => ({
    id: Number(r.id),
    suite: r.suite as QaSuite,
    name: String(r.name),
    status: r.status as QaCheck['status'],
    durationMs: Number(r.duration_ms),
    url: (r.url as string | null) ?? null,
    detail: (r.detail as string | null) ?? null,
  }));
}
