/**
 * The Jobs System list (/admin/jobs): every job of the durable queue — lead forwarding, imports, script
 * runs — filtered by status and type, newest first, paged; the filters live in the URL. The list refreshes
 * itself every 2 seconds while anything is queued or running (a paged, filtered table is a query, so it
 * polls; a job's own page streams).
 */
import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { JOB_STATUSES, type AdminJob, type JobListResponse } from '@moveratlas/contracts';
import { formatCount } from '../../../lib/numbers';
import { buttonClass, inputClass, linkClass } from '../../../components/dashboard/classes';
import { formatDuration, Time } from '../../../components/dashboard/date-time';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { Pager } from '../../../components/dashboard/pager';
import { ProgressBar } from '../../../components/dashboard/progress-bar';
import { pageParam, pick, withParams } from '../../../components/dashboard/url-params';
import { JobLeadLink, JobStatusBadge, jobTypeLabel, STATUS_LABELS } from './job-ui';
import { StatusFilter } from '../../../components/dashboard/status-filter';

export const JOBS_PATH = '/api/admin/jobs';
const PAGE_SIZE = 25;
const LIVE_INTERVAL_MS = 2000;
const IDLE_INTERVAL_MS = 15_000;

function duration(job: AdminJob): string {
  if (job.startedAt === null) return '—';
  return formatDuration((job.finishedAt ?? Date.now()) - job.startedAt);
}

function TypeFilter({ list, search }: { list?: JobListResponse; search: URLSearchParams }) {
  const [, setSearch] = useSearchParams();
  const typeId = useId();
  const orderId = useId();
  const type = search.get('type') ?? '';
  const types = list?.types ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <div>
        <label htmlFor={typeId} className="block text-sm font-medium text-slate-800">
          Type
        </label>
        <select
          id={typeId}
          value={type}
          onChange={(e) => setSearch(withParams(search, { type: e.target.value, page: null }))}
          className={inputClass}
        >
          <option value="">All types</option>
          {/* Keep a type chosen from a link even before the list has loaded. */}
          {type && !types.includes(type) ? (
            <option value={type}>{jobTypeLabel(type)}</option>
          ) : null}
          {types.map((t) => (
            <option key={t} value={t}>
              {jobTypeLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={orderId} className="block text-sm font-medium text-slate-800">
          Order
        </label>
        <select
          id={orderId}
          value={search.get('order') ?? 'newest'}
          onChange={(e) =>
            setSearch(
              withParams(search, {
                order: e.target.value === 'newest' ? null : e.target.value,
                page: null,
              }),
            )
          }
          className={inputClass}
        >
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </div>
    </div>
  );
}

function JobLink({ job }: { job: AdminJob }) {
  return (
    <Link to={`/admin/jobs/${job.id}`} className={linkClass}>
      Job {job.id}
    </Link>
  );
}

function JobTable({ jobs }: { jobs: AdminJob[] }) {
  return (
    <ListTable caption="Jobs">
      <thead className="bg-slate-50 text-left text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2 font-semibold">
            Job
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Status
          </th>
          <th scope="col" className="w-40 px-3 py-2 font-semibold">
            Progress
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Attempts
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Queued
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Took
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {jobs.map((job) => (
          <tr key={job.id} className="align-top hover:bg-slate-50">
            <td className="px-3 py-2">
              <JobLink job={job} />
              <div className="text-xs break-all text-slate-600">{jobTypeLabel(job.type)}</div>
              <JobLeadLink job={job} className="text-xs text-slate-600" />
              {job.createdBy ? (
                <div className="text-xs text-slate-500">by {job.createdBy}</div>
              ) : null}
            </td>
            <td className="px-3 py-2">
              <JobStatusBadge status={job.status} />
              {job.cancelRequested && job.status === 'running' ? (
                <div className="mt-1 text-xs text-amber-800">Cancel requested</div>
              ) : null}
            </td>
            <td className="px-3 py-2">
              <ProgressBar value={job.progress} label={`Job ${job.id} progress`} size="small" />
              <div className="mt-1 text-xs text-slate-600">
                {job.progress === null ? '—' : `${job.progress}%`}
              </div>
            </td>
            <td className="px-3 py-2 text-slate-700">
              {job.attempts} of {job.maxAttempts}
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              <Time ms={job.createdAt} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">{duration(job)}</td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

/** Phones get cards: one job per card, nothing to scroll sideways. */
function JobCards({ jobs }: { jobs: AdminJob[] }) {
  return (
    <ListCards>
      {jobs.map((job) => (
        <ListCard key={job.id}>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <JobLink job={job} />
              <div className="text-xs break-all text-slate-600">{jobTypeLabel(job.type)}</div>
              <JobLeadLink job={job} className="text-xs text-slate-600" />
            </div>
            <JobStatusBadge status={job.status} />
          </div>
          <div className="mt-3">
            <ProgressBar value={job.progress} label={`Job ${job.id} progress`} size="small" />
          </div>
          <p className="mt-2 text-xs text-slate-600">
            Attempt {job.attempts} of {job.maxAttempts} · queued <Time ms={job.createdAt} /> · took{' '}
            {duration(job)}
          </p>
        </ListCard>
      ))}
    </ListCards>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const page = pageParam(search);
  const params = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...pick(search, ['status', 'type', 'order']),
  };
  const list = useQuery<JobListResponse>({
    queryKey: [JOBS_PATH, params],
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const counts = query.state.data?.counts;
      return counts && counts.queued + counts.running > 0 ? LIVE_INTERVAL_MS : IDLE_INTERVAL_MS;
    },
  });
  const data = list.data;
  const live = data ? data.counts.queued + data.counts.running > 0 : false;

  return (
    <section aria-labelledby="jobs-heading" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="jobs-heading" className="text-xl font-semibold text-slate-900">
            Jobs
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Lead forwarding, imports and script runs.{' '}
            {live ? 'Refreshing every 2 seconds while jobs are queued or running.' : null}
          </p>
        </div>
        <Link to="/admin/scripts" className={buttonClass}>
          Scripts
        </Link>
      </div>
      <StatusFilter
        label="Job status"
        statuses={JOB_STATUSES}
        labels={STATUS_LABELS}
        counts={data?.counts}
        search={search}
      />
      <TypeFilter list={data} search={search} />
      {list.isPending ? (
        <Skeleton label="Loading jobs" />
      ) : list.isError && !data ? (
        <LoadFailure what="the jobs" error={list.error} onRetry={() => void list.refetch()} />
      ) : data && data.jobs.length === 0 ? (
        <EmptyState>No jobs match these filters.</EmptyState>
      ) : data ? (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {formatCount(data.total)} {data.total === 1 ? 'job' : 'jobs'}
          </p>
          <JobTable jobs={data.jobs} />
          <JobCards jobs={data.jobs} />
          <Pager
            label="Job pages"
            page={page}
            pages={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
            search={search}
          />
        </>
      ) : null}
    </section>
  );
}
