/**
 * The health endpoints a balancer or supervisor calls (features/health): never refused as busy, never
 * logged per request, answered whatever Host they name (a balancer addresses a process by its IP), and
 * never taken for a directory page.
 * - /livez: the process answers (no database).
 * - /readyz: it can serve: the database answers and it is not refusing requests as busy.
 * - /healthz: the database answers, with the process's load (kept as the README has always described it).
 */
export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/livez', '/readyz', '/healthz']);

export const isHealthPath = (path: string): boolean => HEALTH_PATHS.has(path);
