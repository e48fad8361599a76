/**
 * Admin statistics (/admin/statistics): leads over a date range by day, week or month; by state, move size,
 * partner and source; the top routes; the quote wizard's funnel; the directory's companies by state and
 * rating. Each chart has its figures in a table below it. The range, granularity and partner live in the
 * URL; the server groups and counts.
 */
import type { FormEvent, ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ADMIN_API,
  STATISTICS_GRANULARITIES,
  type AdminLeadFacets,
  type AdminStatistics,
  type StatisticsGranularity,
} from '@moveratlas/contracts';
import { BarChart } from '../../../components/charts/bar-chart';
import { ColumnChart } from '../../../components/charts/column-chart';
import { FunnelChart } from '../../../components/charts/funnel-chart';
import { formatCount } from '../../../lib/numbers';
import { buttonClass, cardClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { FilterInput, FilterSelect, formParams } from '../../../components/dashboard/list-filters';
import { formatDay, shortDay } from '../../../components/dashboard/date-time';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { Panel } from '../../../components/dashboard/section-card';
import { pick } from '../../../components/dashboard/url-params';

const PARAMS = ['from', 'to', 'granularity', 'siteId'] as const;

const GRANULARITY_LABELS: Record<StatisticsGranularity, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

const utcToday = () => new Date().toISOString().slice(0, 10);
function daysAgo(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

const PRESETS: Array<{ label: string; days: number; granularity: StatisticsGranularity }> = [
  { label: 'Last 7 days', days: 7, granularity: 'day' },
  { label: 'Last 30 days', days: 30, granularity: 'day' },
  { label: 'Last 90 days', days: 90, granularity: 'week' },
  { label: 'Last 12 months', days: 365, granularity: 'month' },
];

const percent = (part: number, whole: number) =>
  whole === 0
    ? '—'
    : `${((part / whole) * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

function periodLabel(period: string, granularity: StatisticsGranularity): string {
  if (granularity === 'month')
    return new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${period}T00:00:00Z`));
  return granularity === 'week' ? `Week of ${formatDay(period)}` : formatDay(period);
}

function periodTick(period: string, granularity: StatisticsGranularity): string {
  if (granularity === 'month')
    return new Intl.DateTimeFormat('en-US', {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(`${period}T00:00:00Z`));
  return shortDay(period);
}

/** A table of figures under a chart, folded away until asked for. */
function FiguresTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: ReactNode[][];
}) {
  return (
    <details className="mt-2 rounded-lg border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-blue-700">
        Show the figures as a table
      </summary>
      <div className="max-h-96 overflow-auto px-4 pb-3">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{`${caption}: figures`}</caption>
          <thead className="sticky top-0 bg-white text-left text-slate-700">
            <tr>
              {columns.map((c, i) => (
                <th
                  key={c}
                  scope="col"
                  className={`py-2 pr-4 font-semibold ${i > 0 ? 'text-right' : ''}`}
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th
                      key={i}
                      scope="row"
                      className="py-1.5 pr-4 text-left font-normal text-slate-900"
                    >
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="py-1.5 pr-4 text-right text-slate-900 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <Panel title={title}>
      <p className="text-sm text-slate-600">{text}</p>
    </Panel>
  );
}

/**
 * One breakdown of the leads: a bar chart and, below it, the table of its figures (what a screen reader reads
 * and a printout keeps), or a note when the range has nothing to chart. The table's caption is the title.
 */
function ChartWithFigures({
  empty,
  emptyText,
  title,
  chartTitle = title,
  description,
  data,
  columns,
  rows,
}: {
  empty: boolean;
  emptyText: string;
  title: string;
  chartTitle?: string;
  description: string;
  data: Array<{ label: string; value: number }>;
  columns: string[];
  rows: string[][];
}) {
  if (empty) return <Empty title={title} text={emptyText} />;
  return (
    <div>
      <BarChart title={chartTitle} description={description} data={data} valueLabel="Leads" />
      <FiguresTable caption={title} columns={columns} rows={rows} />
    </div>
  );
}

/**
 * The range form. Its date fields show the range in use: the address's, or else the server's default range
 * (the last days up to today), so the fields never sit empty beside charts of a range they do not name.
 */
function RangeForm({
  search,
  facets,
  range,
}: {
  search: URLSearchParams;
  facets?: AdminLeadFacets;
  range?: AdminStatistics['range'];
}) {
  const from = search.get('from') || range?.from || '';
  const to = search.get('to') || range?.to || '';
  const [, setSearch] = useSearchParams();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(formParams(event.currentTarget, PARAMS));
  };
  const preset = (days: number, granularity: StatisticsGranularity) => {
    const next = new URLSearchParams({ from: daysAgo(days - 1), to: utcToday(), granularity });
    const site = search.get('siteId');
    if (site) next.set('siteId', site);
    return `?${next}`;
  };
  return (
    <form
      // A new address or a newly known range shows in the fields (they are uncontrolled).
      key={`${search.toString()}|${from}|${to}`}
      onSubmit={onSubmit}
      aria-label="Statistics range"
      className={cardClass}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FilterInput label="From" name="from" type="date" value={from} />
        <FilterInput label="To" name="to" type="date" value={to} />
        <FilterSelect
          label="Group by"
          name="granularity"
          value={search.get('granularity') ?? ''}
          anyLabel="Automatic"
          options={STATISTICS_GRANULARITIES.map((g) => ({
            value: g,
            label: GRANULARITY_LABELS[g],
          }))}
        />
        <FilterSelect
          label="Partner"
          name="siteId"
          value={search.get('siteId') ?? ''}
          anyLabel="All partners"
          options={(facets?.partners ?? []).map((p) => ({ value: p.siteId, label: p.name }))}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button type="submit" className={primaryButtonClass}>
          Show
        </button>
        {PRESETS.map((p) => (
          <Link key={p.label} to={preset(p.days, p.granularity)} className={buttonClass}>
            {p.label}
          </Link>
        ))}
      </div>
    </form>
  );
}

export function StatisticsView({ stats }: { stats: AdminStatistics }) {
  const { range, totals } = stats;
  const unit = range.granularity;
  const rangeText = `${formatDay(range.from)} – ${formatDay(range.to)}`;
  const partnerName = (siteId: string) =>
    stats.byPartner.find((p) => p.siteId === siteId)?.name ?? siteId;
  const companiesListed = stats.companiesByState.reduce((n, s) => n + s.listed, 0);
  const funnelTop = stats.funnel[0]?.visitors ?? 0;
  const completed = stats.funnel.at(-1)?.visitors ?? 0;

  return (
    <div className="space-y-6">
      <section aria-labelledby="stats-totals">
        <h3 id="stats-totals" className="sr-only">
          Totals for {rangeText}
        </h3>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[
            ['Leads', formatCount(totals.leads)],
            ['Converted', formatCount(totals.converted)],
            ['Conversion rate', percent(totals.converted, totals.leads)],
            ['Lost', formatCount(totals.lost)],
          ].map(([label, value]) => (
            <div key={label} className={cardClass}>
              <dt className="text-sm font-medium text-slate-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-slate-600">
          {rangeText} (UTC days{unit === 'week' ? '; weeks start on Monday' : ''})
          {range.siteId ? ` · partner ${partnerName(range.siteId)}` : ' · all partners'}
        </p>
      </section>

      <div>
        <ColumnChart
          title={`Leads per ${unit}`}
          description={`Quote requests per ${unit} from ${rangeText}: ${formatCount(totals.leads)} in all.`}
          data={stats.overTime.map((p) => ({
            label: periodLabel(p.period, unit),
            tick: periodTick(p.period, unit),
            value: p.count,
          }))}
          valueLabel="Leads"
          categoryLabel={GRANULARITY_LABELS[unit]}
        />
        <FiguresTable
          caption={`Leads per ${unit}`}
          columns={[GRANULARITY_LABELS[unit], 'Leads']}
          rows={stats.overTime.map((p) => [periodLabel(p.period, unit), formatCount(p.count)])}
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <ChartWithFigures
          empty={stats.byState.length === 0}
          emptyText="No leads in this range."
          title="Leads by state"
          chartTitle="Leads by state (top 10)"
          description="The states moves start in, most requested first."
          data={stats.byState.slice(0, 10).map((s) => ({ label: s.name, value: s.count }))}
          columns={['State', 'Leads', 'Share']}
          rows={stats.byState.map((s) => [
            s.state ? `${s.name} (${s.state})` : s.name,
            formatCount(s.count),
            percent(s.count, totals.leads),
          ])}
        />
        <ChartWithFigures
          empty={stats.byMoveSize.length === 0}
          emptyText="No leads in this range."
          title="Leads by move size"
          description="Quote requests by the size of the move chosen on the first step."
          data={stats.byMoveSize.map((s) => ({ label: s.label, value: s.count }))}
          columns={['Move size', 'Leads', 'Share']}
          rows={stats.byMoveSize.map((s) => [
            s.label,
            formatCount(s.count),
            percent(s.count, totals.leads),
          ])}
        />
        <ChartWithFigures
          empty={stats.byPartner.length === 0}
          emptyText="No leads in this range."
          title="Leads by partner"
          description="Quote requests by the site the widget was embedded on."
          data={stats.byPartner.map((p) => ({ label: p.name, value: p.count }))}
          columns={['Partner', 'Site id', 'Leads']}
          rows={stats.byPartner.map((p) => [p.name, p.siteId, formatCount(p.count)])}
        />
        <ChartWithFigures
          empty={stats.topRoutes.length === 0}
          emptyText="No leads with a readable origin and destination state in this range."
          title="Top routes"
          description="The most requested moves from one state to another."
          data={stats.topRoutes.map((r) => ({ label: `${r.from} → ${r.to}`, value: r.count }))}
          columns={['Route', 'Leads']}
          rows={stats.topRoutes.map((r) => [`${r.from} → ${r.to}`, formatCount(r.count)])}
        />
      </div>

      <section aria-labelledby="lead-sources" className={cardClass}>
        <h3 id="lead-sources" className="text-base font-semibold text-slate-900">
          Lead sources
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          The pages the widget sent leads from, by partner.
        </p>
        {stats.bySource.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No leads in this range.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Leads by partner and page origin</caption>
              <thead className="text-left text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Partner
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Page origin
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    Leads
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {stats.bySource.map((s) => (
                  <tr key={`${s.siteId} ${s.origin ?? ''}`}>
                    <td className="py-1.5 pr-4">{partnerName(s.siteId)}</td>
                    <td className="py-1.5 pr-4 break-all">
                      {s.origin ?? 'Not sent (same site or server)'}
                    </td>
                    <td className="py-1.5 pr-4 text-right tabular-nums">{formatCount(s.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className="max-w-4xl">
        <FunnelChart
          title="Quote wizard funnel"
          description={`Widget sessions opened, then visitors reaching each step of the wizard, from ${rangeText}: ${formatCount(
            completed,
          )} of ${formatCount(funnelTop)} reached the last step.`}
          stages={stats.funnel.map((s) => ({
            label: s.label,
            value: s.visitors,
            dropOffPercent: s.dropOffPercent,
          }))}
        />
        <FiguresTable
          caption="Quote wizard funnel"
          columns={['Step', 'Visitors', 'Drop-off', 'Of sessions']}
          rows={stats.funnel.map((s) => [
            s.label,
            formatCount(s.visitors),
            s.dropOffPercent === null ? '—' : `${s.dropOffPercent}%`,
            percent(s.visitors, funnelTop),
          ])}
        />
        <p className="mt-2 text-xs text-slate-600">
          The widget reports steps 2 to 7; step 1 is counted as the widget sessions opened. A
          visitor going back and forth counts once per step.
        </p>
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <div>
          <BarChart
            title="Listed companies by state (top 15)"
            description={`Where the ${formatCount(companiesListed)} listed companies are.`}
            data={stats.companiesByState
              .slice(0, 15)
              .map((s) => ({ label: s.name, value: s.listed }))}
          />
          <FiguresTable
            caption="Listed companies by state"
            columns={['State', 'Listed', 'Featured']}
            rows={stats.companiesByState.map((s) => [
              `${s.name} (${s.state})`,
              formatCount(s.listed),
              formatCount(s.featured),
            ])}
          />
        </div>
        <div>
          <BarChart
            title="Listed companies by rating"
            description="Listed companies by their average review rating."
            data={stats.companiesByRating.map((b) => ({ label: b.band, value: b.count }))}
          />
          <FiguresTable
            caption="Listed companies by rating"
            columns={['Rating', 'Companies', 'Share']}
            rows={stats.companiesByRating.map((b) => [
              b.band,
              formatCount(b.count),
              percent(b.count, companiesListed),
            ])}
          />
        </div>
      </div>
    </div>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const params = pick(search, PARAMS);
  const stats = useQuery<AdminStatistics>({
    queryKey: [ADMIN_API.statistics, params],
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const facets = useQuery<AdminLeadFacets>({ queryKey: [ADMIN_API.leadFacets] });
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <h2 className="text-xl font-bold text-slate-900">Leads and directory statistics</h2>
      <RangeForm search={search} facets={facets.data} range={stats.data?.range} />
      <p aria-live="polite" className="sr-only">
        {stats.isFetching ? 'Loading statistics…' : stats.data ? 'Statistics loaded.' : ''}
      </p>
      {stats.isError ? (
        <LoadFailure
          what="the statistics"
          error={stats.error}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : null}
      {stats.data && !stats.isError ? (
        <StatisticsView stats={stats.data} />
      ) : !stats.isError ? (
        <Skeleton label="Loading statistics…" blocks={4} />
      ) : null}
    </div>
  );
}
