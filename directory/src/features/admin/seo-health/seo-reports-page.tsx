/**
 * SEO reports (/admin/seo-health/reports): every crawl with its score and what changed since the crawl
 * before it, and one crawl's report (?crawl=id, the newest by default): its findings per check and the lists
 * of new, resolved and persisting findings, paged.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  type SeoCrawl,
  type SeoCrawlDetailResponse,
  type SeoCrawlListResponse,
  type SeoFindingChange,
  type SeoFindingListResponse,
} from '@moveratlas/contracts';
import { formatCount } from '../../../lib/numbers';
import { buttonClass, cardClass, linkClass } from '../../../components/dashboard/classes';
import { formatDuration, Time } from '../../../components/dashboard/date-time';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import {
  ruleExplanation,
  ruleTitle,
  scoreTone,
  SEO_API,
  SeoSectionNav,
  SeverityBadge,
} from './seo-ui';
import { pageParam, withParams } from '../../../components/dashboard/url-params';
import { Pager } from '../../../components/dashboard/pager';

const CRAWLS_PATH = `${SEO_API}/crawls`;
const CRAWLS_PAGE = 10;
const FINDINGS_PAGE = 25;

const CHANGES: Array<[SeoFindingChange, string, string]> = [
  ['new', 'New', 'Found by this crawl and not by the one before.'],
  ['resolved', 'Resolved', 'Found by the crawl before and gone in this one.'],
  ['persisting', 'Still present', 'Found by both crawls.'],
];

function CrawlStatus({ crawl }: { crawl: SeoCrawl }) {
  if (crawl.status === 'finished')
    return (
      <span className={`text-lg font-bold tabular-nums ${scoreTone(crawl.score ?? 0)}`}>
        {crawl.score}
        <span className="text-sm font-normal text-slate-600"> / 100</span>
      </span>
    );
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        crawl.status === 'running'
          ? 'bg-blue-50 text-blue-800 ring-blue-300'
          : 'bg-red-50 text-red-800 ring-red-300'
      }`}
    >
      {crawl.status === 'running' ? 'Running' : 'Failed'}
    </span>
  );
}

function CrawlList({
  list,
  selected,
  search,
}: {
  list: SeoCrawlListResponse;
  selected: number | undefined;
  search: URLSearchParams;
}) {
  const page = pageParam(search);
  const pages = Math.max(1, Math.ceil(list.total / CRAWLS_PAGE));
  return (
    <section aria-labelledby="crawls-heading" className="space-y-3">
      <h3 id="crawls-heading" className="text-base font-semibold text-slate-900">
        Crawls ({formatCount(list.total)})
      </h3>
      <ul className="space-y-2">
        {list.crawls.map((crawl) => {
          const current = crawl.id === selected;
          return (
            <li
              key={crawl.id}
              className={`rounded-xl border bg-white p-3 shadow-sm ${current ? 'border-blue-500 ring-1 ring-blue-500' : 'border-slate-200'}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <Link
                    to={withParams(search, { crawl: String(crawl.id), change: null, fpage: null })}
                    aria-current={current ? 'true' : undefined}
                    className={linkClass}
                  >
                    Crawl {crawl.id}
                  </Link>
                  <span className="text-sm text-slate-600">
                    {' '}
                    · <Time ms={crawl.startedAt} />
                    {crawl.durationMs !== null ? ` · ${formatDuration(crawl.durationMs)}` : ''}
                  </span>
                </div>
                <CrawlStatus crawl={crawl} />
              </div>
              {crawl.status === 'finished' ? (
                <p className="mt-1 text-sm text-slate-700">
                  {formatCount(crawl.pagesCrawled)} pages · {formatCount(crawl.counts.error)}{' '}
                  errors, {formatCount(crawl.counts.warning)} warnings,{' '}
                  {formatCount(crawl.counts.notice)} notices ·{' '}
                  <span className="font-medium text-red-800">
                    +{formatCount(crawl.newFindings)} new
                  </span>{' '}
                  ·{' '}
                  <span className="font-medium text-green-800">
                    −{formatCount(crawl.resolvedFindings)} resolved
                  </span>
                </p>
              ) : crawl.error ? (
                <p className="mt-1 text-sm break-words text-red-800">{crawl.error}</p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Pager
        label="Crawl pages"
        page={page}
        pages={pages}
        search={search}
        previousLabel="Newer"
        nextLabel="Older"
      />
    </section>
  );
}

function Findings({ crawlId, search }: { crawlId: number; search: URLSearchParams }) {
  const change = (search.get('change') as SeoFindingChange | null) ?? 'new';
  const fpage = Math.max(1, Number(search.get('fpage') ?? 1) || 1);
  const params = { change, limit: FINDINGS_PAGE, offset: (fpage - 1) * FINDINGS_PAGE };
  const findings = useQuery<SeoFindingListResponse>({
    queryKey: [`${CRAWLS_PATH}/${crawlId}/findings`, params],
    placeholderData: keepPreviousData,
  });
  const data = findings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / FINDINGS_PAGE)) : 1;
  return (
    <div className="space-y-3">
      <nav aria-label="Findings by change">
        <ul className="flex flex-wrap gap-2">
          {CHANGES.map(([value, label]) => (
            <li key={value}>
              <Link
                to={withParams(search, { change: value === 'new' ? null : value, fpage: null })}
                aria-current={change === value ? 'true' : undefined}
                className={`inline-flex min-h-10 items-center rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset ${
                  change === value
                    ? 'bg-blue-700 text-white ring-blue-700'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                }`}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="text-sm text-slate-600">{CHANGES.find(([v]) => v === change)?.[2]}</p>
      {findings.isPending ? (
        <Skeleton label="Loading findings" blocks={2} />
      ) : findings.isError && !data ? (
        <LoadFailure
          what="the findings"
          error={findings.error}
          onRetry={() => void findings.refetch()}
        />
      ) : data && data.findings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-center text-slate-700">
          None.
        </p>
      ) : data ? (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {formatCount(data.total)} {data.total === 1 ? 'finding' : 'findings'}
          </p>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {data.findings.map((finding) => (
              <li key={finding.id} className="space-y-1 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <SeverityBadge severity={finding.severity} />
                  <span className="font-medium text-slate-900">{ruleTitle(finding.rule)}</span>
                </div>
                <p className="text-sm break-all">
                  <Link
                    to={`/admin/seo-health/analyzer?url=${encodeURIComponent(finding.url)}`}
                    className={linkClass}
                  >
                    {finding.url}
                  </Link>
                </p>
                <p className="text-sm break-words text-slate-700">{finding.message}</p>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Finding pages" className="flex items-center justify-end gap-2 text-sm">
              {fpage > 1 ? (
                <Link to={withParams(search, { fpage: String(fpage - 1) })} className={buttonClass}>
                  Previous
                </Link>
              ) : null}
              <span className="text-slate-700">
                Page {fpage} of {pages}
              </span>
              {fpage < pages ? (
                <Link to={withParams(search, { fpage: String(fpage + 1) })} className={buttonClass}>
                  Next
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function Report({ crawlId, search }: { crawlId: number; search: URLSearchParams }) {
  const detail = useQuery<SeoCrawlDetailResponse>({ queryKey: [`${CRAWLS_PATH}/${crawlId}`] });
  if (detail.isPending) return <Skeleton label="Loading the report" blocks={2} />;
  if (detail.isError)
    return (
      <LoadFailure
        what={`crawl ${crawlId}`}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  const { crawl, previousId, byRule } = detail.data;
  return (
    <section aria-labelledby="report-heading" className={`${cardClass} space-y-4`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="report-heading" className="text-base font-semibold text-slate-900">
            Report of crawl {crawl.id}
          </h3>
          <p className="text-sm text-slate-600">
            {previousId !== null ? `Compared with crawl ${previousId}. ` : 'The first crawl. '}
            {crawl.truncated
              ? `Stopped at its limit of ${formatCount(crawl.pageLimit)} pages, so it says nothing about pages it did not reach. `
              : ''}
            {crawl.jobId !== null ? (
              <Link to={`/admin/jobs/${crawl.jobId}`} className={linkClass}>
                Job {crawl.jobId}
              </Link>
            ) : null}
          </p>
        </div>
        <CrawlStatus crawl={crawl} />
      </div>
      {crawl.status === 'failed' ? (
        <p role="alert" className="text-sm break-words text-red-800">
          {crawl.error ?? 'The crawl failed.'}
        </p>
      ) : null}
      {byRule.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Findings of crawl {crawl.id} by check</caption>
            <thead className="text-left text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Check
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Severity
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Pages
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {byRule.map((row) => (
                <tr key={row.rule}>
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    <span title={ruleExplanation(row.rule)}>{ruleTitle(row.rule)}</span>
                  </th>
                  <td className="py-2 pr-3">
                    <SeverityBadge severity={row.severity} />
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatCount(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : crawl.status === 'finished' ? (
        <p className="text-sm text-slate-700">This crawl found nothing to fix.</p>
      ) : null}
      {crawl.status === 'finished' ? <Findings crawlId={crawl.id} search={search} /> : null}
    </section>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const page = pageParam(search);
  const list = useQuery<SeoCrawlListResponse>({
    queryKey: [CRAWLS_PATH, { limit: CRAWLS_PAGE, offset: (page - 1) * CRAWLS_PAGE }],
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.crawls.some((c) => c.status === 'running') ? 3000 : false,
  });
  const chosen = Number(search.get('crawl'));
  const selected =
    Number.isSafeInteger(chosen) && chosen > 0
      ? chosen
      : (list.data?.crawls.find((c) => c.status === 'finished') ?? list.data?.crawls[0])?.id;
  return (
    <section aria-labelledby="reports-heading" className="space-y-5">
      <div>
        <h2 id="reports-heading" className="text-xl font-semibold text-slate-900">
          SEO reports
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every crawl, and what changed since the one before it.
        </p>
      </div>
      <SeoSectionNav />
      {list.isPending ? (
        <Skeleton label="Loading crawls" />
      ) : list.isError && !list.data ? (
        <LoadFailure what="the crawls" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          No crawls yet.{' '}
          <Link to="/admin/seo-health" className={linkClass}>
            Run one from the overview
          </Link>
          .
        </p>
      ) : list.data ? (
        <div className="grid gap-5 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <CrawlList list={list.data} selected={selected} search={search} />
          {selected !== undefined ? <Report crawlId={selected} search={search} /> : null}
        </div>
      ) : null}
    </section>
  );
}
