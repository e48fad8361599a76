/** The QA Automation screen's reads: runs (newest first) and the checks of one. */
import type { Knex } from 'knex';
import type { QaCheck, QaRun, QaSuite } from '@moveratlas/contracts';

const num = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

const FINISHED_JOB = ['succeeded', 'failed', 'dead', 'cancelled'];

const runQuery = (db: Knex) =>
  db({ r: 'qa_runs' })
    .leftJoin({ j: 'jobs' }, 'j.id', 'r.job_id')
    .select('r.*', { job_status: 'j.status', job_created_by: 'j.created_by' });

function toRun(row: Record<string, unknown>): QaRun {
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
  return {
    id: Number(row.id),
    jobId: num(row.job_id),
    createdBy: (row.job_created_by as string | null) ?? null,
    status,
    suites,
    total: Number(row.total),
    passed: Number(row.passed),
    failed: Number(row.failed),
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
  return { runs: rows.map(toRun), total: Number(count.n) };
}

export async function findQaRun(db: Knex, id: number): Promise<QaRun | undefined> {
  const row = (await runQuery(db).where('r.id', id).first()) as Record<string, unknown> | undefined;
  return row ? toRun(row) : undefined;
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
