/**
 * A company's profile activity on its admin page: how often its public profile was viewed and its Get Quote,
 * phone and website links used, per UTC day over the last 30 days — totals, a chart of one kind at a time,
 * and every figure in a table (docs/decisions/033). The movers' own dashboard will show the same numbers.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  PROFILE_ACTIVITY_DEFAULT_DAYS,
  PROFILE_ACTIVITY_KINDS,
  PROFILE_ACTIVITY_LABELS,
  type AdminCompanyActivity,
  type ProfileActivityKind,
} from '@moveratlas/contracts';
import { ColumnChart } from '../../../components/charts/column-chart';
import { formatCount } from '../../../lib/numbers';
import { formatDay, shortDay } from '../../../components/dashboard/date-time';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { ActivityKindPicker } from '../../../components/dashboard/activity-kind-picker';
import { COMPANIES_PATH } from './api-paths';

/** The query key (and address) of a company's activity over the panel's range. */
export const companyActivityKey = (companyId: number) =>
  [`${COMPANIES_PATH}/${companyId}/activity`, { days: PROFILE_ACTIVITY_DEFAULT_DAYS }] as const;

/** What each kind counts, under its total. */
const KIND_HINTS: Record<ProfileActivityKind, string> = {
  view: 'Times the profile page was opened',
  quote_click: 'Uses of the Get Quote button',
  phone_click: 'Taps or clicks on the phone number',
  website_click: 'Visits to the company’s website from the profile',
};

function ActivityView({ activity }: { activity: AdminCompanyActivity }) {
  const [shown, setShown] = useState<ProfileActivityKind>('view');
  const { totals, byDay } = activity;
  const range = `${formatDay(activity.from)} – ${formatDay(activity.to)}`;
  const anything = PROFILE_ACTIVITY_KINDS.some((kind) => totals[kind] > 0);

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {PROFILE_ACTIVITY_KINDS.map((kind) => (
          <div key={kind} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm font-medium text-slate-700">{PROFILE_ACTIVITY_LABELS[kind]}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
              {formatCount(totals[kind])}
            </dd>
            <dd className="text-xs text-slate-600">{KIND_HINTS[kind]}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">
        {range}, in UTC days. Search engines and other robots are not counted, and nothing about the
        visitors is kept.
      </p>

      {!anything ? (
        <EmptyState>
          Nobody has viewed this company’s profile or used its links in the last {byDay.length}{' '}
          days.
        </EmptyState>
      ) : (
        <>
          <ActivityKindPicker shown={shown} onChange={setShown} />

          <ColumnChart
            title={`${PROFILE_ACTIVITY_LABELS[shown]} per day`}
            description={`${PROFILE_ACTIVITY_LABELS[shown]} per day from ${range}: ${formatCount(
              totals[shown],
            )} in all.`}
            data={byDay.map(({ day, counts }) => ({
              label: formatDay(day),
              tick: shortDay(day),
              value: counts[shown],
            }))}
            valueLabel={PROFILE_ACTIVITY_LABELS[shown]}
            categoryLabel="Day"
          />

          <div
            className="max-h-96 overflow-auto rounded-lg border border-slate-200"
            // A region that scrolls can be reached and scrolled with the keyboard.
            tabIndex={0}
            role="region"
            aria-label="Profile activity per day, newest first"
          >
            <table className="min-w-full text-sm">
              <caption className="sr-only">
                Profile activity per day, newest first, with the totals of {range}
              </caption>
              <thead className="sticky top-0 bg-white text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Day
                  </th>
                  {PROFILE_ACTIVITY_KINDS.map((kind) => (
                    <th key={kind} scope="col" className="px-3 py-2 text-right font-semibold">
                      {PROFILE_ACTIVITY_LABELS[kind]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {[...byDay].reverse().map(({ day, counts }) => (
                  <tr key={day}>
                    <th
                      scope="row"
                      className="px-3 py-1.5 text-left font-normal whitespace-nowrap text-slate-900"
                    >
                      {formatDay(day)}
                    </th>
                    {PROFILE_ACTIVITY_KINDS.map((kind) => (
                      <td key={kind} className="px-3 py-1.5 text-right text-slate-900 tabular-nums">
                        {formatCount(counts[kind])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-300 font-semibold text-slate-900">
                <tr>
                  <th scope="row" className="px-3 py-2 text-left">
                    Total
                  </th>
                  {PROFILE_ACTIVITY_KINDS.map((kind) => (
                    <td key={kind} className="px-3 py-2 text-right tabular-nums">
                      {formatCount(totals[kind])}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

export function CompanyActivityPanel({ companyId }: { companyId: number }) {
  const activity = useQuery<AdminCompanyActivity>({ queryKey: companyActivityKey(companyId) });
  return (
    <SectionCard
      id="profile-activity"
      title="Profile activity"
      description={`What visitors did on this company’s public page in the last ${PROFILE_ACTIVITY_DEFAULT_DAYS} days.`}
    >
      {activity.data ? (
        <ActivityView activity={activity.data} />
      ) : activity.isError ? (
        <LoadFailure
          what="the profile activity"
          error={activity.error}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : (
        <Skeleton label="Loading the profile activity…" blocks={2} />
      )}
    </SectionCard>
  );
}
