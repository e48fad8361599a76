/**
 * How loaded the server process is (issue 12): its event-loop delay and the requests it is working on.
 * Part of GET /healthz and of the admin Database screen's health (GET /api/admin/database/health).
 */
import { z } from 'zod';

const milliseconds = z.number().nonnegative();

export const ServerLoadSchema = z.object({
  eventLoop: z.object({
    /** How late the event loop's timers fired during the last complete second (median, p99, worst). */
    p50Ms: milliseconds,
    p99Ms: milliseconds,
    maxMs: milliseconds,
    /** The worst delay of the last minute. */
    maxLastMinuteMs: milliseconds,
    /** EVENT_LOOP_WARN_MS: past it a warning is logged and ordinary requests get fewer slots. */
    warnMs: milliseconds,
  }),
  requests: z.object({
    /** Requests being worked on now (/healthz not counted). */
    inFlight: z.number().int().nonnegative(),
    /** MAX_IN_FLIGHT; 0: no limit. */
    maxInFlight: z.number().int().nonnegative(),
    /** Event loop late or heap nearly full: ordinary requests are held to a quarter of the slots. */
    underPressure: z.boolean(),
    /** Requests refused with 503 since the process started. */
    shed: z.number().int().nonnegative(),
    /** Pages admitted and waiting for their turn to be rendered (a few are rendered at once). */
    queued: z.number().int().nonnegative(),
  }),
  /** V8's heap in use over its limit, 0–1. */
  heapUsedRatio: z.number().nonnegative(),
});
export type ServerLoad = z.infer<typeof ServerLoadSchema>;
