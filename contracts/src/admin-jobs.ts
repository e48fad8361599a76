/**
 * The admin Jobs screens' wire formats (issue 7): the job list with its filters and counts, one job with its
 * events, the live event stream of a job page, and cancel / retry.
 */
import { z } from 'zod';
import { idParam, intParam } from './query-params';

export const JOB_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'dead',
  'cancelled',
] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** A job has stopped for good unless an admin retries it. */
export const isFinishedJobStatus = (status: JobStatus): boolean =>
  status === 'succeeded' || status === 'failed' || status === 'dead' || status === 'cancelled';

export const JOB_LIST_ORDERS = ['newest', 'oldest'] as const;

export const jobListQuerySchema = z.strictObject({
  status: z
    .enum(JOB_STATUSES, { message: `Status must be one of: ${JOB_STATUSES.join(', ')}` })
    .optional(),
  type: z
    .string()
    .max(64, 'Type is too long')
    .regex(/^[a-z0-9._:-]+$/, 'Type must be a job type such as "lead.forward"')
    .optional(),
  order: z
    .enum(JOB_LIST_ORDERS, { message: `Order must be one of: ${JOB_LIST_ORDERS.join(', ')}` })
    .optional()
    .default('newest'),
  limit: intParam('limit', 1, 100, 25),
  offset: intParam('offset', 0, 10_000_000, 0),
});
export type JobListQuery = z.input<typeof jobListQuerySchema>;

/** A job id in a path. */
export const jobIdParamSchema = idParam('job');

/** GET /api/admin/jobs/:id and its event stream: only the events after this one (the last a page has). */
export const jobEventsQuerySchema = z.strictObject({
  after: intParam('after', 0, Number.MAX_SAFE_INTEGER, 0),
});

export const adminJobSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  status: jobStatusSchema,
  /** 0–100 as the handler reported it; null before it reports any. */
  progress: z.number().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  payload: z.unknown(),
  result: z.unknown(),
  lastError: z.string().nullable(),
  lockedBy: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  runAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  updatedAt: z.number(),
  cancelRequested: z.boolean(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/** The job type that forwards one lead to the lead backend; its payload names the lead ({ leadId }). */
export const LEAD_FORWARD_JOB_TYPE = 'lead.forward';

/** The lead a job works for (a forwarding job), for a link to its admin page; null for any other job. */
export function jobLeadId(job: Pick<AdminJob, 'type' | 'payload'>): number | null {
  if (job.type !== LEAD_FORWARD_JOB_TYPE) return null;
  const payload = job.payload as { leadId?: unknown } | null;
  const id = typeof payload === 'object' && payload !== null ? payload.leadId : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Jobs per status for the list's filters: of the selected type, or of all types. */
export const jobStatusCountsSchema = z.object(
  Object.fromEntries(JOB_STATUSES.map((s) => [s, z.number().int()])) as Record<
    JobStatus,
    z.ZodNumber
  >,
);
export type JobStatusCounts = z.infer<typeof jobStatusCountsSchema>;

export const jobListResponseSchema = z.object({
  jobs: z.array(adminJobSchema),
  /** Jobs matching the filters (for paging). */
  total: z.number().int(),
  counts: jobStatusCountsSchema,
  /** Every job type that has jobs, for the type filter. */
  types: z.array(z.string()),
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

/**
 * A job's history: attempt outcomes (`succeeded`, `retry`, `dead`, `lease-expired`, `retried`, `cancelled`,
 * `cancel-requested`) and its handler's log lines (`log`, `warn`, `error`).
 */
export const jobEventSchema = z.object({
  id: z.number().int(),
  attempt: z.number().int(),
  event: z.string(),
  message: z.string().nullable(),
  createdAt: z.number(),
});
export type JobEvent = z.infer<typeof jobEventSchema>;

export const jobDetailResponseSchema = z.object({
  job: adminJobSchema,
  events: z.array(jobEventSchema),
  /** Events beyond the newest ones returned: the stream or `afterEventId` pages on from the last. */
  moreEvents: z.boolean(),
});
export type JobDetailResponse = z.infer<typeof jobDetailResponseSchema>;

/**
 * GET /api/admin/jobs/:id/events is a text/event-stream: `job` events carry an AdminJob (sent whenever it
 * changes), `log` events one JobEvent each (its id is the SSE id, so a reconnect resumes after it), and a
 * final `end` event once the job has finished, after which the server closes the stream.
 */
export const JOB_STREAM_EVENTS = { job: 'job', log: 'log', end: 'end' } as const;

export const jobActionResponseSchema = z.object({
  job: adminJobSchema,
  /** What the action did: cancelled at once, cancel requested from the running worker, or queued again. */
  outcome: z.enum(['cancelled', 'cancel-requested', 'retried']),
});
export type JobActionResponse = z.infer<typeof jobActionResponseSchema>;
