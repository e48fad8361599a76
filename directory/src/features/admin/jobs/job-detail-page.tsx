/**
 * One job (/admin/jobs/:id): its status and progress bar, its log as it happens (server-sent events), its
 * timing, result and payload, and Cancel (while queued or running) or Retry (once dead, failed or cancelled).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import {
  isFinishedJobStatus,
  type AdminJob,
  type JobActionResponse,
  type JobEvent,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { Breadcrumb } from '../../../components/dashboard/breadcrumb';
import {
  buttonClass,
  cardClass,
  dangerButtonClass,
  linkClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { formatDuration, Time } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { ProgressBar } from '../../../components/dashboard/progress-bar';
import { JobLeadLink, JobStatusBadge, jobTypeLabel, STATUS_LABELS } from './job-ui';
import { jobPath, useLiveJob } from './use-live-job';

/** How each kind of event reads in the log. */
const EVENT_LABELS: Record<string, { label: string; tone: string }> = {
  log: { label: 'Info', tone: 'text-slate-600' },
  warn: { label: 'Warning', tone: 'text-amber-800' },
  error: { label: 'Error', tone: 'text-red-800' },
  succeeded: { label: 'Succeeded', tone: 'text-green-800' },
  retry: { label: 'Failed, will retry', tone: 'text-amber-800' },
  dead: { label: 'Failed for good', tone: 'text-red-800' },
  'lease-expired': { label: 'Worker lost', tone: 'text-amber-800' },
  retried: { label: 'Retried', tone: 'text-blue-800' },
  cancelled: { label: 'Cancelled', tone: 'text-slate-700' },
  'cancel-requested': { label: 'Cancel requested', tone: 'text-slate-700' },
};

/** Re-renders every second while `active`, so running times count up. */
function useTicker(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function Timing({ job }: { job: AdminJob }) {
  const running = job.status === 'running';
  const now = useTicker(running);
  const rows: Array<[string, ReactNode]> = [
    ['Queued', <Time key="q" ms={job.createdAt} />],
    ['Started', <Time key="s" ms={job.startedAt} />],
    ['Finished', <Time key="f" ms={job.finishedAt} />],
    [
      'Waited',
      job.startedAt === null ? '—' : formatDuration(Math.max(0, job.startedAt - job.createdAt)),
    ],
    [
      running ? 'Running for' : 'Ran for',
      job.startedAt === null
        ? '—'
        : formatDuration((job.finishedAt ?? (running ? now : job.updatedAt)) - job.startedAt),
    ],
    ['Attempts', `${job.attempts} of ${job.maxAttempts}`],
    ['Queued by', job.createdBy ?? 'the system'],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LogLine({ event }: { event: JobEvent }) {
  const kind = EVENT_LABELS[event.event] ?? { label: event.event, tone: 'text-slate-600' };
  return (
    <li className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 border-b border-slate-100 px-3 py-2 last:border-b-0 sm:grid-cols-[9rem_8rem_1fr]">
      <span className="text-xs whitespace-nowrap text-slate-500">
        <Time ms={event.createdAt} />
      </span>
      <span className={`text-xs font-semibold ${kind.tone}`}>
        {kind.label}
        {event.attempt > 0 ? <span className="font-normal"> · attempt {event.attempt}</span> : null}
      </span>
      <span className="col-span-2 text-sm break-words whitespace-pre-wrap text-slate-900 sm:col-span-1">
        {event.message ?? ''}
      </span>
    </li>
  );
}

function JobLog({ events, live }: { events: JobEvent[]; live: boolean }) {
  const box = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  // Follow new lines while the reader is at the bottom; leave them where they are when they scrolled up.
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [events.length]);
  return (
    <section aria-labelledby="job-log-heading" className={cardClass}>
      <div className="flex items-center justify-between gap-2">
        <h3 id="job-log-heading" className="text-base font-semibold text-slate-900">
          Log
        </h3>
        {live ? (
          <span className="inline-flex items-center gap-1.5 text-xs font-medium text-green-800">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-600" />
            Live
          </span>
        ) : null}
      </div>
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nothing logged yet.</p>
      ) : (
        <ol
          ref={box}
          role="log"
          aria-label="Job log"
          tabIndex={0}
          onScroll={(e) => {
            const el = e.currentTarget;
            pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
          }}
          className="mt-3 max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {events.map((event) => (
            <LogLine key={event.id} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Json({ value }: { value: unknown }) {
  return (
    <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function JobActions({ job, onChange }: { job: AdminJob; onChange: (job: AdminJob) => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/jobs'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/scripts'] });
  };
  const cancel = useMutation({
    mutationFn: () => adminWrite<JobActionResponse>('POST', `${jobPath(job.id)}/cancel`),
    onSuccess: ({ job: next, outcome }) => {
      setConfirming(false);
      onChange(next);
      refreshLists();
      toast(
        outcome === 'cancelled'
          ? { title: `Job ${next.id} cancelled` }
          : {
              title: 'Cancel requested',
              description: `Job ${next.id} stops at its worker's next check, within a second or two.`,
            },
      );
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: 'Could not cancel the job',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
  const retry = useMutation({
    mutationFn: () => adminWrite<JobActionResponse>('POST', `${jobPath(job.id)}/retry`),
    onSuccess: ({ job: next }) => {
      onChange(next);
      refreshLists();
      // The stream reopens for the new attempts; reload so the log includes the retry.
      void queryClient.invalidateQueries({ queryKey: [jobPath(job.id)] });
      toast({ title: `Job ${next.id} queued again`, description: 'With a fresh set of attempts.' });
    },
    onError: (error) =>
      toast({
        title: 'Could not retry the job',
        description: failureText(error),
        variant: 'destructive',
      }),
  });

  const cancellable = (job.status === 'queued' || job.status === 'running') && !job.cancelRequested;
  const retryable = job.status === 'dead' || job.status === 'failed' || job.status === 'cancelled';
  if (!cancellable && !retryable) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {cancellable ? (
        <>
          <button type="button" className={dangerButtonClass} onClick={() => setConfirming(true)}>
            Cancel job
          </button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Cancel job ${job.id}?`}
            description={
              job.status === 'running'
                ? 'The job is running: its worker stops it at its next check. Work it has already committed stays done.'
                : 'The job has not started; it will not run. You can retry it later.'
            }
            confirmLabel="Cancel job"
            cancelLabel="Keep it"
            pending={cancel.isPending}
            onConfirm={() => cancel.mutate()}
          />
        </>
      ) : null}
      {retryable ? (
        <button
          type="button"
          className={primaryButtonClass}
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
        >
          {retry.isPending ? 'Retrying…' : 'Retry job'}
        </button>
      ) : null}
    </div>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const { job, events, query, setJob, streaming } = useLiveJob(id);

  if (query.isPending) return <Skeleton label="Loading the job" />;
  if (!job)
    return (
      <div className="space-y-4">
        <LoadFailure what={`job ${id}`} error={query.error} onRetry={() => void query.refetch()} />
        <Link to="/admin/jobs" className={linkClass}>
          Back to all jobs
        </Link>
      </div>
    );
  const finished = isFinishedJobStatus(job.status);
  const scriptId = job.type.startsWith('script.') ? job.type.slice('script.'.length) : null;
  return (
    <article aria-labelledby="job-heading" className="space-y-5">
      <Breadcrumb parent={{ to: '/admin/jobs', label: 'Jobs' }} current={`Job ${job.id}`} />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="job-heading" className="text-xl font-semibold break-words text-slate-900">
            Job {job.id}: {jobTypeLabel(job.type)}
          </h2>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <JobStatusBadge status={job.status} />
            {job.cancelRequested && job.status === 'running' ? (
              <span className="text-sm text-amber-800">Cancel requested</span>
            ) : null}
          </div>
          <JobLeadLink job={job} className="mt-2 text-sm text-slate-700" />
          {/* Announced when it changes: the one thing a screen-reader user waits for. */}
          <p className="sr-only" role="status">
            Status: {STATUS_LABELS[job.status]}
          </p>
        </div>
        <JobActions job={job} onChange={setJob} />
      </header>

      <section aria-label="Progress" className={cardClass}>
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-medium text-slate-800">Progress</span>
          <span className="text-slate-700">
            {job.progress === null ? 'Not reported yet' : `${job.progress}%`}
          </span>
        </div>
        <div className="mt-2">
          <ProgressBar value={job.progress} label={`Job ${job.id} progress`} />
        </div>
        <div className="mt-4">
          <Timing job={job} />
        </div>
      </section>

      {job.lastError && job.status !== 'succeeded' ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p className="font-semibold">Last error</p>
          <p className="mt-1 break-words whitespace-pre-wrap">{job.lastError}</p>
        </div>
      ) : null}

      <JobLog events={events} live={streaming && !finished} />

      {job.status === 'succeeded' ? (
        <section aria-labelledby="job-result-heading" className={cardClass}>
          <h3 id="job-result-heading" className="text-base font-semibold text-slate-900">
            Result
          </h3>
          {job.result === null || job.result === undefined ? (
            <p className="mt-2 text-sm text-slate-600">The job returned no result.</p>
          ) : (
            <Json value={job.result} />
          )}
        </section>
      ) : null}

      <details className={cardClass}>
        <summary className="cursor-pointer text-sm font-semibold text-slate-900">Payload</summary>
        <Json value={job.payload} />
      </details>

      <div className="flex flex-wrap gap-3">
        <Link to="/admin/jobs" className={buttonClass}>
          All jobs
        </Link>
        {scriptId ? (
          <Link to={`/admin/scripts/run/${scriptId}`} className={buttonClass}>
            Run this script again
          </Link>
        ) : null}
      </div>
    </article>
  );
}
