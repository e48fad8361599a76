/** Environment configuration, parsed once at start with zod; a bad value stops the process with a message naming the variable. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const optionalUrl = (name: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .refine((value) => value === undefined || /^https?:\/\/[^\s/]+/.test(value), {
      message: `${name} must be an http:// or https:// URL`,
    })
    .transform((value) => value?.replace(/\/+$/, ''));

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
    PUBLIC_URL: optionalUrl('PUBLIC_URL'),
    SITE_NAME: z
      .string()
      .trim()
      .min(1, 'SITE_NAME must not be empty')
      .max(60)
      .default('MoverAtlas'),
    LEAD_BACKEND_URL: optionalUrl('LEAD_BACKEND_URL'),
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
    TRUST_PROXY: integer('TRUST_PROXY', 0, 10, 0),
    API_CACHE_SECONDS: integer('API_CACHE_SECONDS', 0, 3600, 10),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SEED_COMPANIES: integer('SEED_COMPANIES', 100, 1_000_000, 10_000),
    SEED: integer('SEED', 0, 2 ** 31 - 1, 20261123),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export type DatabaseConfig =
  { client: 'sqlite'; filename: string } | { client: 'mysql'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseConfig;
  publicUrl: string | undefined;
  siteName: string;
  leadBackendUrl: string | undefined;
  admin: { username: string; password: string } | undefined;
  corsOrigins: string[];
  trustProxy: number;
  apiCacheSeconds: number;
  logLevel: string;
  seed: { companies: number; seed: number };
  repoRoot: string;
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
    database: parseDatabaseUrl(env.DATABASE_URL),
    publicUrl: env.PUBLIC_URL,
    siteName: env.SITE_NAME,
    leadBackendUrl: env.LEAD_BACKEND_URL,
    admin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    apiCacheSeconds: env.API_CACHE_SECONDS,
    logLevel: env.LOG_LEVEL,
    seed: { companies: env.SEED_COMPANIES, seed: env.SEED },
    repoRoot,
  };
}
