/**
 * Cron schedules of scripts (table job_schedules): reading, saving (cron, time zone and parameters checked
 * first, next run computed) and firing, which the process's JobScheduler calls for each due occurrence.
 */
import type { Knex } from 'knex';
import type { AdminSchedule, JobStatus } from '@moveratlas/contracts';
import { HttpError, notFound } from '../../lib/http-error';
import {
  InvalidCronError,
  nextOccurrence,
  ScheduleFireError,
  type DueSchedule,
} from '../../jobs/scheduler';
import {
  enqueueScript,
  parseScriptParams,
  ScriptParamsError,
  scriptJobType,
} from '../../jobs/script-jobs';
import { findScript } from './registry';

interface ScheduleRow {
  id: number;
  script_id: string;
  params: string;
  cron: string;
  timezone: string;
  enabled: number | boolean;
  next_run_at: number | string | null;
  last_run_at: number | string | null;
  last_job_id: number | string | null;
  last_error: string | null;
  created_by: string;
  created_at: number | string;
  updated_at: number | string;
  job_status?: JobStatus | null;
}

const num = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

function toSchedule(row: ScheduleRow): AdminSchedule {
  return {
    id: Number(row.id),
    scriptId: row.script_id,
    scriptTitle: findScript(row.script_id)?.title ?? `${row.script_id} (no longer exists)`,
    params: JSON.parse(row.params) as Record<string, unknown>,
    cron: row.cron,
    timezone: row.timezone,
    enabled: Boolean(row.enabled),
    nextRunAt: num(row.next_run_at),
    lastRunAt: num(row.last_run_at),
    lastJobId: num(row.last_job_id),
    lastJobStatus: row.job_status ?? null,
    lastError: row.last_error,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const scheduleQuery = (db: Knex) =>
  db({ s: 'job_schedules' })
    .leftJoin({ j: 'jobs' }, 'j.id', 's.last_job_id')
    .select('s.*', { job_status: 'j.status' });

export async function listSchedules(db: Knex): Promise<AdminSchedule[]> {
  const rows = (await scheduleQuery(db).orderBy('s.id')) as ScheduleRow[];
  return rows.map(toSchedule);
}

export async function findSchedule(db: Knex, id: number): Promise<AdminSchedule | undefined> {
  const row = (await scheduleQuery(db).where('s.id', id).first()) as ScheduleRow | undefined;
  return row ? toSchedule(row) : undefined;
}

/** The next occurrence after now, or a 400 naming what is wrong with the expression or time zone. */
function nextRunOrBadRequest(cron: string, timezone: string, now: number): number {
  try {
    const next = nextOccurrence(cron, timezone, now);
    if (next === null) throw new HttpError(400, 'The cron expression has no future occurrence');
    return next;
  } catch (error) {
    if (error instanceof InvalidCronError) throw new HttpError(400, error.message);
    throw error;
  }
}

function paramsOrBadRequest(scriptId: string, params: Record<string, unknown>): void {
  const script = findScript(scriptId);
  if (!script) throw new HttpError(400, `Unknown script "${scriptId}"`);
  try {
    parseScriptParams(script, params);
  } catch (error) {
    if (error instanceof ScriptParamsError) throw new HttpError(400, error.message);
    throw error;
  }
}

export async function createSchedule(
  db: Knex,
  input: {
    scriptId: string;
    params: Record<string, unknown>;
    cron: string;
    timezone: string;
    enabled: boolean;
  },
  createdBy: string,
): Promise<AdminSchedule> {
  paramsOrBadRequest(input.scriptId, input.params);
  const now = Date.now();
  const next = nextRunOrBadRequest(input.cron, input.timezone, now);
  const [id] = (await db('job_schedules').insert({
    script_id: input.scriptId,
    params: JSON.stringify(input.params),
    cron: input.cron,
    timezone: input.timezone,
    enabled: input.enabled,
    next_run_at: input.enabled ? next : null,
    created_by: createdBy.slice(0, 100),
    created_at: now,
    updated_at: now,
  })) as number[];
  return (await findSchedule(db, Number(id)))!;
}

export async function updateSchedule(
  db: Knex,
  id: number,
  change: { params?: Record<string, unknown>; cron?: string; timezone?: string; enabled?: boolean },
): Promise<AdminSchedule> {
  const current = await findSchedule(db, id);
  if (!current) throw notFound(`No schedule ${id}`);
  const params = change.params ?? current.params;
  const cron = change.cron ?? current.cron;
  const timezone = change.timezone ?? current.timezone;
  const enabled = change.enabled ?? current.enabled;
  if (change.params) paramsOrBadRequest(current.scriptId, params);
  const now = Date.now();
  const next = nextRunOrBadRequest(cron, timezone, now);
  // Moving next_run_at also means a scheduler that read the old occurrence finds nothing to fire.
  await db('job_schedules')
    .where({ id })
    .update({
      params: JSON.stringify(params),
      cron,
      timezone,
      enabled,
      next_run_at: enabled ? next : null,
      last_error: null,
      updated_at: now,
    });
  return (await findSchedule(db, id))!;
}

export async function deleteSchedule(db: Knex, id: number): Promise<boolean> {
  return (await db('job_schedules').where({ id }).delete()) === 1;
}

/** The scheduler's `fire`: queues the script's run in the scheduler's transaction. */
export async function fireScriptSchedule(
  trx: Knex.Transaction,
  schedule: DueSchedule,
): Promise<{ jobId: number; type: string }> {
  const script = findScript(schedule.scriptId);
  if (!script) throw new ScheduleFireError(`The script "${schedule.scriptId}" no longer exists`);
  const params = (schedule.params ?? {}) as Record<string, unknown>;
  try {
    const jobId = await enqueueScript(
      trx,
      script,
      params,
      `schedule:${schedule.id}`,
      schedule.occurrence,
    );
    return { jobId, type: scriptJobType(script.id) };
  } catch (error) {
    if (error instanceof ScriptParamsError)
      throw new ScheduleFireError(`Parameters no longer fit the script: ${error.message}`);
    throw error;
  }
}
