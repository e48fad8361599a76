/**
 * Scripts as jobs: each script's job type (`script.<id>`), the handlers the worker runs them with, and
 * queueing a run — from the Run button or a schedule — after checking its parameters against the schema.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config';
import { enqueueJob } from './queue';
import { PermanentJobError, type JobRegistry } from './worker';
import { describeIssue } from '../lib/validate';
import type { AdminScript } from './script';

const JOB_PREFIX = 'script.';
const DEFAULT_TIMEOUT_MS = 30 * 60_000;

export const scriptJobType = (scriptId: string) => `${JOB_PREFIX}${scriptId}`;

/** Parameters that do not fit the script's schema, with the message naming the field. */
export class ScriptParamsError extends Error {}

/** A parameter's title as the run form shows it (its schema's meta title), for messages. */
function paramTitle(script: AdminScript, path: readonly PropertyKey[]): string | undefined {
  const shape = (script.params as { shape?: Record<string, z.ZodType> }).shape;
  const key = path[0];
  const field = typeof key === 'string' ? shape?.[key] : undefined;
  const title = field?.meta()?.title;
  return typeof title === 'string' ? title : undefined;
}

export function parseScriptParams(script: AdminScript, params: unknown): unknown {
  const parsed = script.params.safeParse(params ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const label = paramTitle(script, issue.path);
    const message = describeIssue(issue, 'body', (path) => paramTitle(script, path));
    // A script's own message that does not say which parameter: say it, as the form names it.
    throw new ScriptParamsError(
      label && !message.startsWith(label) ? `${label}: ${message}` : message,
    );
  }
  return parsed.data;
}

/** The parameters as the job stores them: the input as given (defaults are applied again when it runs). */
const JobPayload = z.object({ params: z.record(z.string(), z.unknown()) });

export async function enqueueScript(
  trx: Knex | Knex.Transaction,
  script: AdminScript,
  params: Record<string, unknown>,
  createdBy: string,
  /** The schedule's occurrence (epoch ms) this run is for, when a schedule queued it. */
  occurrence?: number,
): Promise<number> {
  parseScriptParams(script, params);
  return enqueueJob(
    trx,
    scriptJobType(script.id),
    occurrence === undefined ? { params } : { params, occurrence },
    { maxAttempts: script.maxAttempts ?? 3, createdBy },
  );
}

/** One job handler per script, for the worker's registry. */
export function scriptJobHandlers(
  deps: { config: Config; db: Knex; logger: Logger },
  scripts: readonly AdminScript[],
): JobRegistry {
  const handlers: JobRegistry = {};
  for (const script of scripts) {
    handlers[scriptJobType(script.id)] = {
      timeoutMs: script.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      async run(job, _signal, context) {
        const payload = JobPayload.safeParse(job.payload);
        if (!payload.success) throw new PermanentJobError('malformed job payload');
        let params: unknown;
        try {
          params = parseScriptParams(script, payload.data.params);
        } catch (error) {
          // The script's schema changed since this run was queued: running again will not help.
          throw new PermanentJobError((error as Error).message);
        }
        await context.log(`${script.title}: started (attempt ${job.attempts})`);
        const result = await script.run(params, {
          ...context,
          config: deps.config,
          db: deps.db,
          logger: deps.logger.child({ script: script.id, jobId: job.id }),
          jobId: job.id,
        });
        return { result };
      },
    };
  }
  return handlers;
}
