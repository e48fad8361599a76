/** Environment configuration, parsed once at start with zod; a bad value stops the process with a message naming the variable. */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  trimTrailingSlashes,
  WEBHOOK_RETRY_MINUTES,
  WEBHOOK_TIMEOUT_MS,
} from '@moveratlas/contracts';
import { passwordProblem } from './features/auth';
import { HOST_ENTRY } from './web/allowed-hosts';
import { parseTrustProxy, type TrustProxy } from './lib/trusted-proxies';
import { REQUEST_STATEMENT_TIMEOUT_MS } from './db/statement-deadline';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const optionalUrl = (name: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .refine((value) => value === undefined || /^https?:\/\/[^\s/]+/.test(value), {
      message: `${name} must be an http:// or https:// URL`,
    })
    .transform((value) => (value === undefined ? undefined : trimTrailingSlashes(value)));

/** One render thread per core but the one the main thread needs, at least one and at most four. */
const DEFAULT_RENDER_THREADS = Math.min(4, Math.max(1, os.availableParallelism() - 1));

const integer = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      if (!/^\d+$/.test(value.trim())) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number, got "${value}"` });
        return z.NEVER;
      }
      const n = Number(value);
      if (n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be between ${min} and ${max}, got ${n}`,
        });
        return z.NEVER;
      }
      return n;
    });

/** `address@host` or `Name <address@host>`; the name without quotes, brackets or line breaks. */
const MAIL_FROM_PATTERN =
  /^(?:[^"<>\r\n@]{1,100} <[^\s<>@]{1,64}@[^\s<>@]{1,190}>|[^\s<>@]{1,64}@[^\s<>@]{1,190})$/;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: integer('PORT', 0, 65535, 3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
      .refine(
        (value) =>
          value === undefined ||
          /^(mysql|mariadb):\/\/.+/.test(value) ||
          /^(sqlite|file):/.test(value) ||
          !value.includes('://'),
        {
          message:
            'DATABASE_URL must be mysql://user:pass@host:port/db, sqlite:path/to/file.sqlite or a file path',
        },
      ),
    // Read replicas for the directory's anonymous public reads (db/read-replicas.ts), comma-separated.
    DATABASE_READ_URL: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const urls = (value ?? '')
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean);
        for (const url of urls) {
          if (!/^(mysql|mariadb):\/\/.+/.test(url)) {
            ctx.addIssue({
              code: 'custom',
              // The address may carry a password: name the entry by its position only.
              message: `DATABASE_READ_URL entry ${urls.indexOf(url) + 1} must be mysql://user:pass@host:port/db`,
            });
            return z.NEVER;
          }
        }
        return urls;
      }),
    DATABASE_READ_AFTER_CHANGE_MS: integer('DATABASE_READ_AFTER_CHANGE_MS', 0, 600_000, 5000),
    // Per statement, for requests (see db/statement-deadline.ts); long work has its own.
    DB_STATEMENT_TIMEOUT_MS: integer(
      'DB_STATEMENT_TIMEOUT_MS',
      100,
      600_000,
      REQUEST_STATEMENT_TIMEOUT_MS,
    ),
    PUBLIC_URL: optionalUrl('PUBLIC_URL'),
    PASSKEY_RP_ID: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/,
        'PASSKEY_RP_ID must be a host name, like moveratlas.example',
      )
      .optional(),
    SITE_NAME: z
      .string()
      .trim()
      .min(1, 'SITE_NAME must not be empty')
      .max(60)
      .default('MoverAtlas'),
    LEAD_BACKEND_URL: optionalUrl('LEAD_BACKEND_URL'),
    // Where the weekly "Import FMCSA's files" script downloads them (issue 20); unset, staff upload them.
    FMCSA_CENSUS_URL: optionalUrl('FMCSA_CENSUS_URL'),
    FMCSA_REVOCATIONS_URL: optionalUrl('FMCSA_REVOCATIONS_URL'),
    // The lead backend may sit on a private network (or loopback, over http): an operator's explicit choice.
    LEAD_BACKEND_ALLOW_PRIVATE: z
      .enum(['0', '1', ''], { message: 'LEAD_BACKEND_ALLOW_PRIVATE must be 1 or 0' })
      .optional()
      .transform((v) => v === '1'),
    ADMIN_USERNAME: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .refine((v) => v === undefined || /^[A-Za-z0-9_.@-]{3,64}$/.test(v), {
        message: 'ADMIN_USERNAME must be 3-64 letters, digits or _ . @ -',
      }),
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .refine((v) => v === undefined || v.length >= 12, {
        message: 'ADMIN_PASSWORD must be at least 12 characters',
      }),
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const origins = (value ?? '')
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean);
        for (const origin of origins) {
          if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
            ctx.addIssue({
              code: 'custom',
              message: `CORS_ORIGINS entries must be origins like https://partner.example, got "${origin}"`,
            });
            return z.NEVER;
          }
        }
        return origins;
      }),
    ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const hosts = (value ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean);
        for (const host of hosts) {
          if (!HOST_ENTRY.test(host)) {
            ctx.addIssue({
              code: 'custom',
              message: `ALLOWED_HOSTS entries must be host names or addresses with an optional port, like moveratlas.example or 10.0.0.5:3000, got "${host}"`,
            });
            return z.NEVER;
          }
        }
        return hosts;
      }),
    // The proxies whose X-Forwarded-For is believed, or (the older form) a hop count: lib/trusted-proxies.ts.
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed.value;
      }),
    API_CACHE_SECONDS: integer('API_CACHE_SECONDS', 0, 3600, 10),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SEED_COMPANIES: integer('SEED_COMPANIES', 100, 1_000_000, 10_000),
    SEED: integer('SEED', 0, 2 ** 31 - 1, 20261123),
    MATCH_LIMIT: integer('MATCH_LIMIT', 1, 20, 5),
    LEAD_BACKEND_TIMEOUT_MS: integer('LEAD_BACKEND_TIMEOUT_MS', 100, 60_000, 5000),
    LEAD_FORWARD_MAX_ATTEMPTS: integer('LEAD_FORWARD_MAX_ATTEMPTS', 1, 1000, 25),
    JOB_CONCURRENCY: integer('JOB_CONCURRENCY', 0, 64, 4),
    JOB_POLL_INTERVAL_MS: integer('JOB_POLL_INTERVAL_MS', 10, 60_000, 1000),
    JOB_LEASE_MS: integer('JOB_LEASE_MS', 1000, 3_600_000, 60_000),
    JOB_BACKOFF_BASE_MS: integer('JOB_BACKOFF_BASE_MS', 1, 3_600_000, 2000),
    JOB_BACKOFF_MAX_MS: integer('JOB_BACKOFF_MAX_MS', 1, 86_400_000, 900_000),
    RATE_LIMIT_WINDOW_SECONDS: integer('RATE_LIMIT_WINDOW_SECONDS', 1, 86_400, 600),
    RATE_LIMIT_LEADS: integer('RATE_LIMIT_LEADS', 0, 1_000_000, 30),
    RATE_LIMIT_SESSIONS: integer('RATE_LIMIT_SESSIONS', 0, 1_000_000, 120),
    RATE_LIMIT_MATCHES: integer('RATE_LIMIT_MATCHES', 0, 1_000_000, 120),
    RATE_LIMIT_REVIEWS: integer('RATE_LIMIT_REVIEWS', 0, 1_000_000, 10),
    ADMIN_SESSION_IDLE_MINUTES: integer('ADMIN_SESSION_IDLE_MINUTES', 1, 1440, 30),
    ADMIN_SESSION_MAX_HOURS: integer('ADMIN_SESSION_MAX_HOURS', 1, 720, 12),
    PRO_SESSION_IDLE_MINUTES: integer('PRO_SESSION_IDLE_MINUTES', 5, 43_200, 1440),
    PRO_SESSION_MAX_HOURS: integer('PRO_SESSION_MAX_HOURS', 1, 2160, 720),
    ADMIN_LOGIN_FREE_ATTEMPTS: integer('ADMIN_LOGIN_FREE_ATTEMPTS', 1, 100, 5),
    ADMIN_LOGIN_FREE_ATTEMPTS_PER_IP: integer('ADMIN_LOGIN_FREE_ATTEMPTS_PER_IP', 1, 10_000, 10),
    ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES: integer(
      'ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES',
      1,
      10_000,
      20,
    ),
    ADMIN_LOGIN_MAX_DELAY_SECONDS: integer('ADMIN_LOGIN_MAX_DELAY_SECONDS', 1, 86_400, 900),
    MAX_IN_FLIGHT: integer('MAX_IN_FLIGHT', 0, 100_000, 64),
    EVENT_LOOP_WARN_MS: integer('EVENT_LOOP_WARN_MS', 10, 60_000, 200),
    RENDER_THREADS: integer('RENDER_THREADS', 0, 64, DEFAULT_RENDER_THREADS),
    // Outgoing mail (features/mail): unset, every message is kept in the database for the admin Mail screen.
    SMTP_URL: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
      .refine((value) => value === undefined || /^smtps?:\/\/[^\s/]+/.test(value), {
        // The address may carry a password: never repeat it.
        message: 'SMTP_URL must be smtp://user:password@host:587 or smtps://user:password@host:465',
      }),
    MAIL_FROM: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
      .refine((value) => value === undefined || MAIL_FROM_PATTERN.test(value), {
        message:
          'MAIL_FROM must be an e-mail address, or a name and an address: MoverAtlas <no-reply@moveratlas.example>',
      }),
    MAIL_MAX_ATTEMPTS: integer('MAIL_MAX_ATTEMPTS', 1, 1000, 12),
    WEBHOOK_TIMEOUT_MS: integer('WEBHOOK_TIMEOUT_MS', 100, 60_000, WEBHOOK_TIMEOUT_MS),
    WEBHOOK_ALLOW_LOOPBACK: z
      .enum(['0', '1', ''], { message: 'WEBHOOK_ALLOW_LOOPBACK must be 1 or 0' })
      .optional()
      .transform((value) => value === '1'),
    WEBHOOK_RETRY_DELAYS_MS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '')
          return WEBHOOK_RETRY_MINUTES.map((minutes) => minutes * 60_000);
        const delays = value.split(',').map((part) => Number(part.trim()));
        if (
          delays.length > 30 ||
          delays.some((ms) => !Number.isSafeInteger(ms) || ms < 1 || ms > 86_400_000)
        ) {
          ctx.addIssue({
            code: 'custom',
            message:
              'WEBHOOK_RETRY_DELAYS_MS must be up to 30 waits in milliseconds, separated by commas (1 to 86400000 each)',
          });
          return z.NEVER;
        }
        return delays;
      }),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  // The same rules as `npm run admin`: no common or predictable password, however it is set.
  .refine(
    (env) =>
      env.ADMIN_PASSWORD === undefined ||
      passwordProblem(env.ADMIN_PASSWORD, env.ADMIN_USERNAME) === undefined,
    {
      message: 'ADMIN_PASSWORD is too common or predictable, or contains the username',
      path: ['ADMIN_PASSWORD'],
    },
  )
  // Leads carry personal data: in production they travel over https unless the operator allows a private network.
  .refine(
    (env) =>
      env.NODE_ENV !== 'production' ||
      env.LEAD_BACKEND_ALLOW_PRIVATE ||
      env.LEAD_BACKEND_URL === undefined ||
      env.LEAD_BACKEND_URL.startsWith('https://'),
    {
      message:
        'LEAD_BACKEND_URL must be an https:// URL in production (LEAD_BACKEND_ALLOW_PRIVATE=1 allows http on a private network)',
      path: ['LEAD_BACKEND_URL'],
    },
  )
  // Public files from a public site: https only in production (tests serve them on loopback over http).
  .refine(
    (env) =>
      env.NODE_ENV !== 'production' ||
      [env.FMCSA_CENSUS_URL, env.FMCSA_REVOCATIONS_URL].every(
        (url) => url === undefined || url.startsWith('https://'),
      ),
    {
      message: 'FMCSA_CENSUS_URL and FMCSA_REVOCATIONS_URL must be https:// URLs in production',
      path: ['FMCSA_CENSUS_URL'],
    },
  )
  // Else one address's free failures alone would lock a username for every new browser (login-throttle.ts).
  .refine((env) => env.ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES > env.ADMIN_LOGIN_FREE_ATTEMPTS, {
    message: 'ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES must be greater than ADMIN_LOGIN_FREE_ATTEMPTS',
    path: ['ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES'],
  })
  // A job's lease must outlast its handler, or a slow but healthy forward would be run twice.
  .refine((env) => env.JOB_LEASE_MS >= env.LEAD_BACKEND_TIMEOUT_MS * 2 + 1000, {
    message: 'JOB_LEASE_MS must be at least twice LEAD_BACKEND_TIMEOUT_MS plus one second',
    path: ['JOB_LEASE_MS'],
  })
  // Mail that leaves the server needs a sender its domain will vouch for; kept mail does not.
  .refine(
    (env) =>
      env.SMTP_URL === undefined || env.MAIL_FROM !== undefined || env.PUBLIC_URL !== undefined,
    {
      message: 'MAIL_FROM is required with SMTP_URL when PUBLIC_URL does not name the site',
      path: ['MAIL_FROM'],
    },
  )
  // A passkey's relying party must be the site's host or a domain it belongs to (WebAuthn's rule).
  .refine(
    (env) => {
      if (env.PASSKEY_RP_ID === undefined) return true;
      if (env.PUBLIC_URL === undefined) return false;
      const host = new URL(env.PUBLIC_URL).hostname;
      return host === env.PASSKEY_RP_ID || host.endsWith(`.${env.PASSKEY_RP_ID}`);
    },
    {
      message:
        "PASSKEY_RP_ID must be PUBLIC_URL's host name or a domain it belongs to (and needs PUBLIC_URL)",
      path: ['PASSKEY_RP_ID'],
    },
  )
  // Replicas replicate a MySQL/MariaDB primary; a SQLite file has none.
  .refine(
    (env) =>
      env.DATABASE_READ_URL.length === 0 ||
      (env.DATABASE_URL !== undefined && /^(mysql|mariadb):\/\//.test(env.DATABASE_URL)),
    {
      message: 'DATABASE_READ_URL needs DATABASE_URL to be a mysql:// primary',
      path: ['DATABASE_READ_URL'],
    },
  );

export type DatabaseConfig =
  | { client: 'sqlite'; filename: string }
  /** statementTimeoutMs: a request's statements' deadline (DB_STATEMENT_TIMEOUT_MS; REQUEST_STATEMENT_TIMEOUT_MS when not given). */
  | { client: 'mysql'; url: string; statementTimeoutMs?: number };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Read replicas of a MySQL/MariaDB primary for anonymous public reads (none: the primary reads). */
  readReplicas: {
    databases: DatabaseConfig[];
    /** Public reads stay on the primary this long after a change, while the replicas catch up. */
    afterChangeMs: number;
  };
  publicUrl: string | undefined;
  /** The passkeys' relying party id (PASSKEY_RP_ID); PUBLIC_URL's host name when not set (decision 035). */
  passkeyRpId: string | undefined;
  siteName: string;
  leadBackendUrl: string | undefined;
  /** FMCSA's files as the import script downloads them (FMCSA_CENSUS_URL, FMCSA_REVOCATIONS_URL). */
  fmcsaFileUrls: { census: string | undefined; revocations: string | undefined };
  /** The lead backend may be on loopback or a private network, over http too (LEAD_BACKEND_ALLOW_PRIVATE=1). */
  leadBackendAllowPrivate: boolean;
  admin: { username: string; password: string } | undefined;
  corsOrigins: string[];
  /** Extra host names (host or host:port) requests may address; see web/allowed-hosts.ts. */
  allowedHosts: string[];
  /**
   * Whose X-Forwarded-For is believed, as app.set('trust proxy') takes it: the proxies' addresses, subnets
   * and range names, or a hop count (0: nobody; any other count believes whoever connects).
   */
  trustProxy: TrustProxy;
  apiCacheSeconds: number;
  logLevel: string;
  seed: { companies: number; seed: number };
  repoRoot: string;
  /** How many movers match_companies answers. */
  matchLimit: number;
  leadBackendTimeoutMs: number;
  leadForwardMaxAttempts: number;
  jobs: {
    /** Jobs run at once by this process's worker; 0 runs no worker here. */
    concurrency: number;
    pollIntervalMs: number;
    leaseMs: number;
    backoff: { baseMs: number; maxMs: number };
  };
  /** Requests per IP per window; 0 turns a limit off. */
  rateLimits: {
    windowMs: number;
    leads: number;
    sessions: number;
    matches: number;
    /** Reviews written from request links (issue 19), per address per window. */
    reviews: number;
  };
  /** Admin sign-in (features/auth): session timeouts and the failed-login throttle. */
  /** The movers' sign-in at /pro (features/movers): its own sessions, the admin's throttle limits. */
  proAuth: {
    idleTimeoutMs: number;
    absoluteTimeoutMs: number;
  };
  adminAuth: {
    /** A session unused this long ends. */
    idleTimeoutMs: number;
    /** A session ends this long after its login, however busy. */
    absoluteTimeoutMs: number;
    /** Failures before delays start: per username from one address or one device, per address, per
     * username from all browsers without its device cookie together (features/auth/login-throttle.ts). */
    freeAttemptsPerClient: number;
    freeAttemptsPerIp: number;
    freeAttemptsNewDevices: number;
    /** The cap of the doubling delay: no lockout lasts longer. */
    maxDelayMs: number;
  };
  /** Overload (lib/load-shedding, lib/event-loop-monitor). */
  overload: {
    /** Requests worked on at once before others get 503; 0 turns shedding off. */
    maxInFlight: number;
    /** An event-loop delay past this is logged, and holds ordinary requests to a quarter of the slots. */
    eventLoopWarnMs: number;
    /** Worker threads that render the directory's pages (web/render-pool.ts); 0 renders on the main thread. */
    renderThreads: number;
  };
  /** Outgoing mail (features/mail). */
  mail: {
    /** smtp:// or smtps://; undefined keeps every message in the database (the admin Mail screen). */
    smtpUrl: string | undefined;
    /** The From header: MAIL_FROM, or no-reply@ the PUBLIC_URL's host (the site name is added as the name). */
    from: string;
    /** Attempts per message before its job is dead (the queue's backoff between them). */
    maxAttempts: number;
  };
  /** Movers' webhooks (features/deliveries): each attempt's time limit and the waits between attempts. */
  webhooks: {
    /** Webhooks may reach this machine over http in production too (WEBHOOK_ALLOW_LOOPBACK=1: staging, e2e). */
    allowLoopback: boolean;
    timeoutMs: number;
    /** One wait per failed attempt; attempts = waits + 1, then the dead letter. */
    retryDelaysMs: number[];
  };
}

export class ConfigError extends Error {}

export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (url === undefined)
    return { client: 'sqlite', filename: path.join(repoRoot, 'data', 'moveratlas.sqlite') };
  if (/^(mysql|mariadb):\/\//.test(url))
    return { client: 'mysql', url: url.replace(/^mariadb:/, 'mysql:') };
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file === ':memory:') return { client: 'sqlite', filename: ':memory:' };
  return { client: 'sqlite', filename: path.resolve(repoRoot, file) };
}

function withStatementTimeout(database: DatabaseConfig, ms: number): DatabaseConfig {
  return database.client === 'mysql' ? { ...database, statementTimeoutMs: ms } : database;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    database: withStatementTimeout(parseDatabaseUrl(env.DATABASE_URL), env.DB_STATEMENT_TIMEOUT_MS),
    readReplicas: {
      databases: env.DATABASE_READ_URL.map((url) =>
        withStatementTimeout(parseDatabaseUrl(url), env.DB_STATEMENT_TIMEOUT_MS),
      ),
      afterChangeMs: env.DATABASE_READ_AFTER_CHANGE_MS,
    },
    publicUrl: env.PUBLIC_URL,
    passkeyRpId: env.PASSKEY_RP_ID,
    siteName: env.SITE_NAME,
    leadBackendUrl: env.LEAD_BACKEND_URL,
    fmcsaFileUrls: { census: env.FMCSA_CENSUS_URL, revocations: env.FMCSA_REVOCATIONS_URL },
    leadBackendAllowPrivate: env.LEAD_BACKEND_ALLOW_PRIVATE,
    admin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    corsOrigins: env.CORS_ORIGINS,
    allowedHosts: env.ALLOWED_HOSTS,
    trustProxy: env.TRUST_PROXY,
    apiCacheSeconds: env.API_CACHE_SECONDS,
    logLevel: env.LOG_LEVEL,
    seed: { companies: env.SEED_COMPANIES, seed: env.SEED },
    repoRoot,
    matchLimit: env.MATCH_LIMIT,
    leadBackendTimeoutMs: env.LEAD_BACKEND_TIMEOUT_MS,
    leadForwardMaxAttempts: env.LEAD_FORWARD_MAX_ATTEMPTS,
    jobs: {
      concurrency: env.JOB_CONCURRENCY,
      pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
      leaseMs: env.JOB_LEASE_MS,
      backoff: {
        baseMs: env.JOB_BACKOFF_BASE_MS,
        maxMs: Math.max(env.JOB_BACKOFF_BASE_MS, env.JOB_BACKOFF_MAX_MS),
      },
    },
    rateLimits: {
      windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
      leads: env.RATE_LIMIT_LEADS,
      sessions: env.RATE_LIMIT_SESSIONS,
      matches: env.RATE_LIMIT_MATCHES,
      reviews: env.RATE_LIMIT_REVIEWS,
    },
    proAuth: {
      idleTimeoutMs: env.PRO_SESSION_IDLE_MINUTES * 60_000,
      absoluteTimeoutMs: env.PRO_SESSION_MAX_HOURS * 3_600_000,
    },
    adminAuth: {
      idleTimeoutMs: env.ADMIN_SESSION_IDLE_MINUTES * 60_000,
      absoluteTimeoutMs: env.ADMIN_SESSION_MAX_HOURS * 3_600_000,
      freeAttemptsPerClient: env.ADMIN_LOGIN_FREE_ATTEMPTS,
      freeAttemptsPerIp: env.ADMIN_LOGIN_FREE_ATTEMPTS_PER_IP,
      freeAttemptsNewDevices: env.ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES,
      maxDelayMs: env.ADMIN_LOGIN_MAX_DELAY_SECONDS * 1000,
    },
    overload: {
      maxInFlight: env.MAX_IN_FLIGHT,
      eventLoopWarnMs: env.EVENT_LOOP_WARN_MS,
      renderThreads: env.RENDER_THREADS,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from:
        env.MAIL_FROM ??
        `no-reply@${env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost'}`,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
    },
    webhooks: {
      allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      retryDelaysMs: env.WEBHOOK_RETRY_DELAYS_MS,
    },
  };
}
