/**
 * A queue of requests staff decide one by one (claims of listings, company applications, visitors' deletion
 * requests): tabs by status, the waiting one (the default tab) with its count, and the current tab's page of
 * cards in each state of its query (a failure with Try again, gray blocks while it loads, an empty box, else
 * the cards and their pager).
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { buttonClass } from './classes';
import { EmptyState, LoadFailure, Skeleton } from './load-states';
import { Pager } from './pager';
import { withParams } from './url-params';

/** A page of a queue as the API answers it: its items, where it is, and how many wait in all. */
export interface QueuePage<T> {
  items: T[];
  page: number;
  total: number;
  limit: number;
  pending: number;
}

/** What QueueList draws of a page: a queue whose API counts the waiting ones elsewhere has no `pending`. */
export type QueueItems<T> = Omit<QueuePage<T>, 'pending'>;

/**
 * Links to each status of the queue and, unless `all` is false, to all of them. The waiting status (`pending`
 * unless `waiting` names another) is the default tab, without ?status=, and shows its count.
 */
export function QueueStatusNav<S extends string>({
  label,
  statuses,
  labels,
  current,
  pending,
  waiting,
  all = true,
}: {
  label: string;
  statuses: readonly S[];
  labels: Record<S, string> & { all?: string };
  current: S | 'all';
  /** How many wait, once the list has loaded. */
  pending: number | undefined;
  /** The default tab, whose count `pending` is: 'pending' unless said. */
  waiting?: S;
  /** Whether there is an "All" tab after the statuses. */
  all?: boolean;
}) {
  const first: string = waiting ?? 'pending';
  const tabs: Array<S | 'all'> = all ? [...statuses, 'all'] : [...statuses];
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {tabs.map((s) => (
        <Link
          key={s}
          to={withParams(new URLSearchParams(), { status: s === first ? null : s })}
          aria-current={s === current ? 'page' : undefined}
          className={`${buttonClass} ${s === current ? 'border-blue-700 bg-blue-50 text-blue-800' : ''}`}
        >
          {s === 'all' ? (labels.all ?? 'All') : labels[s]}
          {s === first && pending !== undefined ? ` (${pending})` : ''}
        </Link>
      ))}
    </nav>
  );
}

export function QueueList<T extends { id: number }>({
  query,
  what,
  noun,
  waiting,
  empty,
  search,
  children,
}: {
  query: UseQueryResult<QueueItems<T>>;
  /** As in "Could not load {what}.": "the claims". */
  what: string;
  /** The list's and its pager's names: "Claims", "Claim pages". */
  noun: { list: string; one: string; many: string };
  /** Whether the tab shown is the pending one ("No claims are waiting.") or another ("No claims here."). */
  waiting: boolean;
  /** What an empty tab says instead, when the screen has its own words for it. */
  empty?: string;
  search: URLSearchParams;
  children: (item: T) => ReactNode;
}) {
  const { data } = query;
  if (query.isError && !data)
    return (
      <LoadFailure
        what={what}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!data) return <Skeleton label={`Loading ${noun.many}…`} />;
  if (data.items.length === 0)
    return (
      <EmptyState>
        {empty ?? (waiting ? `No ${noun.many} are waiting.` : `No ${noun.many} here.`)}
      </EmptyState>
    );
  return (
    <>
      <ul className="space-y-3" aria-label={noun.list}>
        {data.items.map((item) => children(item))}
      </ul>
      <Pager
        label={`${noun.one} pages`}
        page={data.page}
        pages={Math.max(1, Math.ceil(data.total / data.limit))}
        search={search}
      />
    </>
  );
}
