/**
 * The mover's overview (/pro/companies/:companyId/overview): leads this week and this month, the profile's
 * views and link clicks over the last 30 days, and the rating and review count month by month. Every chart
 * has its figures in a table beside it (open "Show the figures"), so nothing is only a picture.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import {
  COMPANY_LEAD_STATUS_LABELS,
  PRO_OVERVIEW_PATH,
  PROFILE_ACTIVITY_KINDS,
  PROFILE_ACTIVITY_LABELS,
  proCompanyPath,
  type ProfileActivityKind,
  type ProOverview,
} from '@moveratlas/contracts';
import { ColumnChart } from '../../../components/charts/column-chart';
import { LineChart } from '../../../components/charts/line-chart';
import { linkClass } from '../../../components/dashboard/classes';
import { formatDay, shortDay } from '../../../components/dashboard/date-time';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { ActivityKindPicker } from '../../../components/dashboard/activity-kind-picker';
import { formatCount } from '../../../lib/numbers';
import { proScreenPath } from '../pro-paths';

export const overviewKey = (companyId: number) =>
  [proCompanyPath(companyId, PRO_OVERVIEW_PATH)] as const;

const monthName = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const formatMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
const tickMonth = (month: string) => shortMonth.format(new Date(`${month}-01T00:00:00Z`));
const formatRating = (rating: number | null) => (rating === null ? 'No rating' : rating.toFixed(1));

function Tile({ label, value, hint }: { label: string; value: ReactNode; hint: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      <dd className="text-xs text-slate-600">{hint}</dd>
    </div>
  );
}

/** A table of a chart's figures behind a disclosure, visible to everyone who opens it. */
function FiguresTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<{ key: string; cells: readonly string[] }>;
}) {
  return (
    <details className="rounded-lg border border-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-blue-700">
        Show the figures
      </summary>
      <div
        className="max-h-80 overflow-auto border-t border-slate-200"
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <table className="min-w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-white text-left text-slate-700">
            <tr>
              {columns.map((column, i) => (
                <th
                  key={column}
                  scope="col"
                  className={`px-3 py-2 font-semibold ${i > 0 ? 'text-right' : ''}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="px-3 py-1.5 text-left font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="px-3 py-1.5 text-right tabular-nums">
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

function LeadsSection({ overview, companyId }: { overview: ProOverview; companyId: number }) {
  const { leads } = overview;
  const range = `${formatDay(leads.byDay[0]!.day)} – ${formatDay(leads.byDay.at(-1)!.day)}`;
  const last30 = leads.byDay.reduce((sum, d) => sum + d.count, 0);
  return (
    <SectionCard
      id="leads"
      title="Leads"
      description="Quote requests whose senders chose your company."
      actions={
        <Link to={proScreenPath(companyId, 'leads')} className={linkClass}>
          Open the inbox
        </Link>
      }
    >
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label="This week"
          value={formatCount(leads.thisWeek)}
          hint={`Since Monday, ${formatDay(leads.weekStart)}`}
        />
        <Tile
          label="This month"
          value={formatCount(leads.thisMonth)}
          hint={`Since ${formatDay(leads.monthStart)}`}
        />
        <Tile
          label="Waiting for you"
          value={formatCount(leads.byStatus.new)}
          hint="Leads still marked new"
        />
        <Tile
          label="Booked"
          value={formatCount(leads.byStatus.booked)}
          hint={`Of ${formatCount(leads.total)} leads in all`}
        />
      </dl>
      <div className="mt-4 space-y-3">
        {leads.total === 0 ? (
          <EmptyState>
            No leads yet. When someone asks your company for a quote, it is counted here.
          </EmptyState>
        ) : (
          <>
            <ColumnChart
              title="Leads per day"
              description={`Leads received per day from ${range}: ${formatCount(last30)} in all.`}
              data={leads.byDay.map(({ day, count }) => ({
                label: formatDay(day),
                tick: shortDay(day),
                value: count,
              }))}
              valueLabel="Leads"
              categoryLabel="Day"
            />
            <FiguresTable
              caption="Leads per day, newest first"
              columns={['Day', 'Leads']}
              rows={[...leads.byDay].reverse().map(({ day, count }) => ({
                key: day,
                cells: [formatDay(day), formatCount(count)],
              }))}
            />
            <p className="text-sm text-slate-700">
              By status:{' '}
              {(Object.keys(COMPANY_LEAD_STATUS_LABELS) as Array<keyof typeof leads.byStatus>)
                .map((s) => `${COMPANY_LEAD_STATUS_LABELS[s]} ${formatCount(leads.byStatus[s])}`)
                .join(' · ')}
            </p>
          </>
        )}
      </div>
    </SectionCard>
  );
}

function ActivitySection({ overview }: { overview: ProOverview }) {
  const [shown, setShown] = useState<ProfileActivityKind>('view');
  const { activity } = overview;
  const range = `${formatDay(activity.from)} – ${formatDay(activity.to)}`;
  const anything = PROFILE_ACTIVITY_KINDS.some((kind) => activity.totals[kind] > 0);
  return (
    <SectionCard
      id="profile-activity"
      title="Your profile"
      description={`What visitors did on your public profile in the last ${activity.byDay.length} days (${range}, UTC). Robots are not counted.`}
    >
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {PROFILE_ACTIVITY_KINDS.map((kind) => (
          <Tile
            key={kind}
            label={PROFILE_ACTIVITY_LABELS[kind]}
            value={formatCount(activity.totals[kind])}
            hint="Last 30 days"
          />
        ))}
      </dl>
      <div className="mt-4 space-y-3">
        {!anything ? (
          <EmptyState>
            Nobody has viewed your profile or used its links in the last {activity.byDay.length}{' '}
            days.
          </EmptyState>
        ) : (
          <>
            <ActivityKindPicker shown={shown} onChange={setShown} />
            <ColumnChart
              title={`${PROFILE_ACTIVITY_LABELS[shown]} per day`}
              description={`${PROFILE_ACTIVITY_LABELS[shown]} per day from ${range}: ${formatCount(
                activity.totals[shown],
              )} in all.`}
              data={activity.byDay.map(({ day, counts }) => ({
                label: formatDay(day),
                tick: shortDay(day),
                value: counts[shown],
              }))}
              valueLabel={PROFILE_ACTIVITY_LABELS[shown]}
              categoryLabel="Day"
            />
            <FiguresTable
              caption="Profile activity per day, newest first"
              columns={['Day', ...PROFILE_ACTIVITY_KINDS.map((k) => PROFILE_ACTIVITY_LABELS[k])]}
              rows={[...activity.byDay].reverse().map(({ day, counts }) => ({
                key: day,
                cells: [
                  formatDay(day),
                  ...PROFILE_ACTIVITY_KINDS.map((k) => formatCount(counts[k])),
                ],
              }))}
            />
          </>
        )}
      </div>
    </SectionCard>
  );
}

function ReviewsSection({ overview }: { overview: ProOverview }) {
  const { reviews } = overview;
  const months = reviews.byMonth;
  const rated = months.filter((m) => m.rating !== null);
  const span = `${formatMonth(months[0]!.month)} – ${formatMonth(months.at(-1)!.month)}`;
  return (
    <SectionCard
      id="reviews"
      title="Rating and reviews"
      description="Published reviews only, as your public profile shows them."
    >
      <dl className="grid grid-cols-2 gap-3">
        <Tile
          label="Rating"
          value={formatRating(reviews.rating)}
          hint={reviews.rating === null ? 'No published reviews yet' : 'Out of 5 stars'}
        />
        <Tile
          label="Reviews"
          value={formatCount(reviews.reviewCount)}
          hint={`${formatCount(months.at(-1)!.newReviews)} this month`}
        />
      </dl>
      <div className="mt-4 space-y-3">
        {reviews.reviewCount === 0 ? (
          <EmptyState>No published reviews yet.</EmptyState>
        ) : (
          <>
            {rated.length > 0 ? (
              <LineChart
                title="Rating at the end of each month"
                description={`Your average rating at the end of each month, ${span}: ${formatRating(reviews.rating)} now.`}
                data={rated.map((m) => ({
                  label: formatMonth(m.month),
                  tick: tickMonth(m.month),
                  value: m.rating!,
                }))}
                max={5}
                valueLabel="Rating"
                categoryLabel="Month"
                formatValue={(v) => v.toFixed(1)}
              />
            ) : null}
            <ColumnChart
              title="New reviews per month"
              description={`Published reviews per month, ${span}.`}
              data={months.map((m) => ({
                label: formatMonth(m.month),
                tick: tickMonth(m.month),
                value: m.newReviews,
              }))}
              valueLabel="New reviews"
              categoryLabel="Month"
            />
            <FiguresTable
              caption="Reviews per month, newest first"
              columns={['Month', 'New reviews', 'Reviews in all', 'Rating']}
              rows={[...months].reverse().map((m) => ({
                key: m.month,
                cells: [
                  formatMonth(m.month),
                  formatCount(m.newReviews),
                  formatCount(m.reviewCount),
                  formatRating(m.rating),
                ],
              }))}
            />
          </>
        )}
      </div>
    </SectionCard>
  );
}

export function Component() {
  const companyId = Number(useParams().companyId);
  const overview = useQuery<ProOverview>({ queryKey: overviewKey(companyId), staleTime: 60_000 });
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <h2 className="text-xl font-bold text-slate-900">At a glance</h2>
      {overview.data ? (
        <>
          <LeadsSection overview={overview.data} companyId={companyId} />
          <ActivitySection overview={overview.data} />
          <ReviewsSection overview={overview.data} />
        </>
      ) : overview.isError ? (
        <LoadFailure
          what="your overview"
          error={overview.error}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <Skeleton label="Loading your overview…" blocks={3} />
      )}
    </div>
  );
}
