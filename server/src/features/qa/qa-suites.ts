/**
 * The QA suites: checks of the running site over HTTP, as a visitor, a crawler and the widget use it.
 * - routes: every public route answers 200 with a title and its own canonical address; unknown paths 404.
 * - links: a short crawl (the SEO crawler) finds no broken internal link or sitemap entry.
 * - api: the public JSON API answers in the shapes the contracts document, errors included.
 * - quote-flow: session, matching, lead and analytics copy through the widget's endpoints as the QA test
 *   partner; the lead must be stored as a test and never queued for the lead backend. Its rows are removed
 *   afterwards so test quotes never reach the lead lists or statistics.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CityDetailSchema,
  CompanyProfileSchema,
  CompanySchema,
  CONSENT_VERSION,
  consentText,
  ContentDocumentSchema,
  ContentSummarySchema,
  DirectoryStatisticsSchema,
  IpResponseSchema,
  MajorCitySchema,
  MatchCompaniesResponseSchema,
  SearchResultsSchema,
  SessionResponseSchema,
  StateDetailSchema,
  StateSummarySchema,
  trimTrailingSlashes,
  ZipPlaceSchema,
  type QaCheckStatus,
  type QaSuite,
  cityPath,
  companyProfilePath,
  statePath,
} from '@moveratlas/contracts';
import { LEAD_ANALYTICS_JOB, LEAD_FORWARD_JOB } from '../leads';
import { SESSION_FORWARD_JOB } from '../sessions';
import { QA_TEST_SITE_ID, TEST_DELIVERY_STATUS } from '../partners';
import { crawlSite } from '../seo-health';
import { analyzePage, DEFAULT_THRESHOLDS, pagePathOf } from '../seo-health';
import type { SiteTarget } from '../seo-health';

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
class CheckFailed extends Error {}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

const USER_AGENT = 'MoverAtlas-QA/1.0';

/** Samples of the public routes (spec 2.1) that need no data; data routes are added from the API. */
const STATIC_ROUTES = [
  '/',
  '/states',
  '/moving-companies',
  '/blog',
  '/faq',
  '/about',
  '/privacy-policy',
  '/terms-of-service',
  '/guides',
  '/resources',
  '/calculator',
  '/contact',
  '/search?q=movers',
  '/sitemap',
  '/list-your-company',
  '/get-quotes',
];

const issueText = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');

export async function runQaSuites(options: QaRunOptions): Promise<QaCheckResult[]> {
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

  const wanted = new Set(options.suites);
  const sample = await samples();

  if (wanted.has('routes')) {
    const routes = [...STATIC_ROUTES];
    if (sample.major) {
      routes.push(statePath(sample.major.stateSlug));
      routes.push(cityPath(sample.major.stateSlug, sample.major.citySlug));
    }
    if (sample.company) routes.push(companyProfilePath(sample.company.slug));
    if (sample.post) routes.push(`/blog/${sample.post.slug}`);
    for (const path of routes) {
      await check(
        'routes',
        `${path} answers 200 with a title and its canonical`,
        path,
        async () => {
          const started = performance.now();
          const response = await request(path, { headers: { accept: 'text/html' } });
          const html = await response.text();
          const ms = Math.round(performance.now() - started);
          expect(response.status === 200, `Expected 200, got ${response.status}`);
          expect(
            /text\/html/.test(response.headers.get('content-type') ?? ''),
            `Expected an HTML page, got ${response.headers.get('content-type')}`,
          );
          const { facts } = analyzePage(html, {
            path,
            siteOrigin: target.siteOrigin,
            internalOrigins: new Set([target.siteOrigin, new URL(base).origin]),
            responseMs: ms,
            robotsHeader: null,
            thresholds: DEFAULT_THRESHOLDS,
          });
          expect(facts.title, 'The page has no title');
          // Its own address: the same path on the site origin (filtered and paged views keep their query).
          expect(facts.canonical !== null, 'The page has no canonical link');
          const canonical = URL.canParse(facts.canonical) ? new URL(facts.canonical) : undefined;
          expect(
            canonical?.origin === target.siteOrigin &&
              pagePathOf(canonical.pathname) === pagePathOf(path),
            `Canonical is ${facts.canonical}, expected ${target.siteOrigin}${pagePathOf(path)}`,
          );
          return `200 in ${ms} ms · “${facts.title}”`;
        },
      );
    }
    // The data-dependent samples must exist for the checks above to mean anything.
    await check('routes', 'Sample state, city, company and post exist', null, async () => {
      const missing = [
        !sample.major && 'a major city (GET /api/cities/major)',
        !sample.company && 'a company (GET /api/companies)',
        !sample.post && 'a blog post (GET /api/content/blog)',
      ].filter(Boolean);
      expect(missing.length === 0, `Could not find ${missing.join(', ')}`);
      return `${sample.major!.name}, ${sample.company!.name}, “${sample.post!.title}”`;
    });
    const unknown = `/qa-no-such-page-${randomUUID().slice(0, 8)}`;
    await check('routes', 'An unknown path answers 404 and is not indexed', unknown, async () => {
      const response = await request(unknown, { headers: { accept: 'text/html' } });
      const html = await response.text();
      expect(response.status === 404, `Expected 404, got ${response.status}`);
      expect(/<meta name="robots" content="noindex/i.test(html), 'The 404 page is not noindex');
      return '404 with noindex';
    });
    for (const [path, type] of [
      ['/sitemap.xml', /xml/],
      ['/robots.txt', /text\/plain/],
    ] as const) {
      await check('routes', `${path} answers 200`, path, async () => {
        const response = await request(path);
        await response.body?.cancel();
        expect(response.status === 200, `Expected 200, got ${response.status}`);
        const contentType = response.headers.get('content-type') ?? '';
        expect(type.test(contentType), `Unexpected content type ${contentType}`);
        return contentType;
      });
    }
  }

  if (wanted.has('links')) {
    const crawl = await crawlSite({
      ...target,
      pageLimit: options.linkLimit,
      concurrency: 4,
      signal,
      requestTimeoutMs: timeoutMs,
    });
    const of = (...rules: string[]) => crawl.findings.filter((f) => rules.includes(f.rule));
    const list = (findings: ReturnType<typeof of>) =>
      findings
        .slice(0, 20)
        .map((f) => `${f.url}: ${f.message}`)
        .join('\n');
    const summary = `${crawl.pages.length} pages crawled in ${Math.round(crawl.durationMs / 1000)} s`;
    await check('links', 'The sitemaps load', '/sitemap.xml', async () => {
      const problems = of('sitemap-unreadable');
      expect(problems.length === 0, list(problems));
      return `${crawl.sitemapUrls} addresses listed`;
    });
    await check('links', 'No broken internal links', null, async () => {
      const broken = of('broken-link', 'http-error');
      expect(broken.length === 0, `${broken.length} broken (${summary}):\n${list(broken)}`);
      return summary;
    });
    await check('links', 'Sitemap addresses answer 200', null, async () => {
      const failing = of('sitemap-url-error');
      expect(failing.length === 0, `${failing.length} failing:\n${list(failing)}`);
      return summary;
    });
  }

  if (wanted.has('api')) {
    const api: Array<[string, z.ZodType, number?]> = [
      ['/api/companies?limit=5', z.array(CompanySchema).min(1)],
      ['/api/companies/featured?limit=5', z.array(CompanySchema)],
      ['/api/states', z.array(StateSummarySchema).length(51)],
      ['/api/cities/major', z.array(MajorCitySchema)],
      ['/api/search?q=chicago', SearchResultsSchema],
      ['/api/statistics/national', DirectoryStatisticsSchema],
      ['/api/geo/places?q=Chicago', z.array(ZipPlaceSchema)],
      ['/api/content/blog', z.array(ContentSummarySchema).min(1)],
      ['/api/ip', IpResponseSchema],
      ['/api/companies?limit=0', ApiErrorSchema, 400],
      ['/api/search', ApiErrorSchema, 400],
      [`/api/no-such-endpoint-${randomUUID().slice(0, 8)}`, ApiErrorSchema, 404],
      ['/api/admin/jobs', ApiErrorSchema, 401],
    ];
    if (sample.company) api.push([`/api/companies/${sample.company.slug}`, CompanyProfileSchema]);
    if (sample.major) {
      api.push([`/api/states/${sample.major.stateSlug}`, StateDetailSchema]);
      api.push([
        `/api/states/${sample.major.stateSlug}/cities/${sample.major.citySlug}`,
        CityDetailSchema,
      ]);
    }
    if (sample.post) api.push([`/api/content/blog/${sample.post.slug}`, ContentDocumentSchema]);
    if (sample.zip) api.push([`/api/geo/zip/${sample.zip}`, ZipPlaceSchema]);
    for (const [path, schema, status = 200] of api) {
      await check('api', `GET ${path} answers ${status} as documented`, path, async () => {
        const { body, response } = await getJson(path, schema, status);
        if (path.startsWith('/api/companies?limit=5'))
          expect(
            /^\d+$/.test(response.headers.get('x-total-count') ?? ''),
            'X-Total-Count is missing',
          );
        return Array.isArray(body)
          ? `${body.length} item(s)`
          : status === 200
            ? 'matches its schema'
            : `{ error: “${(body as { error: string }).error}” }`;
      });
    }
  }

  if (wanted.has('quote-flow')) await quoteFlow();

  async function quoteFlow(): Promise<void> {
    const leadUuid = `qa-${randomUUID()}`;
    const state: {
      sessionId?: string;
      companies?: Array<{ id: number; name: string }>;
      publicId?: string;
    } = {};
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const fromZip = sample.zip ?? '60601';
    const fromCity = sample.major?.name ?? 'Chicago';
    const fromState = sample.major?.stateAbbreviation ?? 'IL';

    const sessionOk = await check(
      'quote-flow',
      'session_send_bq records a session',
      '/api/proxy/session_send_bq',
      async () => {
        const response = await request(
          '/api/proxy/session_send_bq',
          json({
            uuid: leadUuid,
            hostname: new URL(target.siteOrigin).hostname,
            origin: target.siteOrigin,
            location_href: `${target.siteOrigin}/get-quotes`,
            referrer: '',
            website: QA_TEST_SITE_ID,
            website_version: '1.0',
          }),
        );
        const text = await response.text();
        expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
        const parsed = SessionResponseSchema.safeParse(JSON.parse(text));
        expect(parsed.success, `Not the documented shape: ${text.slice(0, 200)}`);
        state.sessionId = parsed.data.session_id;
        return `session ${parsed.data.session_id}`;
      },
    );

    const matchOk = await check(
      'quote-flow',
      'match_companies finds movers',
      '/api/proxy/match_companies',
      async () => {
        const response = await request(
          '/api/proxy/match_companies',
          json({
            from_zip: fromZip,
            from_city: fromCity,
            from_state: fromState,
            to_zip: '73301',
            to_city: 'Austin',
            to_state: 'TX',
            move_size: '2-3br',
            move_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
            lead_uuid: leadUuid,
            session_id: state.sessionId ?? '',
            website: QA_TEST_SITE_ID,
          }),
        );
        const text = await response.text();
        expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
        const parsed = MatchCompaniesResponseSchema.safeParse(JSON.parse(text));
        expect(parsed.success, `Not the documented shape: ${text.slice(0, 200)}`);
        expect(!parsed.data.is_fallback, 'Matching failed: the answer is the fallback movers');
        const movers = parsed.data.companies.filter((c) => typeof c.id === 'number');
        expect(movers.length > 0, `No movers matched from ${fromZip}`);
        state.companies = movers.slice(0, 2).map((c) => ({ id: Number(c.id), name: c.name }));
        return `${parsed.data.companies.length} mover(s) from ${fromZip}`;
      },
    );

    const leadOk = await check(
      'quote-flow',
      'send_lead accepts the quote request',
      '/api/proxy/send_lead',
      async () => {
        expect(sessionOk && matchOk, 'Skipped: the session or matching step failed');
        const companies = state.companies!;
        const response = await request(
          '/api/proxy/send_lead',
          form({
            source: 'moveratlas-qa',
            referrer: '',
            url: `${target.siteOrigin}/get-quotes`,
            from_zip: fromZip,
            from_city: fromCity,
            from_state: fromState,
            from_location: `${fromCity}, ${fromState} ${fromZip}`,
            to_zip: '73301',
            to_city: 'Austin',
            to_state: 'TX',
            to_location: 'Austin, TX 73301',
            move_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
            move_size: '2-3br',
            first_name: 'Quality',
            last_name: 'Assurance',
            email_address: 'qa-automation@example.com',
            phone_number: '(312) 555-0100',
            lead_uuid: leadUuid,
            session_id: state.sessionId!,
            website: QA_TEST_SITE_ID,
            selected_companies: JSON.stringify(companies),
            consent_version: CONSENT_VERSION,
            consent_text: consentText(companies.map((c) => c.name)),
            consent_checked: '1',
          }),
        );
        const text = (await response.text()).trim();
        expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
        expect(/^[0-9A-Z]{10}$/.test(text), `Expected a lead id, got “${text.slice(0, 80)}”`);
        state.publicId = text;
        return `lead ${text}`;
      },
    );

    await check(
      'quote-flow',
      'lead_send_bq accepts the analytics copy',
      '/api/proxy/lead_send_bq',
      async () => {
        expect(leadOk, 'Skipped: the lead was not accepted');
        const response = await request(
          '/api/proxy/lead_send_bq',
          form({
            lead_uuid: leadUuid,
            lead_mmex_lead_id: state.publicId!,
            lead_first_name: 'Quality',
            lead_last_name: 'Assurance',
            lead_email: 'qa-automation@example.com',
            lead_phone: '3125550100',
            lead_from_zip: fromZip,
            lead_to_zip: '73301',
            lead_size: '2-3br',
            lead_website: QA_TEST_SITE_ID,
          }),
        );
        const text = await response.text();
        expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
        expect(/"ok":\s*true/.test(text), `Unexpected answer ${text.slice(0, 100)}`);
        return 'stored';
      },
    );

    await check(
      'quote-flow',
      'The test lead is stored as a test and never forwarded',
      null,
      async () => {
        expect(leadOk, 'Skipped: the lead was not accepted');
        const lead = (await db('leads')
          .where({ lead_uuid: leadUuid })
          .first('id', 'site_id', 'delivery_status')) as
          { id: number; site_id: string; delivery_status: string } | undefined;
        expect(lead, 'The lead is not in the database');
        expect(lead.site_id === QA_TEST_SITE_ID, `Lead attributed to ${lead.site_id}`);
        expect(
          lead.delivery_status === TEST_DELIVERY_STATUS,
          `Lead delivery status is ${lead.delivery_status}, expected ${TEST_DELIVERY_STATUS}`,
        );
        const copy = (await db('lead_analytics')
          .where({ lead_uuid: leadUuid })
          .first('id', 'delivery_status')) as { id: number; delivery_status: string } | undefined;
        expect(copy?.delivery_status === TEST_DELIVERY_STATUS, 'The analytics copy is not a test');
        const session = (await db('visitor_sessions')
          .where({ session_id: state.sessionId! })
          .first('id', 'delivery_status')) as { id: number; delivery_status: string } | undefined;
        expect(session?.delivery_status === TEST_DELIVERY_STATUS, 'The session is not a test');
        const queued = (await db('jobs')
          .where((q) =>
            q
              .where({
                type: LEAD_FORWARD_JOB,
                payload: JSON.stringify({ leadId: Number(lead.id) }),
              })
              .orWhere({
                type: LEAD_ANALYTICS_JOB,
                payload: JSON.stringify({ analyticsId: Number(copy!.id) }),
              })
              .orWhere({
                type: SESSION_FORWARD_JOB,
                payload: JSON.stringify({ sessionRowId: Number(session!.id) }),
              }),
          )
          .count({ n: '*' })
          .first()) as { n: number | string };
        expect(Number(queued.n) === 0, `${queued.n} forwarding job(s) were queued for it`);
        return `lead ${state.publicId} (${TEST_DELIVERY_STATUS}), no forwarding job`;
      },
    );

    // Test quotes stay out of the lead lists and statistics.
    await check('quote-flow', 'The test data is removed', null, async () => {
      const removed = await db.transaction(async (trx) => {
        const lead = (await trx('leads').where({ lead_uuid: leadUuid }).first('id')) as
          { id: number } | undefined;
        let rows = 0;
        if (lead) {
          rows += await trx('lead_status_history').where({ lead_id: lead.id }).delete();
          rows += await trx('lead_consents').where({ lead_id: lead.id }).delete();
          rows += await trx('leads').where({ id: lead.id }).delete();
        }
        rows += await trx('lead_analytics')
          .where({ lead_uuid: leadUuid, site_id: QA_TEST_SITE_ID })
          .delete();
        if (state.sessionId)
          rows += await trx('visitor_sessions')
            .where({ session_id: state.sessionId, site_id: QA_TEST_SITE_ID })
            .delete();
        return rows;
      });
      return `${removed} row(s) removed`;
    });
  }

  return results;
}
