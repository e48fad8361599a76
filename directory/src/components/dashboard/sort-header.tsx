/**
 * A table column header that sorts the list by its column: a link that keeps the filters, starts from the
 * first page and flips the order when the column is already the sort. The sort is in the URL.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { withParams } from './url-params';

export type SortOrder = 'asc' | 'desc';

/** How a list names its sort in the URL, and which way each column sorts first. */
export interface Sorting<S extends string> {
  /** The parameter that holds the order ("order" or "dir"); the column is always in "sort". */
  orderParam: string;
  defaultSort: S;
  firstOrder: (sort: S) => SortOrder;
}

function SortHeader<S extends string>({
  label,
  sort,
  sorting,
  search,
}: {
  label: string;
  /** None for a column the list cannot be sorted by. */
  sort?: S;
  sorting: Sorting<S>;
  search: URLSearchParams;
}) {
  if (!sort)
    return (
      <th scope="col" className="px-3 py-2 text-left font-semibold">
        {label}
      </th>
    );
  const current = (search.get('sort') as S | null) ?? sorting.defaultSort;
  const order = search.get(sorting.orderParam) ?? sorting.firstOrder(current);
  const active = current === sort;
  const nextOrder = active ? (order === 'asc' ? 'desc' : 'asc') : sorting.firstOrder(sort);
  return (
    <th
      scope="col"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      className="px-3 py-2 text-left font-semibold"
    >
      <Link
        to={withParams(search, { sort, [sorting.orderParam]: nextOrder, page: null })}
        className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
      >
        {label}
        <span aria-hidden="true" className={active ? 'text-blue-700' : 'text-slate-400'}>
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
        <span className="sr-only">
          {active ? `, sorted ${order === 'asc' ? 'ascending' : 'descending'}` : ', sort'}
        </span>
      </Link>
    </th>
  );
}

/** The head of a sortable list table: one SortHeader per column. */
export function SortableHead<S extends string>({
  columns,
  sorting,
  search,
  lead,
}: {
  columns: ReadonlyArray<{ label: string; sort?: S }>;
  sorting: Sorting<S>;
  search: URLSearchParams;
  /** A first cell before the columns, such as the bulk selection's "select all on this page". */
  lead?: ReactNode;
}) {
  return (
    <thead className="bg-slate-50 text-slate-700">
      <tr>
        {lead !== undefined ? <td className="w-10 px-3 py-2">{lead}</td> : null}
        {columns.map((c) => (
          <SortHeader
            key={c.label}
            label={c.label}
            sort={c.sort}
            sorting={sorting}
            search={search}
          />
        ))}
      </tr>
    </thead>
  );
}
