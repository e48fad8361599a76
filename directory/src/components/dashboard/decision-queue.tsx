/**
 * A queue of requests staff decide one by one (claims of listings, company applications): tabs by status,
 * the pending one with its count, and the current tab's page of cards in each state of its query (a failure
 * with Try again, gray blocks while it loads, an empty box, else the cards and their pager).
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

/** Links to each status of the queue and to all; `pending` (the default tab) shows its count. */
export function QueueStatusNav<S extends string>({
  label,
  statuses,
  labels,
  current,
  pending,
}: {
  label: string;
  statuses: readonly S[];
  labels: Record<S | 'all', string>;
  current: S | 'all';
  /** How many wait, once the list has loaded. */
  pending: number | undefined;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {[...statuses, 'all' as const].map((s) => (
        <Link
          key={s}
          to={withParams(new URLSearchParams(), { status: s === 'pending' ? null : s })}
          aria-current={s === current ? 'page' : undefined}
          className={`${buttonClass} ${s === current ? 'border-blue-700 bg-blue-50 text-blue-800' : ''}`}
        >
          {labels[s]}
          {s === 'pending' && pending !== undefined ? ` (${pending})` : ''}
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
  search,
  children,
}: {
  query: UseQueryResult<QueuePage<T>>;
  /** As in "Could not load {what}.": "the claims". */
  what: string;
  /** The list's and its pager's names: "Claims", "Claim pages". */
  noun: { list: string; one: string; many: string };
  /** Whether the tab shown is the pending one ("No claims are waiting.") or another ("No claims here."). */
  waiting: boolean;
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
      <EmptyState>{waiting ? `No ${noun.many} are waiting.` : `No ${noun.many} here.`}</EmptyState>
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
