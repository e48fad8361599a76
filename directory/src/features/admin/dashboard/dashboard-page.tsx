/**
 * The admin dashboard (/admin): leads today, this week and this month, the last 30 days as a chart, the
 * pipeline by status, where leads come from, whether the lead outbox is delivering, the directory's size and
 * the newest leads, each linking to its record. One request (GET /api/admin/dashboard), and the count of
 * contact messages nobody has opened (the navigation's request, shared), with a link to them.
 */
import { ADMIN_API, LEAD_STATUS_LABELS } from '@moveratlas/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { AdminDashboard } from '@moveratlas/contracts';
import { BarChart } from '../../../components/charts/bar-chart';
import { ColumnChart } from '../../../components/charts/column-chart';
import { formatCount } from '../../../lib/numbers';
import { DeliveryBadge, fullName, routeText, StatusBadge } from '../leads/lead-format';
import { buttonClass, cardClass } from '../../../components/dashboard/classes';
import {
  DateTime,
  formatDateTime,
  formatDay,
  shortDay,
} from '../../../components/dashboard/date-time';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { useNewMessageCount } from '../messages/message-format';
import { useAdminAlerts } from '../alerts/use-admin-alerts';

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
  return (
    <div className={cardClass}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">
        {to ? (
          <Link to={to} className="text-blue-700 underline hover:text-blue-900">
            {formatCount(value)}
          </Link>
        ) : (
          formatCount(value)
        )}
      </dd>
    </div>
  );
}

const HEALTH: Array<{
  key: keyof AdminDashboard['delivery'];
  label: string;
  hint: string;
  alarm: boolean;
}> = [
  { key: 'delivered', label: 'Delivered', hint: 'accepted by the lead backend', alarm: false },
  { key: 'pending', label: 'Pending', hint: 'waiting for a first attempt', alarm: false },
  { key: 'retrying', label: 'Retrying', hint: 'failed before, will try again', alarm: false },
  { key: 'failed', label: 'Failed', hint: 'cancelled or abandoned', alarm: true },
  { key: 'deadLetter', label: 'Dead letter', hint: 'gave up: retry by hand', alarm: true },
];

/**
 * The section's one-line verdict. "Nothing waiting for an admin" only when nothing fails anywhere (the
 * alerts say so too): while leads retry against a failing backend, or anything else is raised, it says that.
 */
function deliveryVerdict(
  delivery: AdminDashboard['delivery'],
  problems: number | undefined,
): { text: string; alarm: boolean } {
  const attention = delivery.deadLetter + delivery.failed;
  if (attention > 0)
    return {
      text: `${formatCount(attention)} ${attention === 1 ? 'lead needs' : 'leads need'} attention`,
      alarm: true,
    };
  if (delivery.retrying > 0)
    return {
      text: `Delivery is failing: ${formatCount(delivery.retrying)} ${
        delivery.retrying === 1 ? 'lead is' : 'leads are'
      } being retried`,
      alarm: true,
    };
  if (problems === undefined) return { text: 'Leads are being delivered', alarm: false };
  if (problems > 0)
    return { text: 'Leads are being delivered; other problems are listed above', alarm: false };
  return { text: 'Nothing waiting for an admin', alarm: false };
}

function DeliveryHealth({ delivery }: { delivery: AdminDashboard['delivery'] }) {
  const attention = delivery.deadLetter + delivery.failed;
  const alerts = useAdminAlerts().data;
  const verdict = deliveryVerdict(delivery, alerts?.alerts.length);
  return (
    <section aria-labelledby="delivery-health" className={cardClass}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="delivery-health" className="text-base font-semibold text-slate-900">
          Lead delivery health
        </h2>
        <p className={`text-sm ${verdict.alarm ? 'font-semibold text-red-700' : 'text-green-700'}`}>
          {verdict.text}
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {HEALTH.map(({ key, label, hint, alarm }) => {
          const value = delivery[key];
          const alarming = alarm && value > 0;
          return (
            <div
              key={key}
              className={`rounded-lg border p-3 ${alarming ? 'border-red-300 bg-red-50' : 'border-slate-200'}`}
            >
              <dt className="text-sm font-medium text-slate-700">{label}</dt>
              <dd
                className={`text-2xl font-bold tabular-nums ${alarming ? 'text-red-700' : 'text-slate-900'}`}
              >
                {formatCount(value)}
              </dd>
              <dd className="text-xs text-slate-600">{hint}</dd>
            </div>
          );
        })}
      </dl>
      {attention === 0 && delivery.retrying > 0 ? (
        <Link
          to="/admin/jobs?status=queued&type=lead.forward"
          className="mt-4 inline-block text-sm font-semibold text-blue-700 underline hover:text-blue-900"
        >
          See the deliveries being retried
        </Link>
      ) : null}
      {attention > 0 ? (
        <Link
          to="/admin/leads?delivery=dead"
          className="mt-4 inline-block text-sm font-semibold text-blue-700 underline hover:text-blue-900"
        >
          See the leads whose delivery gave up
        </Link>
      ) : null}
    </section>
  );
}

function RecentLeads({ leads }: { leads: AdminDashboard['recentLeads'] }) {
  return (
    <section aria-labelledby="recent-leads" className={cardClass}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="recent-leads" className="text-base font-semibold text-slate-900">
          Recent leads
        </h2>
        <Link to="/admin/leads" className="text-sm font-semibold text-blue-700 underline">
          All leads
        </Link>
      </div>
      {leads.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No quote requests have arrived yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {leads.map((lead) => (
            <li key={lead.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/admin/leads/${lead.id}`}
                  className="font-semibold text-blue-700 underline hover:text-blue-900"
                >
                  {fullName(lead)}
                </Link>
                <span className="ml-2 font-mono text-xs text-slate-600">{lead.publicId}</span>
                <p className="truncate text-sm text-slate-600">{routeText(lead)}</p>
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge status={lead.status} />
                <DeliveryBadge delivery={lead.delivery} />
              </div>
              <p className="w-full text-xs text-slate-600 sm:w-auto">
                <DateTime iso={lead.createdAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DashboardView({ dashboard }: { dashboard: AdminDashboard }) {
  const { leads, leadsPerDay, byStatus, byState, companies } = dashboard;
  const first = leadsPerDay[0]?.date;
  const last = leadsPerDay.at(-1)?.date;
  return (
    <div className="space-y-6">
      <section aria-labelledby="lead-figures">
        <h2 id="lead-figures" className="sr-only">
          Leads and companies
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <Figure label="Leads today" value={leads.today} />
          <Figure label="This week" value={leads.thisWeek} />
          <Figure label="This month" value={leads.thisMonth} />
          <Figure label="All leads" value={leads.total} to="/admin/leads" />
          <Figure label="Companies listed" value={companies.listed} />
          <Figure label="Featured companies" value={companies.featured} />
        </dl>
        <p className="mt-2 text-xs text-slate-600">
          Days are UTC; weeks start on Monday. {formatCount(companies.total)} companies in the
          database, {formatCount(companies.total - companies.listed)} of them not listed.
        </p>
      </section>

      <ColumnChart
        title="Leads per day, last 30 days"
        description={
          first && last
            ? `Quote requests per UTC day from ${formatDay(first)} to ${formatDay(last)}: ${formatCount(
                leadsPerDay.reduce((n, d) => n + d.count, 0),
              )} in all.`
            : 'Quote requests per day.'
        }
        data={leadsPerDay.map((d) => ({
          label: formatDay(d.date),
          tick: shortDay(d.date),
          value: d.count,
        }))}
        valueLabel="Leads"
        categoryLabel="Day"
      />

      <DeliveryHealth delivery={dashboard.delivery} />

      <div className="grid gap-6 xl:grid-cols-2">
        <BarChart
          title="Leads by status"
          description="All leads by where they stand in the sales pipeline."
          data={byStatus.map((s) => ({ label: LEAD_STATUS_LABELS[s.status], value: s.count }))}
          valueLabel="Leads"
        />
        {byState.length === 0 ? (
          <section className={cardClass} aria-labelledby="by-state-empty">
            <h2 id="by-state-empty" className="text-base font-semibold text-slate-900">
              Leads by state, last 30 days
            </h2>
            <p className="mt-3 text-sm text-slate-600">No leads in the last 30 days.</p>
          </section>
        ) : (
          <BarChart
            title="Leads by state, last 30 days"
            description="The states moves start in, most requested first (top 10)."
            data={byState.map((s) => ({ label: s.state ?? s.name, value: s.count }))}
            valueLabel="Leads"
          />
        )}
      </div>

      <RecentLeads leads={dashboard.recentLeads} />
    </div>
  );
}

/** "3 new messages": the contact page promises a reply within two business days, so it comes first. */
function NewMessages() {
  const count = useNewMessageCount();
  if (count === undefined) return null;
  return (
    <section
      aria-labelledby="new-messages"
      className={`${cardClass} mb-6 flex flex-wrap items-center justify-between gap-3 ${
        count > 0 ? 'border-blue-200 bg-blue-50' : ''
      }`}
    >
      <h2 id="new-messages" className="text-base font-semibold text-slate-900">
        {count === 0
          ? 'No new contact messages'
          : `${formatCount(count)} new ${count === 1 ? 'message' : 'messages'}`}
      </h2>
      <Link
        to={count > 0 ? '/admin/messages?status=new' : '/admin/messages'}
        className="text-sm font-semibold text-blue-700 underline hover:text-blue-900"
      >
        {count > 0 ? 'Read the new messages' : 'Open the inbox'}
      </Link>
    </section>
  );
}

export function Component() {
  const query = useQuery<AdminDashboard>({
    queryKey: [ADMIN_API.dashboard],
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  return (
    <div className="mx-auto max-w-7xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">Overview</h2>
        <div className="flex items-center gap-3">
          <p className="text-xs text-slate-600" aria-live="polite">
            {query.data ? `Updated ${formatDateTime(query.data.generatedAt)}` : ''}
          </p>
          <button
            type="button"
            className={buttonClass}
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {query.isFetching && query.data ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </div>
      <NewMessages />
      {query.data ? (
        <DashboardView dashboard={query.data} />
      ) : query.isError ? (
        <LoadFailure
          what="the dashboard"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Skeleton label="Loading the dashboard…" blocks={4} />
      )}
    </div>
  );
}
