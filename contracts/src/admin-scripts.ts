/**
 * The admin Scripts screens' wire formats (issue 7): maintenance scripts registered in the server's code, each
 * with a JSON Schema of its parameters (from its zod schema) that the run form is generated from; runs
 * (each a job); and cron schedules of runs.
 */
import { z } from 'zod';
import { jobStatusSchema } from './admin-jobs';
import { plainText } from './text';

/**
 * One parameter in a script's JSON Schema, as z.toJSONSchema writes it: the form generator renders strings
 * (with `enum` as a select), numbers and integers (min/max), and booleans (a checkbox).
 */
export const scriptParamSchema = z.looseObject({
  type: z.enum(['string', 'number', 'integer', 'boolean']),
  title: z.string().optional(),
  description: z.string().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  enum: z.array(z.string()).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  pattern: z.string().optional(),
});
export type ScriptParam = z.infer<typeof scriptParamSchema>;

export const scriptParamsJsonSchema = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), scriptParamSchema),
  required: z.array(z.string()).optional(),
});
export type ScriptParamsJsonSchema = z.infer<typeof scriptParamsJsonSchema>;

export const scriptLastRunSchema = z.object({
  jobId: z.number().int(),
  status: jobStatusSchema,
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  lastError: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type ScriptLastRun = z.infer<typeof scriptLastRunSchema>;

export const SCRIPT_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const adminScriptSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  params: scriptParamsJsonSchema,
  lastRun: scriptLastRunSchema.nullable(),
});
export type AdminScript = z.infer<typeof adminScriptSchema>;

export const scriptListResponseSchema = z.object({ scripts: z.array(adminScriptSchema) });
export type ScriptListResponse = z.infer<typeof scriptListResponseSchema>;

/** The script's own schema checks `params` on the server; this is only the envelope. */
export const scriptRunRequestSchema = z.strictObject({
  params: z.record(z.string(), z.unknown()).optional().default({}),
});
export type ScriptRunRequest = z.input<typeof scriptRunRequestSchema>;

export const scriptRunResponseSchema = z.object({ jobId: z.number().int() });
export type ScriptRunResponse = z.infer<typeof scriptRunResponseSchema>;

/** Cron: five fields (minute hour day month weekday) or six with seconds first. */
export const CRON_MAX_LENGTH = 120;

const cronField = plainText(
  z
    .string({ error: 'The cron expression is required' })
    .trim()
    .min(1, 'The cron expression is required')
    .max(CRON_MAX_LENGTH, `The cron expression must be at most ${CRON_MAX_LENGTH} characters`),
  'The schedule',
);
const timezoneField = plainText(
  z.string().trim().min(1, 'The time zone is required').max(64, 'The time zone is too long'),
  'The time zone',
);

export const scheduleInputSchema = z.strictObject({
  scriptId: z.string({ error: 'Choose a script' }).regex(SCRIPT_ID_PATTERN, 'Unknown script'),
  params: z.record(z.string(), z.unknown()).optional().default({}),
  cron: cronField,
  timezone: timezoneField.optional().default('UTC'),
  enabled: z.boolean().optional().default(true),
});
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

/** A partial change; the script stays (a different script is a different schedule). */
export const scheduleUpdateSchema = z.strictObject({
  params: z.record(z.string(), z.unknown()).optional(),
  cron: cronField.optional(),
  timezone: timezoneField.optional(),
  enabled: z.boolean().optional(),
});
export type ScheduleUpdate = z.input<typeof scheduleUpdateSchema>;

export const adminScheduleSchema = z.object({
  id: z.number().int(),
  scriptId: z.string(),
  scriptTitle: z.string(),
  params: z.record(z.string(), z.unknown()),
  cron: z.string(),
  timezone: z.string(),
  enabled: z.boolean(),
  /** Epoch ms of the occurrence due next; null while disabled. */
  nextRunAt: z.number().nullable(),
  lastRunAt: z.number().nullable(),
  lastJobId: z.number().int().nullable(),
  lastJobStatus: jobStatusSchema.nullable(),
  lastError: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminSchedule = z.infer<typeof adminScheduleSchema>;

export const scheduleListResponseSchema = z.object({ schedules: z.array(adminScheduleSchema) });
export type ScheduleListResponse = z.infer<typeof scheduleListResponseSchema>;

/** GET /api/admin/schedules/preview?cron=…&timezone=…: the next occurrences, or a 400 saying what is wrong. */
export const schedulePreviewQuerySchema = z.strictObject({
  cron: cronField,
  timezone: timezoneField.optional().default('UTC'),
});
export type SchedulePreviewQuery = z.input<typeof schedulePreviewQuerySchema>;

export const schedulePreviewResponseSchema = z.object({ nextRuns: z.array(z.number()) });
export type SchedulePreviewResponse = z.infer<typeof schedulePreviewResponseSchema>;
