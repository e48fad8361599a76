/**
 * What a maintenance script is: an id, a title and description for the Scripts screen, a zod schema of its
 * parameters (the run form is generated from it), and the work, which runs as a job on the job queue.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config';
import type { JobContext } from './worker';

/** What a script runs with: the server's own config and database, and its job's progress, log and signal. */
export interface ScriptContext extends JobContext {
  config: Config;
  db: Knex;
  logger: Logger;
  /** The job this run is. */
  jobId: number;
}

export interface AdminScript<Params extends z.ZodType = z.ZodType> {
  /** Lowercase words joined by hyphens: the URL (/admin/scripts/run/{id}) and the job type (script.{id}). */
  id: string;
  title: string;
  description: string;
  /** A strict object schema; every field has a default or is required, with a title for the form. */
  params: Params;
  /** What the job's result is (shown on its page): counts, figures, what changed. */
  run(params: z.output<Params>, context: ScriptContext): Promise<unknown>;
  /** Attempts before the job is dead (default 3); a script must be safe to run again after a failure. */
  maxAttempts?: number;
  /** The longest a run may take before it is stopped (default 30 minutes). */
  timeoutMs?: number;
}

/** Keeps the parameter type of `run` tied to the schema while the registry holds scripts of any schema. */
export const defineScript = <Params extends z.ZodType>(
  script: AdminScript<Params>,
): AdminScript<Params> => script;

/** Throws the signal's reason when the job has been cancelled (or the worker is stopping). */
export function checkpoint(signal: AbortSignal): void {
  signal.throwIfAborted();
}

/** Waits `ms`, or less when the signal aborts (which then throws). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve(signal.throwIfAborted());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The parameters of scripts that walk a large table: how much per transaction, and how gently. */
export const batchParams = {
  batchSize: z.number().int().min(10).max(5000).default(1000).meta({
    title: 'Batch size',
    description: 'Companies per transaction.',
  }),
  pauseMs: z.number().int().min(0).max(10_000).default(0).meta({
    title: 'Pause between batches (ms)',
    description: 'Spares the database on a busy site; 0 runs flat out.',
  }),
};

/**
 * Walks every company in id order, `batchSize` at a time with the columns asked for, handing each batch to
 * `handle`: stops at the first batch after a cancel, reports progress after each batch and pauses between
 * them as asked. Resolves with how many companies it walked.
 */
export async function forEachCompanyBatch<Row extends { id: number }>(
  { db, signal, progress, log }: Pick<ScriptContext, 'db' | 'signal' | 'progress' | 'log'>,
  { batchSize, pauseMs, columns }: { batchSize: number; pauseMs: number; columns: string[] },
  handle: (companies: Row[]) => Promise<void>,
): Promise<number> {
  const { n } = (await db('companies').count({ n: '*' }).first()) as { n: number | string };
  const total = Number(n);
  await log(`${total} companies to check`);
  let lastId = 0;
  let checked = 0;
  for (;;) {
    checkpoint(signal);
    const companies = (await db('companies')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(batchSize)
      .select('id', ...columns)) as Row[];
    if (companies.length === 0) break;
    lastId = Number(companies[companies.length - 1]!.id);
    await handle(companies);
    checked += companies.length;
    await progress(total === 0 ? 100 : (100 * checked) / total);
    if (pauseMs > 0) await pause(pauseMs, signal);
  }
  return checked;
}
