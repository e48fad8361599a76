/**
 * An FMCSA import in a thread of its own (docs/decisions/040, "Memory and the public's pages"). Reading a
 * census is a gigabyte of CSV turned into millions of short-lived strings: on the server's main thread that
 * work took turns with every request (public reads' p99 went to 300 ms) and its garbage grew the server's
 * heap by some 250 MB whatever the file's size, since V8 collects lazily below a heap limit sized for the
 * whole machine. In a worker thread with a small heap limit, the event loop that answers requests is free
 * and the import's garbage is collected within its limit. The thread opens its own connection to the
 * database; everything it does is committed there, so a crashed or stopped thread resumes as a crashed
 * process does. This module is the job worker's side; import-thread-main.ts is the thread's.
 */
import { Worker } from 'node:worker_threads';
import type { DatabaseConfig } from '../../config';
import type { Job } from '../../jobs/queue';
import { PermanentJobError, type JobContext } from '../../jobs/worker';

/** The thread's heap: the check holds a batch of rows, the apply a batch of facts; the rest is garbage. */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 32 };

export type JobInput = Pick<Job, 'payload' | 'attempts' | 'maxAttempts'>;

export interface ThreadInput {
  /** The thread's module, which the boot module (import-thread-boot.mjs) loads once tsx's loader is in. */
  entry: string;
  database: DatabaseConfig;
  job: JobInput;
}

export type ThreadMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; result: unknown }
  | { type: 'error'; message: string; permanent: boolean };

/** Runs the import job in a new thread, relaying its progress; resolves with its result or rejects as it did. */
export function runImportInThread(
  database: DatabaseConfig,
  job: JobInput,
  signal: AbortSignal,
  context: Pick<JobContext, 'progress'>,
): Promise<unknown> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL('./import-thread-boot.mjs', import.meta.url), {
      workerData: {
        entry: new URL('./import-thread-main.ts', import.meta.url).href,
        database,
        job: { payload: job.payload, attempts: job.attempts, maxAttempts: job.maxAttempts },
      } satisfies ThreadInput,
      resourceLimits: THREAD_LIMITS,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => thread.postMessage({ type: 'abort' });
    signal.addEventListener('abort', onAbort, { once: true });
    thread.on('message', (message: ThreadMessage) => {
      if (message.type === 'progress') void context.progress(message.percent).catch(() => {});
      else if (message.type === 'done') settle(() => resolve(message.result));
      else
        settle(() =>
          reject(
            signal.aborted
              ? signal.reason
              : message.permanent
                ? new PermanentJobError(message.message)
                : new Error(message.message),
          ),
        );
    });
    thread.on('error', (error) => settle(() => reject(error)));
    thread.on('exit', (code) =>
      settle(() => reject(new Error(`the import's thread stopped (exit code ${code})`))),
    );
  });
}
