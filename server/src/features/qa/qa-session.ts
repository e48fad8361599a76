/**
 * One QA run's means: requests to the site under test, each check recorded as it ends (its detail is the
 * failure's message), JSON answers checked against the contracts, and real records to visit (a state and
 * city with companies, a company, a post). The suites (suites/*.ts) run their checks through it.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  CityDetailSchema,
  CompanySchema,
  ContentSummarySchema,
  MajorCitySchema,
  trimTrailingSlashes,
  type QaCheckStatus,
  type QaSuite,
} from '@moveratlas/contracts';
import { type SiteTarget } from '../seo-health';

export interface QaCheckResult {
  suite: QaSuite;
  name: string;
  status: QaCheckStatus;
  durationMs: number;
  url: string | null;
  detail: string | null;
}

export interface QaRunOptions {
  target: SiteTarget;
  db: Knex;
  suites: readonly QaSuite[];
  /** Pages the links suite crawls. */
  linkLimit: number;
  signal?: AbortSignal;
  requestTimeoutMs?: number;
  /** After each check, as it happens. */
  onCheck?: (check: QaCheckResult) => void | Promise<void>;
}

/** A failed expectation: its message is the check's failure detail. */
export class CheckFailed extends Error {}

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

const USER_AGENT = 'MoverAtlas-QA/1.0';

const issueText = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');

export type QaSession = Awaited<ReturnType<typeof openQaSession>>;

export async function openQaSession(options: QaRunOptions) {
  const { target, db, signal } = options;
  const base = trimTrailingSlashes(target.base);
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const results: QaCheckResult[] = [];

  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('user-agent', USER_AGENT);
    return fetch(base + path, {
      redirect: 'manual',
      ...init,
      headers,
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
    });
  };

  async function check(
    suite: QaSuite,
    name: string,
    url: string | null,
    run: () => Promise<string | void>,
  ): Promise<boolean> {
    signal?.throwIfAborted();
    const started = performance.now();
    let status: QaCheckStatus = 'passed';
    let detail: string | null;
    try {
      detail = (await run()) ?? null;
    } catch (error) {
      if (signal?.aborted) throw error;
      status = 'failed';
      detail =
        error instanceof CheckFailed
          ? error.message
          : `${(error as Error).name}: ${(error as Error).message}`;
    }
    const result: QaCheckResult = {
      suite,
      name,
      status,
      durationMs: Math.round(performance.now() - started),
      url,
      detail: detail?.slice(0, 4000) ?? null,
    };
    results.push(result);
    await options.onCheck?.(result);
    return status === 'passed';
  }

  /** GET a JSON endpoint, expect a status and a shape; the parsed body, or a failure naming the field. */
  async function getJson<S extends z.ZodType>(
    path: string,
    schema: S,
    expectedStatus = 200,
  ): Promise<{ body: z.output<S>; response: Response }> {
    const response = await request(path, { headers: { accept: 'application/json' } });
    const text = await response.text();
    expect(
      response.status === expectedStatus,
      `Expected ${expectedStatus}, got ${response.status}: ${text.slice(0, 200)}`,
    );
    expect(
      /application\/json/.test(response.headers.get('content-type') ?? ''),
      `Expected JSON, got ${response.headers.get('content-type') ?? 'no content type'}`,
    );
    const parsed = schema.safeParse(JSON.parse(text));
    expect(
      parsed.success,
      parsed.success ? '' : `Not the documented shape: ${issueText(parsed.error)}`,
    );
    return { body: parsed.data as z.output<S>, response };
  }

  /** Real slugs to visit: a state and city with companies, a company, a post, a ZIP. */
  async function samples() {
    const pick = async <T>(path: string, schema: z.ZodType<T>): Promise<T | undefined> => {
      try {
        const response = await request(path, { headers: { accept: 'application/json' } });
        if (!response.ok) return undefined;
        const parsed = schema.safeParse(await response.json());
        return parsed.success ? parsed.data : undefined;
      } catch (error) {
        if (signal?.aborted) throw error;
        return undefined;
      }
    };
    const major = (await pick('/api/cities/major', z.array(MajorCitySchema)))?.[0];
    const company = (await pick('/api/companies?limit=1', z.array(CompanySchema)))?.[0];
    const post = (await pick('/api/content/blog', z.array(ContentSummarySchema)))?.[0];
    const city = major
      ? await pick(`/api/states/${major.stateSlug}/cities/${major.citySlug}`, CityDetailSchema)
      : undefined;
    return { major, company, post, zip: city?.zipCodes[0] };
  }

  return {
    target,
    db,
    signal,
    base,
    timeoutMs,
    options,
    results,
    request,
    check,
    getJson,
    sample: await samples(),
  };
}
