/**
 * Runs jobs: claims due jobs of the registered types up to a concurrency limit, runs each handler outside
 * any transaction (handlers talk to the network), records the outcome, and sleeps until the next poll or a
 * `kick()` — the lead route kicks right after its commit, so a healthy backend has the lead within
 * milliseconds. `stop()` stops claiming and waits for the jobs in hand.
 *
 * While it holds jobs, a heartbeat renews their leases (a job may run up to its handler's `timeoutMs`, longer
 * than one lease; a worker that dies stops renewing, so its jobs come back within a lease) and looks for
 * cancel requests, which abort the job's signal. The process's scheduler, when given, runs alongside.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { LONG_STATEMENT_TIMEOUT_MS, withStatementDeadline } from '../db/statement-deadline';
import type { BackoffPolicy } from './backoff';
import {
  appendJobLog,
  cancelRequestedAmong,
  claimJobs,
  completeJob,
  failJob,
  LeaseLostError,
  newWorkerId,
  reapExpiredLeases,
  renewLeases,
  reportProgress,
  type Job,
  type JobLogLevel,
} from './queue';

export interface JobOutcome {
  /** Stored as the job's result (JSON). */
  result?: unknown;
  /** The handler's database effects, committed together with the job's success. */
  commit?: (trx: Knex.Transaction) => Promise<void>;
}

/** What a handler can tell the people watching its job. Writes are skipped once the job is not ours. */
export interface JobContext {
  /** Aborted when the worker stops, an admin cancels the job, or the handler's time is up. */
  signal: AbortSignal;
  /** Percent done, 0–100; written when the whole percent changes. */
  progress(percent: number): Promise<void>;
  /** A line of the job's log, shown on its page as it happens. */
  log(message: string, level?: JobLogLevel): Promise<void>;
}

export interface JobHandler {
  /** Must finish (or honour `signal`) within `timeoutMs`. */
  run(job: Job, signal: AbortSignal, context: JobContext): Promise<JobOutcome | void>;
  /**
   * The longest an attempt may run; then its signal is aborted and its lease no longer renewed, so a hung
   * handler's job is retried elsewhere. When longer than the lease, the heartbeat renews the lease until
   * then. Without it a job has one lease and no renewal writes: short network jobs (the outbox) stay as
   * cheap as they were.
   */
  timeoutMs?: number;
  /**
   * The wait before attempt `attempt + 1`, when this type keeps its own schedule (a mover's webhook is
   * retried over a day); without it the worker's jittered backoff.
   */
  retryDelayMs?: (attempt: number) => number;
  /**
   * The most of the worker's slots this type may hold at once. A type that waits on strangers (movers'
   * webhooks, up to their time limit each) gets fewer than all, so a day of hanging receivers never holds
   * up e-mail or the lead backend.
   */
  maxSlots?: number;
}

/** The reason a job's signal carries when an admin cancelled it. */
export class JobCancelledError extends Error {
  constructor() {
    super('cancelled by an admin');
    this.name = 'JobCancelledError';
  }
}

/** Anything with a start and a stop that runs beside the worker in its process (the scheduler). */
export interface WorkerCompanion {
  start(kicker: JobKicker): void;
  stop(): Promise<void>;
}

/** Thrown by a handler when trying again cannot help (e.g. the backend rejects the payload as invalid). */
export class PermanentJobError extends Error {}

/**
 * Thrown by a handler when the service its job type needs is unreachable (refused, timed out, 5xx). After a
 * few in a row the worker stops claiming that type for a while and then lets one job through as a probe,
 * doubling the pause while probes fail: an outage costs a probe now and then, not a failed attempt for
 * every queued job, and the queue drains as soon as a probe succeeds.
 */
export class ServiceUnavailableError extends Error {}

/** Consecutive ServiceUnavailableErrors that open a job type's circuit. */
const CIRCUIT_THRESHOLD = 3;

interface Circuit {
  failures: number;
  openUntil: number;
  pauseMs: number;
}

/** What jobs the system can run, by type; features register theirs. */
export type JobRegistry = Record<string, JobHandler>;

export interface JobWorkerOptions {
  db: Knex;
  logger: Logger;
  handlers: JobRegistry;
  concurrency: number;
  pollIntervalMs: number;
  leaseMs: number;
  backoff: BackoffPolicy;
  /** How long stop() lets running jobs finish before aborting them. */
  stopGraceMs?: number;
  /** How often held jobs are checked for cancel requests (leases renew every third of a lease). */
  heartbeatMs?: number;
  /** Started and stopped with the worker: the schedules fire where jobs run. */
  scheduler?: WorkerCompanion;
}

interface JobInHand {
  job: Job;
  abort: AbortController;
  /** When the handler's time is up: its signal is aborted and its lease no longer renewed. */
  deadline: number;
  /** Whether the heartbeat renews its lease (the handler may run longer than one lease). */
  renew: boolean;
}

/** The part of the worker request handlers need: a nudge that new jobs (of a type, or any) are waiting. */
export interface JobKicker {
  kick(type?: string): void;
}

export class JobWorker implements JobKicker {
  readonly id = newWorkerId();
  private readonly types: string[];
  private readonly active = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private running = false;
  private loopDone: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private kicked = false;
  /** The types a kick asked for since the last round; undefined means all (a poll, a stop, a free slot). */
  private kickedTypes: Set<string> | undefined = new Set();
  private lastPoll = 0;
  private readonly circuits = new Map<string, Circuit>();
  private readonly runningByType = new Map<string, number>();
  /** Capped types already claimed in this round of the loop (see maxSlots). */
  private readonly skipThisRound = new Set<string>();
  private rotation = 0;
  private readonly inHand = new Map<number, JobInHand>();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private heartbeatBusy = false;
  private lastRenewal = 0;

  constructor(private readonly options: JobWorkerOptions) {
    this.types = Object.keys(options.handlers);
  }

  start(): void {
    if (this.running || this.types.length === 0 || this.options.concurrency <= 0) return;
    this.running = true;
    this.loopDone = this.loop();
    const heartbeatMs = this.options.heartbeatMs ?? Math.min(1000, this.options.leaseMs / 4);
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), heartbeatMs);
    this.heartbeatTimer.unref();
    this.options.scheduler?.start(this);
  }

  kick(type?: string): void {
    if (type === undefined) this.kickedTypes = undefined;
    else this.kickedTypes?.add(type);
    this.kicked = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.options.scheduler?.stop();
    this.kick();
    await this.loopDone;
    const grace = setTimeout(() => this.abort.abort(), this.options.stopGraceMs ?? 10_000);
    await Promise.allSettled([...this.active]);
    clearTimeout(grace);
    clearInterval(this.heartbeatTimer);
  }

  /** Renews the leases of the jobs in hand (every third of a lease) and aborts those an admin cancelled. */
  private async heartbeat(): Promise<void> {
    if (this.heartbeatBusy || this.inHand.size === 0) return;
    this.heartbeatBusy = true;
    const { db, leaseMs, logger } = this.options;
    try {
      const now = Date.now();
      for (const held of this.inHand.values()) {
        if (now >= held.deadline && !held.abort.signal.aborted)
          held.abort.abort(new Error(`ran past its time limit`));
      }
      if (now - this.lastRenewal >= leaseMs / 3) {
        // Only jobs allowed to outlive a lease: the outbox's second-long jobs cost no renewal writes.
        const renew = [...this.inHand.values()].filter((held) => held.renew && now < held.deadline);
        await renewLeases(
          db,
          this.id,
          renew.map((held) => held.job.id),
          leaseMs,
        );
        for (const held of renew) held.job.lockedUntil = now + leaseMs;
        this.lastRenewal = now;
      }
      const cancelled = await cancelRequestedAmong(db, this.id, [...this.inHand.keys()]);
      for (const id of cancelled) {
        const held = this.inHand.get(id);
        if (held && !held.abort.signal.aborted) held.abort.abort(new JobCancelledError());
      }
    } catch (error) {
      // The database is briefly unreachable: the next beat tries again, well inside the lease.
      logger.warn({ err: error }, 'job heartbeat failed');
    } finally {
      this.heartbeatBusy = false;
    }
  }

  /** The handler's view of its job: progress and log writes, and a signal for stop, cancel and timeout. */
  private contextFor(job: Job, held: JobInHand, log: Logger): JobContext {
    const { db } = this.options;
    let lastPercent: number | null = job.progress;
    return {
      signal: held.abort.signal,
      progress: async (percent) => {
        const whole = Math.max(0, Math.min(100, Math.round(percent)));
        if (whole === lastPercent) return;
        lastPercent = whole;
        try {
          if (!(await reportProgress(db, job, whole)))
            held.abort.abort(new LeaseLostError(`job ${job.id} is no longer held by ${this.id}`));
        } catch (error) {
          log.warn({ err: error }, 'could not record job progress');
        }
      },
      log: async (message, level = 'info') => {
        try {
          await appendJobLog(db, job, message, level);
        } catch (error) {
          log.warn({ err: error }, 'could not record a job log line');
        }
      },
    };
  }

  private async loop(): Promise<void> {
    const { db, logger, concurrency, pollIntervalMs, leaseMs } = this.options;
    while (this.running) {
      // Once per poll interval every type is looked at (and expired leases reaped); in between, a kick
      // only looks at the types it named, so a new lead costs no claim queries for other types, nor any
      // at all while its own type is paused.
      const pollDue = Date.now() - this.lastPoll >= pollIntervalMs;
      const only = pollDue ? undefined : this.kickedTypes;
      this.kicked = false;
      this.kickedTypes = new Set();
      try {
        if (pollDue) {
          this.lastPoll = Date.now();
          const reaped = await reapExpiredLeases(db);
          if (reaped > 0) logger.warn({ reaped }, 'requeued jobs whose lease expired');
        }
        while (this.running && this.active.size < concurrency) {
          const { types, probes } = this.claimableTypes(only);
          if (types.length === 0) break;
          // A half-open type gets a single probe: claim one job at a time while one is among the types. A
          // type with a slot cap is claimed on its own, never past its cap.
          const free = concurrency - this.active.size;
          const capped = types.find((type) => this.options.handlers[type]!.maxSlots !== undefined);
          const claim = capped ? [capped] : types;
          const limit = probes ? 1 : capped ? Math.min(free, this.slotsLeft(capped)) : free;
          const jobs = await claimJobs(db, this.id, claim, leaseMs, limit);
          for (const job of jobs) {
            this.runningByType.set(job.type, (this.runningByType.get(job.type) ?? 0) + 1);
            this.track(this.execute(job), job.type);
          }
          if (capped) {
            // Its cap reached or its queue empty: look at the other types in this round.
            this.skipThisRound.add(capped);
            continue;
          }
          if (jobs.length < limit) break;
        }
        this.skipThisRound.clear();
      } catch (error) {
        // The database is unreachable or busy: jobs stay where they are; try again at the next poll.
        logger.warn({ err: error }, 'job worker could not claim jobs');
      }
      if (this.running && !this.kicked) await this.sleep(pollIntervalMs);
    }
  }

  /** Slots this type may still take: its cap (or every slot) less its jobs in hand. */
  private slotsLeft(type: string): number {
    const cap = this.options.handlers[type]?.maxSlots ?? this.options.concurrency;
    return cap - (this.runningByType.get(type) ?? 0);
  }

  /** Types whose circuit is closed, plus half-open ones (pause over) with no probe running yet. */
  private claimableTypes(only?: ReadonlySet<string>): { types: string[]; probes: boolean } {
    const now = Date.now();
    let probes = false;
    // Start with a different type each round, so a backlog of one type never starves the others.
    const start = this.rotation++ % this.types.length;
    const rotated = [...this.types.slice(start), ...this.types.slice(0, start)];
    const types = rotated.filter((type) => {
      if (only && !only.has(type)) return false;
      if (this.skipThisRound.has(type) || this.slotsLeft(type) <= 0) return false;
      const circuit = this.circuits.get(type);
      if (!circuit || circuit.failures < CIRCUIT_THRESHOLD) return true;
      const probe = now >= circuit.openUntil && (this.runningByType.get(type) ?? 0) === 0;
      probes ||= probe;
      return probe;
    });
    return { types, probes };
  }

  private recordOutcome(type: string, unavailable: boolean): void {
    const { backoff, logger } = this.options;
    if (!unavailable) {
      if ((this.circuits.get(type)?.failures ?? 0) >= CIRCUIT_THRESHOLD)
        logger.info({ jobType: type }, 'service is back; resuming jobs');
      this.circuits.delete(type);
      return;
    }
    const circuit = this.circuits.get(type) ?? {
      failures: 0,
      openUntil: 0,
      pauseMs: backoff.baseMs,
    };
    circuit.failures++;
    if (circuit.failures >= CIRCUIT_THRESHOLD) {
      circuit.openUntil = Date.now() + circuit.pauseMs;
      logger.warn({ jobType: type, pauseMs: circuit.pauseMs }, 'service unavailable; pausing jobs');
      circuit.pauseMs = Math.min(backoff.maxMs, circuit.pauseMs * 2);
    }
    this.circuits.set(type, circuit);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        this.wake = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private track(work: Promise<void>, type: string): void {
    this.active.add(work);
    void work.finally(() => {
      this.active.delete(work);
      this.runningByType.set(type, (this.runningByType.get(type) ?? 1) - 1);
      // A slot is free: look for more work at once (of any type: a drained type frees slots for others).
      this.kick();
    });
  }

  private async execute(job: Job): Promise<void> {
    const { db, logger, handlers, backoff, leaseMs } = this.options;
    const handler = handlers[job.type]!;
    const log = logger.child({ jobId: job.id, jobType: job.type, attempt: job.attempts });
    const abort = new AbortController();
    const timeoutMs = handler.timeoutMs ?? leaseMs;
    const held: JobInHand = {
      job,
      abort,
      deadline: (job.startedAt ?? Date.now()) + timeoutMs,
      renew: timeoutMs > leaseMs,
    };
    this.inHand.set(job.id, held);
    const signal = AbortSignal.any([this.abort.signal, abort.signal]);
    let outcome: JobOutcome;
    try {
      try {
        // A job may be long (an import, a crawl's batch): its statements get the long deadline.
        outcome =
          (await withStatementDeadline(LONG_STATEMENT_TIMEOUT_MS, () =>
            handler.run(job, signal, this.contextFor(job, held, log)),
          )) ?? {};
        this.recordOutcome(job.type, false);
      } catch (error) {
        if (error instanceof ServiceUnavailableError) this.recordOutcome(job.type, true);
        // A handler that stopped for its signal often throws a bare AbortError; say why it was aborted.
        const reason: unknown = abort.signal.aborted ? abort.signal.reason : error;
        const message = reason instanceof Error ? reason.message : String(reason);
        if (reason instanceof LeaseLostError) {
          // Another worker owns the job now; its outcome is that worker's to record.
          log.warn(message);
          return;
        }
        try {
          const next = await failJob(db, job, message, {
            backoff,
            delayMs: handler.retryDelayMs?.(job.attempts),
            permanent: error instanceof PermanentJobError,
          });
          if (next === 'dead') log.error({ err: error }, 'job is dead after its last attempt');
          else if (next === 'cancelled') log.info('job cancelled');
          else log.warn({ error: message }, 'job failed; will retry');
        } catch (recordError) {
          // Could not even record the failure (database down): the lease expires and the job is retried.
          log.error({ err: recordError }, 'could not record a job failure');
        }
        return;
      }
      await this.recordSuccess(job, outcome, log);
    } finally {
      this.inHand.delete(job.id);
    }
  }

  /**
   * The work is done (the backend has the lead): record it, trying again while the database is briefly
   * unavailable, and never as a failure — a failure would send the lead a second time. If it cannot be recorded
   * before the lease ends, the job runs again then, and the backend's idempotency key (lead_uuid) absorbs it.
   */
  private async recordSuccess(job: Job, outcome: JobOutcome, log: Logger): Promise<void> {
    const deadline = (job.lockedUntil ?? Date.now()) - 1000;
    for (let delay = 50; ; delay *= 2) {
      try {
        await completeJob(this.options.db, job, outcome.result, outcome.commit);
        log.debug('job succeeded');
        return;
      } catch (error) {
        if (error instanceof LeaseLostError) {
          log.warn(error.message);
          return;
        }
        if (Date.now() + delay > deadline) {
          log.error({ err: error }, 'could not record a finished job before its lease ends');
          return;
        }
        log.warn({ err: error }, 'could not record a finished job yet; trying again');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
