/** The SEO Health screens' reads: crawls with their trend and differences, findings, tasks. */
import type { Knex } from 'knex';
import {
  SEO_TASK_STATUSES,
  type ActiveScriptJob,
  type SeoCrawl,
  type SeoCrawlFinding,
  type SeoFindingChange,
  type SeoRuleCount,
  type SeoRuleId,
  type SeoSeverity,
  type SeoTask,
  type SeoTaskCounts,
  type SeoTaskStatus,
  type seoFindingListQuerySchema,
  type seoTaskListQuerySchema,
} from '@moveratlas/contracts';
import type { z } from 'zod';

const num = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Errors first, then warnings, then notices: the order the screens list findings in. */
export const SEVERITY_ORDER = `CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END`;

const FINISHED_JOB = ['succeeded', 'failed', 'dead', 'cancelled'];

/** The newest queued or running job of a type (a crawl, a QA run). */
export async function activeScriptJob(db: Knex, type: string): Promise<ActiveScriptJob | null> {
  const row = (await db('jobs')
    .where({ type })
    .whereIn('status', ['queued', 'running'])
    .orderBy('id', 'desc')
    .first('id', 'status', 'progress', 'created_by', 'created_at')) as
    Record<string, unknown> | undefined;
  if (!row) return null;
  return {
    id: Number(row.id),
    status: row.status as 'queued' | 'running',
    progress: num(row.progress),
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: Number(row.created_at),
  };
}

type CrawlRow = Record<string, unknown>;

const crawlQuery = (db: Knex) =>
  db({ c: 'seo_crawls' })
    .leftJoin({ j: 'jobs' }, 'j.id', 'c.job_id')
    .select('c.*', { job_status: 'j.status', job_created_by: 'j.created_by' });

function toCrawl(row: CrawlRow): SeoCrawl {
  let status = row.status as SeoCrawl['status'];
  let error = (row.error as string | null) ?? null;
  // A crawl whose job ended without it finishing (the worker died, or was stopped): it never will.
  if (status === 'running' && FINISHED_JOB.includes(String(row.job_status))) {
    status = 'failed';
    error = `Its job ended (${String(row.job_status)}) before the crawl finished`;
  }
  return {
    id: Number(row.id),
    jobId: num(row.job_id),
    createdBy: (row.job_created_by as string | null) ?? null,
    status,
    score: num(row.score),
    pageLimit: Number(row.page_limit),
    pagesCrawled: Number(row.pages_crawled),
    sitemapUrls: Number(row.sitemap_urls),
    truncated: Boolean(row.truncated),
    counts: {
      error: Number(row.errors),
      warning: Number(row.warnings),
      notice: Number(row.notices),
    },
    newFindings: Number(row.new_findings),
    resolvedFindings: Number(row.resolved_findings),
    avgResponseMs: num(row.avg_response_ms),
    startedAt: Number(row.started_at),
    finishedAt: num(row.finished_at),
    durationMs: num(row.duration_ms),
    error,
  };
}

export async function findCrawl(db: Knex, id: number): Promise<SeoCrawl | undefined> {
  const row = (await crawlQuery(db).where('c.id', id).first()) as CrawlRow | undefined;
  return row ? toCrawl(row) : undefined;
}

export async function listCrawls(
  db: Knex,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ crawls: SeoCrawl[]; total: number }> {
  const [rows, count] = await Promise.all([
    crawlQuery(db).orderBy('c.id', 'desc').limit(limit).offset(offset) as Promise<CrawlRow[]>,
    db('seo_crawls').count({ n: '*' }).first() as Promise<{ n: number | string }>,
  ]);
  return { crawls: rows.map(toCrawl), total: Number(count.n) };
}

/** Finished crawls, newest first (the trend reverses them). */
export async function finishedCrawls(db: Knex, limit: number): Promise<SeoCrawl[]> {
  const rows = (await crawlQuery(db)
    .where('c.status', 'finished')
    .orderBy('c.id', 'desc')
    .limit(limit)) as CrawlRow[];
  return rows.map(toCrawl);
}

export async function previousCrawlId(db: Knex, id: number): Promise<number | null> {
  const row = (await db('seo_crawls')
    .where('status', 'finished')
    .andWhere('id', '<', id)
    .orderBy('id', 'desc')
    .first('id')) as { id: number } | undefined;
  return row ? Number(row.id) : null;
}

/** A crawl's current findings (new and persisting) per rule, most first. */
export async function findingsByRule(db: Knex, crawlId: number): Promise<SeoRuleCount[]> {
  const rows = (await db('seo_findings')
    .where({ crawl_id: crawlId })
    .whereNot('change_type', 'resolved')
    .groupBy('rule', 'severity')
    .select('rule', 'severity', db.raw('COUNT(*) AS n'))) as Array<{
    rule: SeoRuleId;
    severity: SeoSeverity;
    n: number | string;
  }>;
  return rows
    .map((r) => ({ rule: r.rule, severity: r.severity, count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule));
}

export async function listFindings(
  db: Knex,
  crawlId: number,
  query: z.output<typeof seoFindingListQuerySchema>,
): Promise<{ findings: SeoCrawlFinding[]; total: number }> {
  const filtered = () => {
    const q = db('seo_findings').where({ crawl_id: crawlId });
    // Without a change filter: what the crawl found (not what it found gone).
    if (query.change) q.andWhere('change_type', query.change);
    else q.whereNot('change_type', 'resolved');
    if (query.rule) q.andWhere('rule', query.rule);
    if (query.severity) q.andWhere('severity', query.severity);
    return q;
  };
  const [rows, count] = await Promise.all([
    filtered()
      .orderByRaw(SEVERITY_ORDER)
      .orderBy('rule')
      .orderBy('id')
      .limit(query.limit)
      .offset(query.offset)
      .select('id', 'rule', 'severity', 'url', 'message', 'change_type') as Promise<
      Array<Record<string, unknown>>
    >,
    filtered().count({ n: '*' }).first() as Promise<{ n: number | string }>,
  ]);
  return {
    findings: rows.map((r) => ({
      id: Number(r.id),
      rule: r.rule as SeoRuleId,
      severity: r.severity as SeoSeverity,
      url: String(r.url),
      message: String(r.message),
      change: r.change_type as SeoFindingChange,
    })),
    total: Number(count.n),
  };
}

function toTask(row: Record<string, unknown>): SeoTask {
  return {
    id: Number(row.id),
    rule: row.rule as SeoRuleId,
    severity: row.severity as SeoSeverity,
    url: String(row.url),
    message: String(row.message),
    status: row.status as SeoTaskStatus,
    firstSeenCrawlId: Number(row.first_seen_crawl_id),
    lastSeenCrawlId: Number(row.last_seen_crawl_id),
    fixedCrawlId: num(row.fixed_crawl_id),
    reopenedCount: Number(row.reopened_count),
    statusChangedBy: (row.status_changed_by as string | null) ?? null,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const TASK_SORT_COLUMNS = {
  rule: 'rule',
  url: 'url',
  status: 'status',
  updated: 'updated_at',
  'first-seen': 'first_seen_crawl_id',
} as const;

/** LIKE with the admin's text taken literally; "!" escapes (a backslash means different things in MySQL). */
const likePattern = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

export async function listTasks(
  db: Knex,
  query: z.output<typeof seoTaskListQuerySchema>,
): Promise<{ tasks: SeoTask[]; total: number; counts: SeoTaskCounts }> {
  const filtered = () => {
    const q = db('seo_tasks');
    if (query.severity) q.where('severity', query.severity);
    if (query.rule) q.where('rule', query.rule);
    if (query.q) q.whereRaw(`url LIKE ? ESCAPE '!'`, [likePattern(query.q)]);
    return q;
  };
  const list = filtered();
  if (query.status) list.where('status', query.status);
  const direction = query.order;
  if (query.sort === 'severity') list.orderByRaw(`${SEVERITY_ORDER} ${direction}`);
  else list.orderBy(TASK_SORT_COLUMNS[query.sort], direction);
  list.orderBy('id', direction);
  const [rows, byStatus] = await Promise.all([
    list.limit(query.limit).offset(query.offset).select('*') as Promise<
      Array<Record<string, unknown>>
    >,
    filtered().groupBy('status').select('status', db.raw('COUNT(*) AS n')) as Promise<
      Array<{ status: SeoTaskStatus; n: number | string }>
    >,
  ]);
  const counts = Object.fromEntries(SEO_TASK_STATUSES.map((s) => [s, 0])) as SeoTaskCounts;
  for (const row of byStatus) if (row.status in counts) counts[row.status] = Number(row.n);
  const total = query.status
    ? counts[query.status]
    : Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { tasks: rows.map(toTask), total, counts };
}

export async function taskCounts(db: Knex): Promise<SeoTaskCounts> {
  const rows = (await db('seo_tasks')
    .groupBy('status')
    .select('status', db.raw('COUNT(*) AS n'))) as Array<{ status: SeoTaskStatus; n: number }>;
  const counts = Object.fromEntries(SEO_TASK_STATUSES.map((s) => [s, 0])) as SeoTaskCounts;
  for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n);
  return counts;
}

export async function updateTaskStatus(
  db: Knex,
  id: number,
  status: SeoTaskStatus,
  by: string,
): Promise<SeoTask | undefined> {
  const updated = await db('seo_tasks')
    .where({ id })
    .update({ status, status_changed_by: by.slice(0, 100), updated_at: Date.now() });
  if (updated === 0) return undefined;
  return toTask((await db('seo_tasks').where({ id }).first()) as Record<string, unknown>);
}
