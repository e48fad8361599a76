/**
 * SEO analyzer (/admin/seo-health/analyzer): checks one page of this site on demand — the crawler's page
 * checks plus its links, robots.txt and the sitemap — and explains each finding. The address lives in the
 * URL (?url=/states/illinois), so a task or a report links straight to its analysis.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { SeoAnalyzeResponse } from '@moveratlas/contracts';
import { formatCount } from '../../../lib/numbers';
import { adminWrite } from '../admin-request';
import {
  buttonClass,
  cardClass,
  inputClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { Skeleton } from '../../../components/dashboard/load-states';
import { ruleExplanation, ruleTitle, SEO_API, SeoSectionNav, SeverityBadge } from './seo-ui';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

const none = <span className="text-slate-500">none</span>;

function Result({ report }: { report: SeoAnalyzeResponse }) {
  const { page } = report;
  return (
    <div className="space-y-5">
      <section aria-labelledby="analysis-facts" className={cardClass}>
        <h3 id="analysis-facts" className="text-base font-semibold text-slate-900">
          {report.url}
        </h3>
        <dl className="mt-2 divide-y divide-slate-100">
          <Fact label="Status">
            {report.status === 0 ? 'No answer' : report.status}
            {report.location ? ` → ${report.location}` : ''}
          </Fact>
          <Fact label="Response time">{formatCount(report.responseMs)} ms</Fact>
          <Fact label="robots.txt">{report.blockedByRobots ? 'Blocks this page' : 'Allows'}</Fact>
          <Fact label="In the sitemap">
            {report.inSitemap === null ? 'Sitemap unreadable' : report.inSitemap ? 'Yes' : 'No'}
          </Fact>
          {page ? (
            <>
              <Fact label="Title">{page.title ?? none}</Fact>
              <Fact label="Meta description">{page.description ?? none}</Fact>
              <Fact label="Canonical">{page.canonical ?? none}</Fact>
              <Fact label="Robots meta">{page.robots ?? none}</Fact>
              <Fact label="h1">{page.h1.length > 0 ? page.h1.join(' · ') : none}</Fact>
              <Fact label="Words of main content">{formatCount(page.words)}</Fact>
              <Fact label="Images">{formatCount(page.images)}</Fact>
              <Fact label="Structured data">
                {page.structuredDataTypes.length > 0 ? page.structuredDataTypes.join(', ') : none}
              </Fact>
              <Fact label="Internal links">
                {formatCount(page.internalLinks)} ({formatCount(page.linksChecked)} checked)
              </Fact>
            </>
          ) : null}
        </dl>
      </section>
      <section aria-labelledby="analysis-findings" className="space-y-3">
        <h3 id="analysis-findings" className="text-base font-semibold text-slate-900">
          {report.findings.length === 0
            ? 'No problems found'
            : `${report.findings.length} ${report.findings.length === 1 ? 'finding' : 'findings'}`}
        </h3>
        {report.findings.length === 0 ? (
          <p className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
            This page passes every check the analyzer makes. Duplicate titles and descriptions
            across pages need a full crawl.
          </p>
        ) : (
          <ul className="space-y-3">
            {report.findings.map((finding) => (
              <li key={`${finding.rule} ${finding.url}`} className={cardClass}>
                <div className="flex flex-wrap items-center gap-2">
                  <SeverityBadge severity={finding.severity} />
                  <span className="font-semibold text-slate-900">{ruleTitle(finding.rule)}</span>
                </div>
                {finding.url !== report.url ? (
                  <p className="mt-1 text-sm break-all text-slate-700">{finding.url}</p>
                ) : null}
                <p className="mt-1 text-sm break-words text-slate-900">{finding.message}</p>
                <p className="mt-2 text-sm text-slate-700">{ruleExplanation(finding.rule)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function Component() {
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const url = search.get('url') ?? '';
  const [draft, setDraft] = useState(url);
  // Back and forward change the address: the field follows.
  const [shownUrl, setShownUrl] = useState(url);
  if (shownUrl !== url) {
    setShownUrl(url);
    setDraft(url);
  }
  const analysis = useQuery<SeoAnalyzeResponse>({
    queryKey: [`${SEO_API}/analyze`, url],
    queryFn: ({ signal }) =>
      adminWrite<SeoAnalyzeResponse>('POST', `${SEO_API}/analyze`, { url }, { signal }),
    enabled: url !== '',
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === '') return;
    if (next === url) void analysis.refetch();
    else setSearch({ url: next });
  };

  return (
    <section aria-labelledby="analyzer-heading" className="space-y-5">
      <div>
        <h2 id="analyzer-heading" className="text-xl font-semibold text-slate-900">
          SEO analyzer
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Checks one page of this site now and explains every finding. Give a path such as
          /states/illinois, or the page’s full address on this site.
        </p>
      </div>
      <SeoSectionNav />
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            Page to analyze
          </label>
          <input
            id={id}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={2000}
            placeholder="/states/illinois"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            className={inputClass}
          />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={analysis.isFetching}>
          {analysis.isFetching ? 'Analyzing…' : 'Analyze'}
        </button>
      </form>
      <div aria-live="polite">
        {url === '' ? null : analysis.isFetching && !analysis.data ? (
          <Skeleton label={`Analyzing ${url}`} blocks={2} />
        ) : analysis.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p className="font-semibold">Could not analyze {url}.</p>
            <p className="mt-1 text-sm break-words">{failureText(analysis.error)}</p>
            <button
              type="button"
              onClick={() => void analysis.refetch()}
              className={`${buttonClass} mt-4`}
            >
              Try again
            </button>
          </div>
        ) : analysis.data ? (
          <Result report={analysis.data} />
        ) : null}
      </div>
    </section>
  );
}
