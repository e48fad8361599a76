import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('lead pipeline configuration', () => {
  it('defaults to 5 matches, a 5 s backend timeout, 25 forwarding attempts and generous per-IP limits', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      matchLimit: 5,
      leadBackendTimeoutMs: 5000,
      leadForwardMaxAttempts: 25,
      jobs: {
        concurrency: 4,
        pollIntervalMs: 1000,
        leaseMs: 60_000,
        backoff: { baseMs: 2000, maxMs: 900_000 },
      },
      rateLimits: { windowMs: 600_000, leads: 30, sessions: 120, matches: 120, reviews: 10 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      MATCH_LIMIT: '8',
      LEAD_BACKEND_TIMEOUT_MS: '2000',
      LEAD_FORWARD_MAX_ATTEMPTS: '10',
      JOB_CONCURRENCY: '0',
      JOB_POLL_INTERVAL_MS: '250',
      JOB_LEASE_MS: '30000',
      JOB_BACKOFF_BASE_MS: '500',
      JOB_BACKOFF_MAX_MS: '60000',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_LEADS: '0',
      RATE_LIMIT_SESSIONS: '10',
      RATE_LIMIT_MATCHES: '20',
      RATE_LIMIT_REVIEWS: '3',
    });
    expect(config).toMatchObject({
      matchLimit: 8,
      leadBackendTimeoutMs: 2000,
      leadForwardMaxAttempts: 10,
      jobs: {
        concurrency: 0,
        pollIntervalMs: 250,
        leaseMs: 30_000,
        backoff: { baseMs: 500, maxMs: 60_000 },
      },
      rateLimits: { windowMs: 60_000, leads: 0, sessions: 10, matches: 20, reviews: 3 },
    });
  });

  it.each([
    [{ MATCH_LIMIT: '0' }, /MATCH_LIMIT must be between 1 and 20/],
    [{ LEAD_BACKEND_TIMEOUT_MS: 'soon' }, /LEAD_BACKEND_TIMEOUT_MS must be a whole number/],
    [
      { JOB_LEASE_MS: '5000', LEAD_BACKEND_TIMEOUT_MS: '5000' },
      /JOB_LEASE_MS must be at least twice LEAD_BACKEND_TIMEOUT_MS/,
    ],
    [{ RATE_LIMIT_LEADS: '-1' }, /RATE_LIMIT_LEADS must be a whole number/],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
