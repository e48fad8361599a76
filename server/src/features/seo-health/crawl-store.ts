/**
 * Keeping crawls: a crawl row while it runs, then its findings (each marked new or persisting against the
 * previous finished crawl, plus `resolved` rows for that crawl's problems now gone), its score and counts,
 * and the tasks the findings become. A task reopens when a crawl finds its fixed problem again, and is
 * marked fixed when a crawl no longer finds the problem (see reconcileTasks); ignored tasks stay ignored.
 *
 * Written in batches rather than one transaction: a crawl of a large site has many findings, and one long
 * write transaction would hold up lead intake on SQLite's single writer. The crawl row turns `finished` last,
 * so a crawl that died half-way is never compared with.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { SeoFinding, SeoFindingChange, SeoTaskStatus } from '@moveratlas/contracts';
import type { CrawlResult } from './crawler';
import { recheckedAndGone, type RecheckedAndGone } from './recheck';

const CHUNK = 400;

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
export const findingKey = (rule: string, url: string) => sha1(`${rule}\n${url}`);
export const urlHash = (url: string) => sha1(url);

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function startCrawl(
  db: Knex,
  { jobId, pageLimit }: { jobId: number | null; pageLimit: number },
): Promise<number> {
  const [id] = (await db('seo_crawls').insert({
    job_id: jobId,
    status: 'running',
    page_limit: pageLimit,
    started_at: Date.now(),
  })) as number[];
  return Number(id);
}

export async function failCrawl(db: Knex, crawlId: number, error: string): Promise<void> {
  const now = Date.now();
  await db('seo_crawls')
    .where({ id: crawlId, status: 'running' })
    .update({
      status: 'failed',
      error: error.slice(0, 2000),
      finished_at: now,
      duration_ms: db.raw('? - started_at', [now]),
    });
}

/** The finished crawl before this one: what "new" and "resolved" are measured against. */
export async function previousFinishedCrawl(
  db: Knex,
  crawlId: number,
): Promise<number | undefined> {
  const row = (await db('seo_crawls')
    .where('status', 'finished')
    .andWhere('id', '<', crawlId)
    .orderBy('id', 'desc')
    .first('id')) as { id: number } | undefined;
  return row ? Number(row.id) : undefined;
}

export interface TaskChanges {
  created: number;
  reopened: number;
  fixed: number;
}

interface FindingRow {
  rule: string;
  severity: string;
  url: string;
  message: string;
  finding_key: string;
}

/**
 * Stores what a crawl found and updates the tasks. Returns the task changes; the crawl row then reads
 * finished with its score and counts.
 */
export async function finishCrawl(
  db: Knex,
  crawlId: number,
  result: Pick<
    CrawlResult,
    | 'findings'
    | 'checkedUrls'
    | 'pages'
    | 'sitemapUrls'
    | 'listedInSitemap'
    | 'truncated'
    | 'score'
    | 'avgResponseMs'
    | 'durationMs'
  >,
): Promise<TaskChanges & { newFindings: number; resolvedFindings: number }> {
  const previous = await previousFinishedCrawl(db, crawlId);
  const current = new Map<string, SeoFinding>();
  for (const finding of result.findings)
    current.set(findingKey(finding.rule, finding.url), finding);

  // The previous crawl's problems: persisting when found again, resolved when its page was checked and
  // the problem is gone (a page this crawl did not reach tells nothing).
  const before = previous
    ? ((await db('seo_findings')
        .where({ crawl_id: previous })
        .whereNot('change_type', 'resolved')
        .select('rule', 'severity', 'url', 'message', 'finding_key')) as FindingRow[])
    : [];
  const beforeKeys = new Set(before.map((row) => row.finding_key));
  const gone = recheckedAndGone(result);
  const resolved = before.filter((row) => !current.has(row.finding_key) && gone(row.rule, row.url));

  const rows = [...current.entries()].map(([key, finding]) => ({
    crawl_id: crawlId,
    rule: finding.rule,
    severity: finding.severity,
    url: finding.url,
    message: finding.message.slice(0, 1000),
    finding_key: key,
    change_type: (previous !== undefined && beforeKeys.has(key)
      ? 'persisting'
      : 'new') satisfies SeoFindingChange,
  }));
  const resolvedRows = resolved.map((row) => ({
    crawl_id: crawlId,
    rule: row.rule,
    severity: row.severity,
    url: row.url,
    message: row.message,
    finding_key: row.finding_key,
    change_type: 'resolved' satisfies SeoFindingChange,
  }));
  for (const batch of chunks([...rows, ...resolvedRows])) await db('seo_findings').insert(batch);

  const tasks = await reconcileTasks(db, crawlId, current, {
    truncated: result.truncated,
    checkedUrls: result.checkedUrls,
    gone,
  });

  const counts = { error: 0, warning: 0, notice: 0 };
  for (const finding of current.values()) counts[finding.severity]++;
  const newFindings = rows.filter((r) => r.change_type === 'new').length;
  await db('seo_crawls').where({ id: crawlId }).update({
    status: 'finished',
    score: result.score,
    pages_crawled: result.pages.length,
    sitemap_urls: result.sitemapUrls,
    truncated: result.truncated,
    errors: counts.error,
    warnings: counts.warning,
    notices: counts.notice,
    new_findings: newFindings,
    resolved_findings: resolvedRows.length,
    avg_response_ms: result.avgResponseMs,
    finished_at: Date.now(),
    duration_ms: result.durationMs,
  });
  return { ...tasks, newFindings, resolvedFindings: resolvedRows.length };
}

interface TaskRow {
  id: number;
  task_key: string;
  status: SeoTaskStatus;
  message: string;
  severity: string;
}

async function reconcileTasks(
  db: Knex,
  crawlId: number,
  current: ReadonlyMap<string, SeoFinding>,
  scope: { truncated: boolean; checkedUrls: ReadonlySet<string>; gone: RecheckedAndGone },
): Promise<TaskChanges> {
  const now = Date.now();
  const changes: TaskChanges = { created: 0, reopened: 0, fixed: 0 };
  for (const keys of chunks([...current.keys()])) {
    const existing = (await db('seo_tasks')
      .whereIn('task_key', keys)
      .select('id', 'task_key', 'status', 'message', 'severity')) as TaskRow[];
    const known = new Map(existing.map((row) => [row.task_key, row]));
    const fresh = keys
      .filter((key) => !known.has(key))
      .map((key) => {
        const finding = current.get(key)!;
        return {
          task_key: key,
          url_hash: urlHash(finding.url),
          rule: finding.rule,
          severity: finding.severity,
          url: finding.url,
          message: finding.message.slice(0, 1000),
          status: 'open' satisfies SeoTaskStatus,
          first_seen_crawl_id: crawlId,
          last_seen_crawl_id: crawlId,
          created_at: now,
          updated_at: now,
        };
      });
    if (fresh.length > 0) await db('seo_tasks').insert(fresh);
    changes.created += fresh.length;

    const seenKeys = existing.map((row) => row.task_key);
    if (seenKeys.length === 0) continue;
    // The problem is back: a fixed task opens again.
    changes.reopened += await db('seo_tasks')
      .whereIn('task_key', seenKeys)
      .andWhere('status', 'fixed')
      .update({
        status: 'open',
        fixed_crawl_id: null,
        reopened_count: db.raw('reopened_count + 1'),
        status_changed_by: null,
        updated_at: now,
      });
    await db('seo_tasks')
      .whereIn('task_key', seenKeys)
      .update({ last_seen_crawl_id: crawlId, updated_at: now });
    // What the crawl says now about the problem (a title's length, the pages sharing it).
    for (const row of existing) {
      const finding = current.get(row.task_key)!;
      const message = finding.message.slice(0, 1000);
      if (row.message !== message || row.severity !== finding.severity)
        await db('seo_tasks').where({ id: row.id }).update({ message, severity: finding.severity });
    }
  }

  // Open work this crawl no longer finds is fixed: all of it when the crawl saw the whole site; after a
  // crawl the page limit stopped, what it re-checked and can prove gone (recheck.ts).
  const stillOpen = () =>
    db('seo_tasks')
      .whereIn('status', ['open', 'in_progress'])
      .andWhere('last_seen_crawl_id', '<', crawlId);
  const fixedRow = {
    status: 'fixed',
    fixed_crawl_id: crawlId,
    status_changed_by: null,
    updated_at: now,
  };
  if (!scope.truncated) changes.fixed += await stillOpen().update(fixedRow);
  else
    for (const hashes of chunks([...scope.checkedUrls].map(urlHash))) {
      const candidates = (await stillOpen()
        .whereIn('url_hash', hashes)
        .select('id', 'rule', 'url')) as Array<{ id: number; rule: string; url: string }>;
      const ids = candidates.filter((task) => scope.gone(task.rule, task.url)).map((t) => t.id);
      // Guarded again by stillOpen: an admin's change since the read above is kept.
      if (ids.length > 0) changes.fixed += await stillOpen().whereIn('id', ids).update(fixedRow);
    }
  return changes;
}
