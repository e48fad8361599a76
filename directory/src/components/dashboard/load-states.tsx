/**
 * What an admin screen shows before its data is there: gray blocks while it loads, a failure with a way to
 * try again, and the dashed box of an empty list; RecordStates and ListStates put them together for one
 * record's screen and for a paged list.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { formatCount } from '../../lib/numbers';
import { buttonClass, linkClass } from './classes';
import { failureText } from './failure-text';

/**
 * Gray blocks where content will be, announced once as loading: card-sized blocks for a screen, or
 * `rows` for a table or list loading inside a section that is already drawn.
 */
export function Skeleton({
  label,
  blocks = 3,
  rows = false,
}: {
  label: string;
  blocks?: number;
  rows?: boolean;
}) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: blocks }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className={`animate-pulse motion-reduce:animate-none ${
            rows ? 'h-10 rounded-md bg-slate-100' : 'h-16 rounded-xl bg-slate-200'
          }`}
        />
      ))}
    </div>
  );
}

export function LoadFailure({
  what,
  error,
  onRetry,
  retrying = false,
}: {
  /** What could not be loaded, as in "Could not load {what}." */
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-semibold">Could not load {what}.</p>
      <p className="mt-1 text-sm break-words">{failureText(error)}</p>
      <button type="button" onClick={onRetry} disabled={retrying} className={`${buttonClass} mt-4`}>
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}

/** An empty list: what is (not) there, and optionally a way on, such as a link that clears the filters. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
      <p>{children}</p>
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

/** A list whose refresh failed keeps what it showed, and says so. */
export function StaleListNotice() {
  return (
    <p role="alert" className="text-sm text-red-700">
      Could not refresh the list; showing the last one loaded.
    </p>
  );
}

/**
 * One record's screen (a lead, a message) in each state of its query: the record once loaded; "not found"
 * when the server says there is none (404, or 400 for an id that cannot be one); a failure with Try again;
 * gray blocks while it loads.
 */
export function RecordStates<T>({
  query,
  what,
  notFound,
  blocks,
  children,
}: {
  query: UseQueryResult<T>;
  /** As in "Could not load {what}." and "Loading {what}…": "this lead". */
  what: string;
  /** The heading when there is no such record: "Lead not found". */
  notFound: string;
  blocks: number;
  children: (record: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return missing ? (
      <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold text-slate-900">{notFound}</h2>
        <p className="mt-1 text-sm text-slate-600">{failureText(query.error)}</p>
      </div>
    ) : (
      <LoadFailure
        what={what}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <Skeleton label={`Loading ${what.replace(/^this /, 'the ')}…`} blocks={blocks} />;
}

/**
 * A paged list's screen in each state of its query, under a live line that counts what is there: a failure
 * with Try again when nothing was loaded yet; gray blocks while it loads; an empty box (with a link that
 * clears the filters when some are set); else the list itself, with a notice when a refresh failed.
 */
export function ListStates<T extends { total: number }>({
  query,
  what,
  noun,
  isEmpty,
  isFiltered,
  clear,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** As in "Could not load {what}." and "Loading {what}…": "the mail". */
  what: string;
  /** The counted thing: { one: 'message', many: 'messages' }. */
  noun: { one: string; many: string };
  isEmpty: (data: T) => boolean;
  isFiltered: boolean;
  /** The link that clears the filters: where it goes and what it says ("Show all mail"). */
  clear: { to: string; label: string };
  /** What an empty list says when no filter is set: "No e-mail has been sent yet." */
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  const count = (total: number) =>
    isFiltered
      ? `${formatCount(total)} ${total === 1 ? `${noun.one} matches` : `${noun.many} match`} these filters`
      : `${formatCount(total)} ${total === 1 ? noun.one : noun.many}`;
  return (
    <>
      <p aria-live="polite" className="text-sm text-slate-700">
        {data ? count(data.total) : ''}
        {query.isFetching && data ? ' · updating…' : ''}
      </p>
      {query.isError && !data ? (
        <LoadFailure
          what={what}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <Skeleton label={`Loading ${what}…`} />
      ) : isEmpty(data) ? (
        <EmptyState
          action={
            isFiltered ? (
              <Link to={clear.to} className={linkClass}>
                {clear.label}
              </Link>
            ) : null
          }
        >
          {isFiltered ? `No ${noun.many} match these filters.` : empty}
        </EmptyState>
      ) : (
        <>
          {query.isError ? <StaleListNotice /> : null}
          {children(data)}
        </>
      )}
    </>
  );
}
