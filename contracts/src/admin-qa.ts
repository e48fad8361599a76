/**
 * The QA Automation screen's wire formats (issue 7): suites that check the running site over HTTP, their
 * runs (each a job) and the pass/fail of every check with its timing and failure details.
 */
import { z } from 'zod';
import { idParam, intParam } from './query-params';
import { activeScriptJobSchema } from './admin-seo';

export const QA_SUITES = ['routes', 'links', 'api', 'quote-flow'] as const;
export const qaSuiteSchema = z.enum(QA_SUITES);
export type QaSuite = z.infer<typeof qaSuiteSchema>;

export const QA_SUITE_INFO: Record<QaSuite, { title: string; description: string }> = {
  routes: {
    title: 'Public routes',
    description:
      'Every public route answers 200 with a title and its own canonical address; an unknown path answers 404.',
  },
  links: {
    title: 'Broken links',
    description:
      'A short crawl from the sitemap and the home page finds no internal link that fails.',
  },
  api: {
    title: 'API contracts',
    description:
      'The public JSON API answers in the documented shapes (the contracts’ zod schemas), errors included.',
  },
  'quote-flow': {
    title: 'Quote flow',
    description:
      'Session, matching, lead and analytics copy through the widget’s endpoints, as the QA test partner: the lead is stored as a test and never forwarded.',
  },
};

/**
 * The checks one run of each suite makes, about (the routes suite checks two dozen addresses…): what a run's
 * progress is measured against while it goes. The job's progress, the run's card and its bar all use
 * qaRunPercent with these, so they never disagree (issue 16).
 */
export const QA_EXPECTED_CHECKS: Record<QaSuite, number> = {
  routes: 24,
  links: 3,
  api: 18,
  'quote-flow': 6,
};

export const qaExpectedChecks = (suites: readonly QaSuite[]): number =>
  suites.reduce((sum, suite) => sum + (QA_EXPECTED_CHECKS[suite] ?? 0), 0);

/**
 * How far a run is, in whole percent: its checks done against those expected, at most 99 while it runs (a
 * suite may make more checks than usual), 100 once it has ended.
 */
export function qaRunPercent(run: { running: boolean; done: number; expected: number }): number {
  if (!run.running) return 100;
  if (run.expected <= 0) return 0;
  return Math.min(99, Math.floor((100 * run.done) / run.expected));
}

export const QA_RUN_STATUSES = ['running', 'passed', 'failed', 'error'] as const;
export const qaRunStatusSchema = z.enum(QA_RUN_STATUSES);
export type QaRunStatus = z.infer<typeof qaRunStatusSchema>;

export const qaCheckStatusSchema = z.enum(['passed', 'failed']);
export type QaCheckStatus = z.infer<typeof qaCheckStatusSchema>;

export const qaCheckSchema = z.object({
  id: z.number().int(),
  suite: qaSuiteSchema,
  name: z.string(),
  status: qaCheckStatusSchema,
  durationMs: z.number().int(),
  /** The address checked, when the check is about one. */
  url: z.string().nullable(),
  /** What went wrong (failed checks), or what was seen. */
  detail: z.string().nullable(),
});
export type QaCheck = z.infer<typeof qaCheckSchema>;

export const qaRunSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  status: qaRunStatusSchema,
  suites: z.array(qaSuiteSchema),
  /** Checks made (so far, while it runs): passed + failed. */
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  /** The checks its suites usually make (qaExpectedChecks): what its progress is measured against. */
  expected: z.number().int(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why a run stopped before finishing its checks. */
  error: z.string().nullable(),
});
export type QaRun = z.infer<typeof qaRunSchema>;

export const qaRunListQuerySchema = z.strictObject({
  limit: intParam('limit', 1, 100, 20),
  offset: intParam('offset', 0, 10_000_000, 0),
});

export const qaRunListResponseSchema = z.object({
  runs: z.array(qaRunSchema),
  total: z.number().int(),
  /** The QA job queued or running now, if any. */
  activeJob: activeScriptJobSchema.nullable(),
});
export type QaRunListResponse = z.infer<typeof qaRunListResponseSchema>;

export const qaRunIdParamSchema = idParam('run');

export const qaRunDetailResponseSchema = z.object({
  run: qaRunSchema,
  checks: z.array(qaCheckSchema),
});
export type QaRunDetailResponse = z.infer<typeof qaRunDetailResponseSchema>;

/** POST /api/admin/qa-automation/runs: which suites to run (all when omitted). */
export const qaRunRequestSchema = z.strictObject({
  suites: z
    .array(z.enum(QA_SUITES, { message: `Suites must be a list of: ${QA_SUITES.join(', ')}` }), {
      message: `Suites must be a list of: ${QA_SUITES.join(', ')}`,
    })
    .min(1, 'Choose at least one suite')
    .optional(),
});
export type QaRunRequest = z.infer<typeof qaRunRequestSchema>;

export const qaRunStartedResponseSchema = z.object({ jobId: z.number().int() });
export type QaRunStartedResponse = z.infer<typeof qaRunStartedResponseSchema>;
