/**
 * Cron schedules that queue jobs: stored in job_schedules (so a restart keeps them), fired by a loop in every
 * process that runs a job worker, and each occurrence fired once however many processes run the loop.
 *
 * Firing an occurrence is one transaction: a guarded update moves next_run_at from the due occurrence to the
 * next one (`WHERE id = ? AND next_run_at = <due>`), and only the process whose update changed the row queues
 * the job, in the same transaction. A second process's update waits on the row lock, then finds next_run_at
 * moved on and changes nothing (InnoDB re-reads the latest committed row for an UPDATE; SQLite has one
 * writer). A crash before the commit leaves both undone, so the occurrence fires on the next tick instead.
 * Occurrences missed while no process ran fire once, then the schedule continues from now.
 */
import { Cron } from 'croner';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { withTransactionRetry } from '../db/dialect';
import type { JobKicker, WorkerCompanion } from './worker';

/** Five fields (minute precision) or six (seconds first), as croner reads them. */
const CRON_MODE = '5-or-6-parts';

export class InvalidCronError extends Error {}

/** Parses a cron expression in a time zone, or throws InvalidCronError saying what is wrong. */
export function parseCron(expression: string, timezone: string): Cron {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw new InvalidCronError(`Unknown time zone "${timezone}"`);
  }
  try {
    return new Cron(expression, { paused: true, timezone, mode: CRON_MODE });
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/^CronPattern: /, '') : '';
    throw new InvalidCronError(`Invalid cron expression: ${message || expression}`);
  }
}

/** The first occurrence strictly after `after` (epoch ms), or null when the expression has no more. */
export function nextOccurrence(expression: string, timezone: string, after: number): number | null {
  return parseCron(expression, timezone).nextRun(new Date(after))?.getTime() ?? null;
}

/** The next `count` occurrences after `after`. */
export function nextOccurrences(
  expression: string,
  timezone: string,
  count: number,
  after: number,
): number[] {
  return parseCron(expression, timezone)
    .nextRuns(count, new Date(after))
    .map((date) => date.getTime());
}

export interface DueSchedule {
  id: number;
  scriptId: string;
  params: unknown;
  cron: string;
  timezone: string;
  /** The occurrence being fired (epoch ms). */
  occurrence: number;
}

/** Thrown by `fire` when a schedule cannot queue its job (its script is gone, its parameters no longer fit). */
export class ScheduleFireError extends Error {}

export interface JobSchedulerOptions {
  db: Knex;
  logger: Logger;
  /** Queues the occurrence's job inside the scheduler's transaction; answers its id and type. */
  fire(trx: Knex.Transaction, schedule: DueSchedule): Promise<{ jobId: number; type: string }>;
  /** How often due schedules are looked for; second-precision schedules want about a second. */
  tickMs?: number;
}

export class JobScheduler implements WorkerCompanion {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> | undefined;
  private kicker: JobKicker | undefined;
  private running = false;

  constructor(private readonly options: JobSchedulerOptions) {}

  start(kicker?: JobKicker): void {
    if (this.running) return;
    this.running = true;
    this.kicker = kicker;
    const loop = () => {
      if (!this.running) return;
      this.ticking = this.tick()
        .catch((error: unknown) =>
          this.options.logger.warn({ err: error }, 'scheduler could not fire schedules'),
        )
        .finally(() => {
          if (this.running) this.timer = setTimeout(loop, this.options.tickMs ?? 1000);
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.ticking;
  }

  /** Fires every occurrence due at `now`; answers how many jobs this process queued. */
  async tick(now = Date.now()): Promise<number> {
    const { db, logger } = this.options;
    const due = (await db('job_schedules')
      .where('enabled', true)
      .andWhere('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(100)
      .select('id', 'script_id', 'params', 'cron', 'timezone', 'next_run_at')) as Array<{
      id: number;
      script_id: string;
      params: string;
      cron: string;
      timezone: string;
      next_run_at: number | string;
    }>;
    let fired = 0;
    for (const row of due) {
      const schedule: DueSchedule = {
        id: Number(row.id),
        scriptId: row.script_id,
        params: JSON.parse(row.params) as unknown,
        cron: row.cron,
        timezone: row.timezone,
        occurrence: Number(row.next_run_at),
      };
      let next: number | null;
      let problem: string | null = null;
      try {
        // From now, not from the due occurrence: after downtime the schedule fires once, not once per miss.
        next = nextOccurrence(schedule.cron, schedule.timezone, Math.max(now, schedule.occurrence));
      } catch (error) {
        next = null;
        problem = (error as Error).message;
      }
      const queued = await withTransactionRetry(db, async (trx) => {
        const claimed = await trx('job_schedules')
          .where({ id: schedule.id, next_run_at: schedule.occurrence, enabled: true })
          .update({
            next_run_at: next,
            // An expression with no further occurrence (or no longer valid) switches itself off.
            enabled: next !== null,
            last_run_at: now,
            updated_at: now,
          });
        if (claimed !== 1) return undefined;
        try {
          const job = await this.options.fire(trx, schedule);
          await trx('job_schedules')
            .where({ id: schedule.id })
            .update({ last_job_id: job.jobId, last_error: problem });
          return job;
        } catch (error) {
          if (!(error instanceof ScheduleFireError)) throw error;
          await trx('job_schedules')
            .where({ id: schedule.id })
            .update({ last_job_id: null, last_error: error.message.slice(0, 2000) });
          return undefined;
        }
      });
      if (queued) {
        fired++;
        logger.info(
          { scheduleId: schedule.id, jobId: queued.jobId, occurrence: schedule.occurrence },
          'schedule fired',
        );
        this.kicker?.kick(queued.type);
      }
    }
    return fired;
  }
}
