/**
 * SEO Health overview (/admin/seo-health): the latest crawl's score and counts, the score over the last
 * crawls, what was found per rule, and the Run crawl button (a job; its progress shows here while it runs).
 * One request (GET /api/admin/seo-health/summary), polled every 2 seconds while a crawl is under way.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { SeoCrawl, SeoSummaryResponse } from '@moveratlas/contracts';
import { LineChart } from '../../../components/charts/line-chart';
import { formatCount } from '../../../lib/numbers';
import { cardClass, inputClass, linkClass } from '../../../components/dashboard/classes';
import { formatDuration, Time } from '../../../components/dashboard/date-time';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import {
  ActiveJobNotice,
  RunCrawlButton,
  ruleExplanation,
  ruleTitle,
  scoreTone,
  SEO_API,
  SeoSectionNav,
  SeverityBadge,
} from './seo-ui';

const LIVE_MS = 2000;
const IDLE_MS = 30_000;
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'numeric', day: 'numeric' });

function LatestCrawl({ crawl }: { crawl: SeoCrawl }) {
  return (
    <section aria-labelledby="latest-crawl" className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id="latest-crawl" className="text-base font-semibold text-slate-900">
            Latest crawl
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            Crawl {crawl.id}, finished <Time ms={crawl.finishedAt} />
            {crawl.durationMs !== null ? ` in ${formatDuration(crawl.durationMs)}` : ''}
          </p>
        </div>
        <p className="text-right">
          <span className="block text-sm font-medium text-slate-600">Score</span>
          <span className={`text-4xl font-bold tabular-nums ${scoreTone(crawl.score ?? 0)}`}>
            {crawl.score ?? '—'}
          </span>
          <span className="text-sm text-slate-600"> / 100</span>
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {(
          [
            ['Errors', crawl.counts.error, 'text-red-800'],
            ['Warnings', crawl.counts.warning, 'text-amber-800'],
            ['Notices', crawl.counts.notice, 'text-slate-800'],
            ['Pages crawled', crawl.pagesCrawled, 'text-slate-900'],
            ['In the sitemap', crawl.sitemapUrls, 'text-slate-900'],
            ['Average response', crawl.avgResponseMs, 'text-slate-900'],
          ] as const
        ).map(([label, value, tone]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm font-medium text-slate-700">{label}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${tone}`}>
              {value === null
                ? '—'
                : label === 'Average response'
                  ? `${formatCount(value)} ms`
                  : formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {formatCount(crawl.newFindings)} new and {formatCount(crawl.resolvedFindings)} resolved
        since the crawl before.{' '}
        {crawl.truncated
          ? `The crawl stopped at its limit of ${formatCount(crawl.pageLimit)} pages. `
          : ''}
        <Link to={`/admin/seo-health/reports?crawl=${crawl.id}`} className={linkClass}>
          Read the report
        </Link>
        {crawl.jobId !== null ? (
          <>
            {' · '}
            <Link to={`/admin/jobs/${crawl.jobId}`} className={linkClass}>
              Job {crawl.jobId}
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}

function ByRule({ summary }: { summary: SeoSummaryResponse }) {
  if (summary.byRule.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
        The latest crawl found nothing to fix.
      </p>
    );
  return (
    <section aria-labelledby="by-rule" className={cardClass}>
      <h3 id="by-rule" className="text-base font-semibold text-slate-900">
        Findings by check
      </h3>
      <ul className="mt-3 divide-y divide-slate-100">
        {summary.byRule.map((row) => (
          <li key={row.rule} className="py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex min-w-0 items-center gap-2">
                <SeverityBadge severity={row.severity} />
                <Link
                  to={`/admin/seo-health/tasks?rule=${row.rule}`}
                  className="font-medium text-slate-900 underline decoration-slate-300 hover:text-blue-800"
                >
                  {ruleTitle(row.rule)}
                </Link>
              </div>
              <span className="text-sm font-semibold text-slate-900 tabular-nums">
                {formatCount(row.count)} {row.count === 1 ? 'page' : 'pages'}
              </span>
            </div>
            <details className="mt-1 text-sm text-slate-700">
              <summary className="cursor-pointer text-slate-600">Why it matters</summary>
              <p className="mt-1">{ruleExplanation(row.rule)}</p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Component() {
  const limitId = useId();
  const [pageLimit, setPageLimit] = useState('');
  const summary = useQuery<SeoSummaryResponse>({
    queryKey: [`${SEO_API}/summary`],
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.activeJob ? LIVE_MS : IDLE_MS),
  });
  const data = summary.data;
  const limit = pageLimit.trim() === '' ? undefined : Number(pageLimit);
  const limitInvalid = limit !== undefined && !(Number.isInteger(limit) && limit >= 1);

  return (
    <section aria-labelledby="seo-heading" className="space-y-5">
      <div>
        <h2 id="seo-heading" className="text-xl font-semibold text-slate-900">
          Overview
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The crawler walks the site from its sitemap and links, as a search engine would, and
          checks every page. Each page starts at 100 and loses 25 per kind of error, 10 per warning
          and 2 per notice; the score is the average.
        </p>
      </div>
      <SeoSectionNav />
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Run a crawl"
      >
        <div className="w-44">
          <label htmlFor={limitId} className="block text-sm font-medium text-slate-800">
            Page limit (optional)
          </label>
          <input
            id={limitId}
            type="number"
            inputMode="numeric"
            min={1}
            value={pageLimit}
            onChange={(event) => setPageLimit(event.target.value)}
            aria-invalid={limitInvalid}
            aria-describedby={`${limitId}-hint`}
            className={inputClass}
          />
        </div>
        <RunCrawlButton disabled={Boolean(data?.activeJob) || limitInvalid} pageLimit={limit} />
        <p id={`${limitId}-hint`} className="w-full text-xs text-slate-600">
          {limitInvalid
            ? 'The page limit must be a whole number of at least 1.'
            : 'Empty crawls up to 20,000 pages. Schedule regular crawls under Scripts (“Run an SEO crawl”).'}
        </p>
      </form>
      {data?.activeJob ? <ActiveJobNotice job={data.activeJob} what="A crawl" /> : null}
      {summary.isPending ? (
        <Skeleton label="Loading SEO health" />
      ) : summary.isError && !data ? (
        <LoadFailure
          what="SEO health"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : data && !data.latest ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          No crawl has finished yet. Run one to see the site’s score.
        </p>
      ) : data && data.latest ? (
        <>
          <LatestCrawl crawl={data.latest} />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(['open', 'in_progress', 'fixed', 'ignored'] as const).map((status) => (
              <div key={status} className={cardClass}>
                <dt className="text-sm font-medium text-slate-600">
                  {
                    {
                      open: 'Open tasks',
                      in_progress: 'In progress',
                      fixed: 'Fixed',
                      ignored: 'Ignored',
                    }[status]
                  }
                </dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums">
                  <Link to={`/admin/seo-health/tasks?status=${status}`} className={linkClass}>
                    {formatCount(data.tasks[status])}
                  </Link>
                </dd>
              </div>
            ))}
          </dl>
          <LineChart
            title="Score over the last crawls"
            description={`The site's SEO score for each of the last ${data.trend.length} finished crawls, from ${data.trend[0]?.score ?? 0} to ${data.latest.score ?? 0}.`}
            data={data.trend.map((crawl) => ({
              label: `Crawl ${crawl.id}, ${new Date(crawl.finishedAt ?? crawl.startedAt).toLocaleString('en-US')}`,
              tick: shortDate.format(new Date(crawl.finishedAt ?? crawl.startedAt)),
              value: crawl.score ?? 0,
            }))}
            max={100}
            valueLabel="Score"
            categoryLabel="Crawl"
          />
          <ByRule summary={data} />
        </>
      ) : null}
    </section>
  );
}
