/**
 * The row of status pills above an admin list (All, then one per status, each with its count): links that
 * set ?status= and go back to the first page; the current one is marked for screen readers.
 */
import { Link } from 'react-router-dom';
import { formatCount } from '../../lib/numbers';
import { withParams } from './url-params';

export function StatusFilter<Status extends string>({
  label,
  statuses,
  labels,
  counts,
  search,
}: {
  label: string;
  statuses: readonly Status[];
  labels: Record<Status, string>;
  /** Per status; undefined while the list loads (the pills show no figures yet). */
  counts: Record<Status, number> | undefined;
  search: URLSearchParams;
}) {
  const current = search.get('status');
  const all = counts
    ? Object.values<number>(counts).reduce((sum, count) => sum + count, 0)
    : undefined;
  const item = (status: Status | null, text: string, count: number | undefined) => {
    const active = current === status || (status === null && !current);
    return (
      <li key={status ?? 'all'}>
        <Link
          to={withParams(search, { status, page: null })}
          aria-current={active ? 'true' : undefined}
          className={`inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset ${
            active
              ? 'bg-blue-700 text-white ring-blue-700'
              : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
          }`}
        >
          {text}
          {count === undefined ? null : ' '}
          {count === undefined ? null : (
            <span className={active ? 'text-blue-100' : 'text-slate-500'}>
              {formatCount(count)}
            </span>
          )}
        </Link>
      </li>
    );
  };
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {item(null, 'All', all)}
        {statuses.map((status) => item(status, labels[status], counts?.[status]))}
      </ul>
    </nav>
  );
}
