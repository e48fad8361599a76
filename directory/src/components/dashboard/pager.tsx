/**
 * Previous / next for a paged list: as links that change ?page= for the lists that keep their page in the
 * URL, as buttons for the lists that keep it in the screen's state.
 */
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatCount } from '../../lib/numbers';
import { buttonClass } from './classes';
import { withParams } from './url-params';

/**
 * Pages kept in the URL. Nothing at all for a single page, unless there are `children` (such as a page-size
 * choice), which go on the left. Histories newest first name their links Newer and Older.
 */
export function Pager({
  label,
  page,
  pages,
  search,
  children,
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: {
  label: string;
  page: number;
  pages: number;
  search: URLSearchParams;
  children?: ReactNode;
  previousLabel?: string;
  nextLabel?: string;
}) {
  if (pages <= 1 && !children) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {children}
      <div className="ml-auto flex items-center gap-2">
        {page > 1 ? (
          <Link
            to={withParams(search, { page: String(page - 1) })}
            rel="prev"
            className={buttonClass}
          >
            {previousLabel}
          </Link>
        ) : null}
        <span className="text-slate-700">
          Page {formatCount(page)} of {formatCount(pages)}
        </span>
        {page < pages ? (
          <Link
            to={withParams(search, { page: String(page + 1) })}
            rel="next"
            className={buttonClass}
          >
            {nextLabel}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

function PagerButtons({
  label,
  status,
  previous,
  next,
}: {
  label: string;
  status: ReactNode;
  previous: (() => void) | null;
  next: (() => void) | null;
}) {
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-2 text-sm sm:justify-end"
    >
      <button
        type="button"
        className={buttonClass}
        disabled={previous === null}
        onClick={previous ?? undefined}
      >
        Previous
      </button>
      <p aria-live="polite" className="text-slate-700">
        {status}
      </p>
      <button
        type="button"
        className={buttonClass}
        disabled={next === null}
        onClick={next ?? undefined}
      >
        Next
      </button>
    </nav>
  );
}

/** Pages numbered from 1, kept in the screen's state: "Page 2 of 5". Nothing for a single page. */
export function PageButtons({
  label,
  page,
  pages,
  onPageChange,
}: {
  label: string;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <PagerButtons
      label={label}
      status={`Page ${formatCount(page)} of ${formatCount(pages)}`}
      previous={page > 1 ? () => onPageChange(page - 1) : null}
      next={page < pages ? () => onPageChange(page + 1) : null}
    />
  );
}

/** Rows counted from an offset, kept in the screen's state: "21–40 of 45". Nothing for a single page. */
export function OffsetPager({
  label,
  offset,
  limit,
  total,
  onOffsetChange,
}: {
  label: string;
  offset: number;
  limit: number;
  total: number;
  onOffsetChange: (offset: number) => void;
}) {
  if (total <= limit) return null;
  return (
    <PagerButtons
      label={label}
      status={`${formatCount(offset + 1)}–${formatCount(Math.min(offset + limit, total))} of ${formatCount(total)}`}
      previous={offset > 0 ? () => onOffsetChange(Math.max(0, offset - limit)) : null}
      next={offset + limit < total ? () => onOffsetChange(offset + limit) : null}
    />
  );
}

/**
 * How many rows a page shows ("Per page"), kept in the URL under `param` with the filters; a new size goes
 * back to the first page. Placed inside a Pager.
 */
export function PageSizeSelect({
  sizes,
  value,
  param,
  search,
}: {
  sizes: readonly number[];
  value: number;
  /** The query parameter the list reads: `limit`, `pageSize`. */
  param: string;
  search: URLSearchParams;
}) {
  const [, setSearch] = useSearchParams();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-slate-700">
        Per page
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) =>
          setSearch(withParams(search, { [param]: event.target.value, page: null }))
        }
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
