/**
 * SEO tasks (/admin/seo-health/tasks): every problem a crawl found, one task per check and page, filtered
 * by status, severity, check and address, sorted and paged (the filters live in the URL). An admin moves a
 * task through open → in progress → fixed, or ignores it; crawls fix and reopen tasks by themselves.
 */
import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  SEO_RULE_IDS,
  SEO_SEVERITIES,
  SEO_TASK_STATUSES,
  type SeoTask,
  type SeoTaskListResponse,
  type SeoTaskStatus,
  SEO_TASK_STATUS_LABELS,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { formatCount } from '../../../lib/numbers';
import { adminWrite } from '../admin-request';
import { buttonClass, inputClass, linkClass } from '../../../components/dashboard/classes';
import { Time } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import {
  ruleExplanation,
  ruleTitle,
  SEO_API,
  SeoSectionNav,
  SEVERITY_LABELS,
  SeverityBadge,
} from './seo-ui';
import { pageParam, withParams } from '../../../components/dashboard/url-params';
import {
  BulkBar,
  BulkConfirm,
  BulkResultNotice,
  RowCheckbox,
  SelectPageCheckbox,
  useBulkAction,
  useRowSelection,
  type BulkActionChoice,
  type RowSelection,
  BulkStatusSelect,
} from '../ui/bulk-actions';
import { SavedViews } from '../ui/saved-views';
import { StatusFilter } from '../../../components/dashboard/status-filter';

const TASKS_PATH = `${SEO_API}/tasks`;
const PAGE_SIZE = 25;

const SORTS = [
  ['severity', 'Severity'],
  ['rule', 'Check'],
  ['url', 'Address'],
  ['status', 'Status'],
  ['updated', 'Last change'],
  ['first-seen', 'First found'],
] as const;

function Filters({ search }: { search: URLSearchParams }) {
  const [, setSearch] = useSearchParams();
  const ids = { severity: useId(), rule: useId(), sort: useId(), q: useId() };
  const [q, setQ] = useState(search.get('q') ?? '');
  const change = (name: string) => (event: { target: { value: string } }) =>
    setSearch(withParams(search, { [name]: event.target.value, page: null }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(withParams(search, { q: q.trim(), page: null }));
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <label htmlFor={ids.severity} className="block text-sm font-medium text-slate-800">
          Severity
        </label>
        <select
          id={ids.severity}
          value={search.get('severity') ?? ''}
          onChange={change('severity')}
          className={inputClass}
        >
          <option value="">All severities</option>
          {SEO_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {SEVERITY_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.rule} className="block text-sm font-medium text-slate-800">
          Check
        </label>
        <select
          id={ids.rule}
          value={search.get('rule') ?? ''}
          onChange={change('rule')}
          className={inputClass}
        >
          <option value="">All checks</option>
          {SEO_RULE_IDS.map((rule) => (
            <option key={rule} value={rule}>
              {ruleTitle(rule)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.sort} className="block text-sm font-medium text-slate-800">
          Sort by
        </label>
        <select
          id={ids.sort}
          value={`${search.get('sort') ?? 'severity'}:${search.get('order') ?? 'asc'}`}
          onChange={(event) => {
            const [sort, order] = event.target.value.split(':');
            setSearch(
              withParams(search, {
                sort: sort === 'severity' ? null : sort!,
                order: order === 'asc' ? null : order!,
                page: null,
              }),
            );
          }}
          className={inputClass}
        >
          {SORTS.flatMap(([value, label]) => [
            <option key={`${value}:asc`} value={`${value}:asc`}>
              {label}, ascending
            </option>,
            <option key={`${value}:desc`} value={`${value}:desc`}>
              {label}, descending
            </option>,
          ])}
        </select>
      </div>
      <form onSubmit={submit} role="search" aria-label="Tasks by address">
        <label htmlFor={ids.q} className="block text-sm font-medium text-slate-800">
          Address contains
        </label>
        <div className="flex gap-2">
          <input
            id={ids.q}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder="/states/"
            maxLength={200}
            className={inputClass}
          />
          <button type="submit" className={`${buttonClass} mt-1`}>
            Search
          </button>
        </div>
      </form>
    </div>
  );
}

function StatusSelect({ task }: { task: SeoTask }) {
  const queryClient = useQueryClient();
  const id = useId();
  const update = useMutation({
    mutationFn: (status: SeoTaskStatus) =>
      adminWrite<SeoTask>('PATCH', `${TASKS_PATH}/${task.id}`, { status }),
    onSuccess: (next) => {
      toast({
        title: `Task ${next.id}: ${SEO_TASK_STATUS_LABELS[next.status].toLowerCase()}`,
        description: `${ruleTitle(next.rule)} on ${next.url}`,
      });
      void queryClient.invalidateQueries({ queryKey: [TASKS_PATH] });
      void queryClient.invalidateQueries({ queryKey: [`${SEO_API}/summary`] });
    },
    onError: (error) =>
      toast({
        title: 'Could not change the task',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Status of task {task.id}
      </label>
      <select
        id={id}
        value={update.isPending ? (update.variables ?? task.status) : task.status}
        disabled={update.isPending}
        onChange={(event) => update.mutate(event.target.value as SeoTaskStatus)}
        className={`${inputClass} mt-0 min-w-36`}
      >
        {SEO_TASK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {SEO_TASK_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}

const NOUN = { one: 'task', many: 'tasks' };

function TaskItem({ task, selection }: { task: SeoTask; selection: RowSelection }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <RowCheckbox
            selection={selection}
            id={task.id}
            label={`Select task ${task.id}: ${ruleTitle(task.rule)} on ${task.url}`}
          />
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <SeverityBadge severity={task.severity} />
              <span className="font-semibold text-slate-900">{ruleTitle(task.rule)}</span>
              {task.reopenedCount > 0 ? (
                <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
                  Reopened {task.reopenedCount}×
                </span>
              ) : null}
            </div>
            <p className="text-sm break-all">
              <Link
                to={`/admin/seo-health/analyzer?url=${encodeURIComponent(task.url)}`}
                className={linkClass}
                aria-label={`Analyze ${task.url}`}
              >
                {task.url}
              </Link>
            </p>
            <p className="text-sm break-words text-slate-700">{task.message}</p>
            <details className="text-sm text-slate-700">
              <summary className="cursor-pointer text-slate-600">Why it matters</summary>
              <p className="mt-1">{ruleExplanation(task.rule)}</p>
            </details>
            <p className="text-xs text-slate-500">
              Task {task.id} · found by crawl {task.firstSeenCrawlId}, last seen in crawl{' '}
              {task.lastSeenCrawlId}
              {task.fixedCrawlId !== null ? `, fixed as of crawl ${task.fixedCrawlId}` : ''} ·
              changed <Time ms={task.updatedAt} />
              {task.statusChangedBy ? ` by ${task.statusChangedBy}` : ''}
            </p>
          </div>
        </div>
        <StatusSelect task={task} />
      </div>
    </li>
  );
}

function Pager({ total, search }: { total: number; search: URLSearchParams }) {
  const page = pageParam(search);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <nav aria-label="Task pages" className="flex flex-wrap items-center justify-end gap-2 text-sm">
      {page > 1 ? (
        <Link to={withParams(search, { page: String(page - 1) })} className={buttonClass}>
          Previous
        </Link>
      ) : null}
      <span className="text-slate-700">
        Page {formatCount(page)} of {formatCount(pages)}
      </span>
      {page < pages ? (
        <Link to={withParams(search, { page: String(page + 1) })} className={buttonClass}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const page = pageParam(search);
  const params: Record<string, string | number> = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  for (const name of ['status', 'severity', 'rule', 'q', 'sort', 'order']) {
    const value = search.get(name);
    if (value) params[name] = value;
  }
  const list = useQuery<SeoTaskListResponse>({
    queryKey: [TASKS_PATH, params],
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const selection = useRowSelection(data?.tasks.map((t) => t.id) ?? [], JSON.stringify(params));
  const [bulkStatus, setBulkStatus] = useState<SeoTaskStatus>('fixed');
  const bulk = useBulkAction({
    path: `${TASKS_PATH}/bulk-status`,
    selection,
    body: (_action, ids) => ({ ids, status: bulkStatus }),
    invalidate: [[TASKS_PATH], [`${SEO_API}/summary`]],
  });
  const setAction: BulkActionChoice = {
    id: 'status',
    label: 'Set status',
    verb: 'Set',
    suffix: ` to ${SEO_TASK_STATUS_LABELS[bulkStatus]}`,
    explain: 'Crawls still fix and reopen tasks by themselves; ignored tasks stay ignored.',
    tone: 'primary',
  };
  return (
    <section aria-labelledby="tasks-heading" className="space-y-5">
      <div>
        <h2 id="tasks-heading" className="text-xl font-semibold text-slate-900">
          SEO tasks
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          One task per problem and page. A crawl that no longer finds a problem marks its task
          fixed, and reopens it if the problem comes back; ignored tasks stay ignored.
        </p>
      </div>
      <SeoSectionNav />
      <StatusFilter
        label="Task status"
        statuses={SEO_TASK_STATUSES}
        labels={SEO_TASK_STATUS_LABELS}
        counts={data?.counts}
        search={search}
      />
      <Filters key={search.get('q') ?? ''} search={search} />
      <SavedViews list="seo-tasks" path="/admin/seo-health/tasks" search={search} />
      <BulkResultNotice result={bulk.result} error={bulk.error} onDismiss={bulk.dismiss} />
      {list.isPending ? (
        <Skeleton label="Loading tasks" />
      ) : list.isError && !data ? (
        <LoadFailure what="the tasks" error={list.error} onRetry={() => void list.refetch()} />
      ) : data && data.tasks.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          No tasks match these filters.
        </p>
      ) : data ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <SelectPageCheckbox
              selection={selection}
              label={`Select all ${data.tasks.length} tasks on this page`}
            />
            <p className="text-sm text-slate-700" aria-live="polite">
              {formatCount(data.total)} {data.total === 1 ? 'task' : 'tasks'}
            </p>
          </div>
          <BulkBar
            selection={selection}
            noun={NOUN}
            actions={[setAction]}
            onAction={bulk.ask}
            extra={
              <BulkStatusSelect
                statuses={SEO_TASK_STATUSES}
                labels={SEO_TASK_STATUS_LABELS}
                value={bulkStatus}
                onChange={setBulkStatus}
              />
            }
          />
          <ul className="space-y-3">
            {data.tasks.map((task) => (
              <TaskItem key={task.id} task={task} selection={selection} />
            ))}
          </ul>
          <BulkConfirm
            action={bulk.asking}
            count={selection.count}
            noun={NOUN}
            pending={bulk.pending}
            onCancel={bulk.cancel}
            onConfirm={bulk.confirm}
          />
          <Pager total={data.total} search={search} />
        </>
      ) : null}
    </section>
  );
}
