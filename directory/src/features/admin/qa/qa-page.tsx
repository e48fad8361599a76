/**
 * QA Automation (/admin/qa-automation): run some or all of the QA suites against the running site (a job;
 * its progress shows here), and the history of runs with every check's pass or fail, timing and failure
 * details. A run is chosen with ?run=id (the newest by default). Runs on a schedule come from the Scripts
 * screen's schedules of "Run the QA suites".
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  QA_SUITE_INFO,
  QA_SUITES,
  qaRunPercent,
  type ActiveScriptJob,
  type QaCheck,
  type QaRun,
  type QaRunDetailResponse,
  type QaRunListResponse,
  type QaRunStartedResponse,
  type QaRunStatus,
  type QaSuite,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { formatCount } from '../../../lib/numbers';
import { adminWrite } from '../admin-request';
import { cardClass, linkClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { formatDuration, Time } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { ActiveJobNotice } from '../seo-health/seo-ui';
import { ProgressBar } from '../../../components/dashboard/progress-bar';
import { pageParam, withParams } from '../../../components/dashboard/url-params';
import { Pager } from '../../../components/dashboard/pager';

const RUNS_PATH = '/api/admin/qa-automation/runs';
const RUNS_PAGE = 10;

const RUN_STATUS: Record<QaRunStatus, [string, string]> = {
  running: ['Running', 'bg-blue-50 text-blue-800 ring-blue-300'],
  passed: ['Passed', 'bg-green-50 text-green-800 ring-green-300'],
  failed: ['Failed', 'bg-red-50 text-red-800 ring-red-300'],
  error: ['Stopped', 'bg-amber-50 text-amber-900 ring-amber-300'],
};

/**
 * A run's figures as the card and its bar both say them (issue 16: they once disagreed, the card reading
 * "0 of 0 checks passed" beside a half-full bar): checks made, passed and expected, from the same run.
 */
export function runProgress(run: QaRun): { percent: number; summary: string; valueText: string } {
  const running = run.status === 'running';
  const percent = qaRunPercent({ running, done: run.total, expected: run.expected });
  const passed = `${formatCount(run.passed)} of ${formatCount(run.total)} checks passed`;
  if (!running) return { percent, summary: passed, valueText: `${passed}, finished` };
  const done = `${formatCount(run.total)} of about ${formatCount(run.expected)} checks done`;
  return { percent, summary: `${done} · ${passed} so far`, valueText: `${percent}%, ${done}` };
}

/** The QA job in the queue or running, its bar from the running run's own figures when it has started. */
function ActiveQaNotice({ job, run }: { job: ActiveScriptJob; run: QaRun | undefined }) {
  const started = run !== undefined && run.status === 'running' && run.jobId === job.id;
  return (
    <ActiveJobNotice
      job={job}
      what="A QA run"
      progress={started ? runProgress(run).percent : job.progress}
      valueText={started ? runProgress(run).valueText : undefined}
    />
  );
}

function RunStatusBadge({ status }: { status: QaRunStatus }) {
  const [label, style] = RUN_STATUS[status];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${style}`}
    >
      {label}
    </span>
  );
}

function RunForm({ busy }: { busy: boolean }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Set<QaSuite>>(() => new Set(QA_SUITES));
  const start = useMutation({
    mutationFn: (suites: QaSuite[]) =>
      adminWrite<QaRunStartedResponse>('POST', RUNS_PATH, { suites }),
    onSuccess: ({ jobId }) => {
      toast({
        title: `QA run queued as job ${jobId}`,
        description: 'The results appear here as the checks finish.',
      });
      void queryClient.invalidateQueries({ queryKey: [RUNS_PATH] });
    },
    onError: (error) =>
      toast({
        title: 'Could not start the QA run',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  const toggle = (suite: QaSuite) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(suite)) next.delete(suite);
      else next.add(suite);
      return next;
    });
  return (
    <form
      className={`${cardClass} space-y-4`}
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate(QA_SUITES.filter((s) => chosen.has(s)));
      }}
    >
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Suites to run</legend>
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          {QA_SUITES.map((suite) => (
            <label
              key={suite}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                checked={chosen.has(suite)}
                onChange={() => toggle(suite)}
                className="mt-1 h-4 w-4 shrink-0 accent-blue-700"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">
                  {QA_SUITE_INFO[suite].title}
                </span>
                <span className="block text-sm text-slate-600">
                  {QA_SUITE_INFO[suite].description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={busy || start.isPending || chosen.size === 0}
        >
          {start.isPending ? 'Starting…' : 'Run QA suites'}
        </button>
        <p className="text-sm text-slate-600">
          {chosen.size === 0 ? 'Choose at least one suite. ' : ''}
          To run them on a schedule, add a schedule of “Run the QA suites” under{' '}
          <Link to="/admin/scripts/schedule" className={linkClass}>
            Scripts › Schedules
          </Link>
          .
        </p>
      </div>
    </form>
  );
}

function CheckRow({ check }: { check: QaCheck }) {
  const failed = check.status === 'failed';
  return (
    <li className={`p-3 ${failed ? 'bg-red-50' : ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-medium break-words text-slate-900">
          <span
            className={`mr-2 inline-block rounded px-1.5 py-0.5 text-xs font-bold ${
              failed ? 'bg-red-700 text-white' : 'bg-green-100 text-green-900'
            }`}
          >
            {failed ? 'FAIL' : 'PASS'}
          </span>
          {check.name}
        </p>
        <span className="text-xs text-slate-600 tabular-nums">
          {formatDuration(check.durationMs)}
        </span>
      </div>
      {check.detail ? (
        <p
          className={`mt-1 text-sm break-words whitespace-pre-line ${failed ? 'text-red-900' : 'text-slate-600'}`}
        >
          {check.detail}
        </p>
      ) : null}
    </li>
  );
}

function RunDetail({ runId, live }: { runId: number; live: boolean }) {
  const detail = useQuery<QaRunDetailResponse>({
    queryKey: [`${RUNS_PATH}/${runId}`],
    staleTime: 0,
    refetchInterval: (query) => (live || query.state.data?.run.status === 'running' ? 2000 : false),
  });
  if (detail.isPending) return <Skeleton label="Loading the run" blocks={2} />;
  if (detail.isError)
    return (
      <LoadFailure
        what={`QA run ${runId}`}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  const { run, checks } = detail.data;
  const progress = runProgress(run);
  const bySuite = QA_SUITES.filter((s) => run.suites.includes(s));
  return (
    <section aria-labelledby="run-heading" className={`${cardClass} space-y-4`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="run-heading" className="text-base font-semibold text-slate-900">
            QA run {run.id}
          </h3>
          <p className="text-sm text-slate-600">
            Started <Time ms={run.startedAt} />
            {run.durationMs !== null ? `, took ${formatDuration(run.durationMs)}` : ''}
            {run.createdBy ? ` · by ${run.createdBy}` : ''}
            {run.jobId !== null ? (
              <>
                {' · '}
                <Link to={`/admin/jobs/${run.jobId}`} className={linkClass}>
                  Job {run.jobId}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="sm:text-right">
          <RunStatusBadge status={run.status} />
          <p className="mt-1 text-sm text-slate-800" aria-live="polite">
            {progress.summary}
          </p>
        </div>
      </div>
      {run.status === 'running' ? (
        <ProgressBar
          value={progress.percent}
          label={`QA run ${run.id} progress`}
          valueText={progress.valueText}
        />
      ) : null}
      {run.error ? (
        <p role="alert" className="text-sm break-words text-amber-900">
          {run.error}
        </p>
      ) : null}
      {bySuite.map((suite) => {
        const suiteChecks = checks.filter((c) => c.suite === suite);
        const failed = suiteChecks.filter((c) => c.status === 'failed').length;
        return (
          <section key={suite} aria-labelledby={`suite-${suite}`}>
            <h4
              id={`suite-${suite}`}
              className="flex flex-wrap items-baseline gap-2 text-sm font-semibold text-slate-900"
            >
              {QA_SUITE_INFO[suite].title}{' '}
              <span className={`font-normal ${failed > 0 ? 'text-red-800' : 'text-slate-600'}`}>
                {suiteChecks.length === 0
                  ? run.status === 'running'
                    ? 'waiting…'
                    : 'no checks'
                  : failed > 0
                    ? `${failed} of ${suiteChecks.length} failed`
                    : `${suiteChecks.length} passed`}
              </span>
            </h4>
            {suiteChecks.length > 0 ? (
              <ul className="mt-2 divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200">
                {/* Failures first: they are what a reader came for. */}
                {[...suiteChecks]
                  .sort((a, b) => Number(b.status === 'failed') - Number(a.status === 'failed'))
                  .map((check) => (
                    <CheckRow key={check.id} check={check} />
                  ))}
              </ul>
            ) : null}
          </section>
        );
      })}
    </section>
  );
}

function History({
  list,
  selected,
  search,
}: {
  list: QaRunListResponse;
  selected: number | undefined;
  search: URLSearchParams;
}) {
  const page = pageParam(search);
  const pages = Math.max(1, Math.ceil(list.total / RUNS_PAGE));
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h3 id="history-heading" className="text-base font-semibold text-slate-900">
        History ({formatCount(list.total)} {list.total === 1 ? 'run' : 'runs'})
      </h3>
      <ul className="space-y-2">
        {list.runs.map((run: QaRun) => (
          <li
            key={run.id}
            className={`rounded-xl border bg-white p-3 shadow-sm ${run.id === selected ? 'border-blue-500 ring-1 ring-blue-500' : 'border-slate-200'}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link
                to={withParams(search, { run: String(run.id) })}
                aria-current={run.id === selected ? 'true' : undefined}
                className={linkClass}
              >
                Run {run.id}
              </Link>
              <RunStatusBadge status={run.status} />
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {formatCount(run.passed)}/{formatCount(run.total)} passed ·{' '}
              {run.suites.map((s) => QA_SUITE_INFO[s]?.title ?? s).join(', ')} ·{' '}
              <Time ms={run.startedAt} />
              {run.durationMs !== null ? ` · ${formatDuration(run.durationMs)}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <Pager
        label="Run pages"
        page={page}
        pages={pages}
        search={search}
        previousLabel="Newer"
        nextLabel="Older"
      />
    </section>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const page = pageParam(search);
  const list = useQuery<QaRunListResponse>({
    queryKey: [RUNS_PATH, { limit: RUNS_PAGE, offset: (page - 1) * RUNS_PAGE }],
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.activeJob ? 2000 : 30_000),
  });
  const data = list.data;
  const chosen = Number(search.get('run'));
  const selected = Number.isSafeInteger(chosen) && chosen > 0 ? chosen : data?.runs[0]?.id;
  return (
    <section aria-labelledby="qa-heading" className="space-y-5">
      <div>
        <h2 id="qa-heading" className="text-xl font-semibold text-slate-900">
          Site checks
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Checks of the running site over HTTP: its pages, its links, its API and the quote flow,
          with a test partner whose quotes are never forwarded.
        </p>
      </div>
      <RunForm busy={Boolean(data?.activeJob)} />
      {data?.activeJob ? <ActiveQaNotice job={data.activeJob} run={data.runs[0]} /> : null}
      {list.isPending ? (
        <Skeleton label="Loading QA runs" />
      ) : list.isError && !data ? (
        <LoadFailure what="the QA runs" error={list.error} onRetry={() => void list.refetch()} />
      ) : data && data.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          No QA runs yet.
        </p>
      ) : data ? (
        <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {selected !== undefined ? (
            <RunDetail runId={selected} live={Boolean(data.activeJob)} />
          ) : null}
          <History list={data} selected={selected} search={search} />
        </div>
      ) : null}
    </section>
  );
}
