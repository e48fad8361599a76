/**
 * The admin Jobs API (below /api/admin, behind the session gate): the job list with per-status counts, one
 * job with its events, a live event stream of a job, and cancel / retry.
 *
 * Live updates are server-sent events, each stream polling the database every 500 ms. Polling the database
 * (not an in-process event bus) is what lets any server process answer for a job another process runs; SSE
 * (not client polling) sends only what changed — new log lines by id, the job when it changed — and a
 * reconnecting EventSource resumes after the last line it got (Last-Event-ID). The list polls instead (every
 * few seconds while something is queued or running): a filtered, paged table is a query, not a stream.
 */
import { Router, type Request, type Response } from 'express';
import {
  isFinishedJobStatus,
  jobEventsQuerySchema,
  jobIdParamSchema,
  jobListQuerySchema,
  JOB_STATUSES,
  type JobActionResponse,
  type JobDetailResponse,
  type JobListResponse,
  type JobStatusCounts,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import type { AdminLocals } from '../../auth';
import { HttpError, notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import {
  cancelJob,
  findJob,
  jobCountsByType,
  jobEvents,
  listJobs,
  retryJob,
} from '../../../jobs/queue';
import { toAdminJob } from './wire';
import { auditedChange } from '../../audit';

const adminOf = (res: Response) => (res.locals as AdminLocals).admin;

/** Events per answer or per stream message batch. */
const EVENTS_PAGE = 500;
const STREAM_POLL_MS = 500;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const STREAM_KEEPALIVE_MS = 15_000;

export function adminJobsRoutes(ctx: AdminContext): Router {
  const { db, logger } = ctx;
  const router = Router();

  const jobOrNotFound = async (req: Request) => {
    const id = parseInput(jobIdParamSchema, req.params.id, 'params');
    const job = await findJob(db, id);
    if (!job) throw notFound(`No job with id ${id}`);
    return job;
  };

  router.get('/jobs', async (req, res) => {
    const query = parseInput(jobListQuerySchema, req.query, 'query');
    const [jobs, byType] = await Promise.all([listJobs(db, query), jobCountsByType(db)]);
    const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as JobStatusCounts;
    for (const row of byType)
      if (!query.type || row.type === query.type) counts[row.status] += row.count;
    const total = query.status
      ? counts[query.status]
      : Object.values(counts).reduce((sum, n) => sum + n, 0);
    const body: JobListResponse = {
      jobs: jobs.map(toAdminJob),
      total,
      counts,
      types: [...new Set(byType.map((row) => row.type))].sort(),
    };
    res.json(body);
  });

  router.get('/jobs/:id', async (req, res) => {
    const job = await jobOrNotFound(req);
    const { after } = parseInput(jobEventsQuerySchema, req.query, 'query');
    const events = await jobEvents(db, job.id, { afterId: after, limit: EVENTS_PAGE + 1 });
    const body: JobDetailResponse = {
      job: toAdminJob(job),
      events: events.slice(0, EVENTS_PAGE).map(({ jobId: _jobId, ...event }) => event),
      moreEvents: events.length > EVENTS_PAGE,
    };
    res.json(body);
  });

  router.get('/jobs/:id/events', async (req, res) => {
    const first = await jobOrNotFound(req);
    const { after } = parseInput(jobEventsQuerySchema, req.query, 'query');
    const resumeFrom = Number(req.get('Last-Event-ID'));
    let lastEventId = Number.isSafeInteger(resumeFrom) && resumeFrom > 0 ? resumeFrom : after;

    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware would otherwise hold events back to fill its buffer.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    let open = true;
    let wake: (() => void) | undefined;
    res.on('close', () => {
      open = false;
      wake?.();
    });
    const send = (event: string, data: unknown, id?: number) =>
      res.write(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
      );
    res.write('retry: 2000\n\n');

    let lastJob = '';
    let lastWrite = Date.now();
    try {
      for (let job = first; open;) {
        const events = await jobEvents(db, job.id, { afterId: lastEventId, limit: EVENTS_PAGE });
        for (const { jobId: _jobId, ...event } of events) {
          send('log', event, event.id);
          lastEventId = event.id;
        }
        const wire = JSON.stringify(toAdminJob(job));
        if (wire !== lastJob) {
          res.write(`event: job\ndata: ${wire}\n\n`);
          lastJob = wire;
          lastWrite = Date.now();
        }
        if (events.length > 0) lastWrite = Date.now();
        if (isFinishedJobStatus(job.status) && events.length < EVENTS_PAGE) {
          send('end', { status: job.status });
          break;
        }
        if (Date.now() - lastWrite >= STREAM_KEEPALIVE_MS) {
          res.write(': keep-alive\n\n');
          lastWrite = Date.now();
        }
        if (events.length < EVENTS_PAGE)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, STREAM_POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        if (!open) break;
        const next = await findJob(db, job.id);
        if (!next) {
          send('end', { status: 'deleted' });
          break;
        }
        job = next;
      }
    } catch (error) {
      // The database went away mid-stream: end it; the browser's EventSource reconnects and resumes.
      logger.warn({ err: error, jobId: first.id }, 'job event stream failed');
    }
    res.end();
  });

  router.post('/jobs/:id/cancel', async (req, res) => {
    const job = await jobOrNotFound(req);
    const admin = adminOf(res).username;
    const cancelled = await auditedChange(db, req, res, async (trx, audit) => {
      const done = await cancelJob(trx, job.id, `admin:${admin}`);
      if (!done) throw notFound(`No job with id ${job.id}`);
      if (done.outcome === 'not-cancellable')
        throw new HttpError(409, `Job ${job.id} has already finished (${done.job.status})`);
      audit({
        action: 'job.cancel',
        entityType: 'job',
        entityId: job.id,
        summary: `${done.outcome === 'cancelled' ? 'Cancelled' : 'Asked to cancel'} job ${job.id} (${job.type})`,
        before: { status: job.status },
        after: { status: done.job.status, outcome: done.outcome },
      });
      return { job: done.job, outcome: done.outcome };
    });
    logger.info({ jobId: job.id, admin, outcome: cancelled.outcome }, 'job cancel');
    const body: JobActionResponse = {
      job: toAdminJob(cancelled.job),
      outcome: cancelled.outcome,
    };
    res.json(body);
  });

  router.post('/jobs/:id/retry', async (req, res) => {
    const job = await jobOrNotFound(req);
    const admin = adminOf(res).username;
    const retried = await auditedChange(db, req, res, async (trx, audit) => {
      const again = await retryJob(trx, job.id, `admin:${admin}`);
      if (!again) throw notFound(`No job with id ${job.id}`);
      if (again.status !== 'queued' || job.status === 'queued')
        throw new HttpError(
          409,
          `Only dead, failed or cancelled jobs can be retried; job ${job.id} is ${again.status}`,
        );
      audit({
        action: 'job.retry',
        entityType: 'job',
        entityId: job.id,
        summary: `Retried job ${job.id} (${job.type})`,
        before: { status: job.status },
        after: { status: again.status },
      });
      return again;
    });
    ctx.jobs?.kick(retried.type);
    logger.info({ jobId: job.id, admin }, 'job retried');
    const body: JobActionResponse = { job: toAdminJob(retried), outcome: 'retried' };
    res.json(body);
  });

  return router;
}
