/**
 * Retry delays: exponential backoff with full jitter (a uniformly random wait between zero and the
 * exponential cap), so jobs that failed together — every lead queued while the backend was down — do not
 * all retry in the same instant when it returns.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export function retryDelayMs(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(30, Math.max(0, attempt - 1));
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.floor(random() * cap);
}
