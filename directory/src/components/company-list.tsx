/**
 * A filterable, paginated list of companies: a GET form (service, featured, licensed for interstate moves, sort and,
 * on the directory, state) that works without scripts, the cards, and numbered page links. Each combination has its own URL.
 */
import { Form } from 'react-router-dom';
import { SERVICES, type Company, type StateSummary } from '@moveratlas/contracts';
import {
  LIST_PAGE_SIZE,
  listQueryString,
  SORT_OPTIONS,
  totalPagesOf,
  type ListParams,
} from '../lib/listing';
import { formatCount } from '../lib/numbers';
import { CompanyGrid } from './company-card';
import { Pagination } from './pagination';

/** What "Licensed for interstate moves" keeps (issue 20), under the box. */
export const LICENSED_HELP =
  'Movers with active for-hire authority in FMCSA’s public files, none of it revoked: what a move across state lines needs.';

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blue-700 focus:ring-2 focus:ring-blue-200 focus:outline-none';

export function CompanyList({
  path,
  params,
  companies,
  total,
  states,
  headingId,
  heading,
}: {
  /** The page's own path; the form and the page links go there. */
  path: string;
  params: ListParams;
  companies: readonly Company[];
  total: number;
  /** Given on the directory: adds a state filter. */
  states?: readonly StateSummary[];
  headingId: string;
  heading: string;
}) {
  const totalPages = totalPagesOf(total);
  const first = total === 0 ? 0 : (params.page - 1) * LIST_PAGE_SIZE + 1;
  const last = Math.min(total, params.page * LIST_PAGE_SIZE);
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        {heading}
      </h2>
      <Form
        method="get"
        action={path}
        className={`mt-4 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:items-end ${states ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}
        aria-label="Filter companies"
      >
        {states ? (
          <div>
            <label htmlFor={`${headingId}-state`} className="text-sm font-medium text-slate-800">
              State
            </label>
            <select
              id={`${headingId}-state`}
              name="state"
              defaultValue={params.state ?? ''}
              className={selectClass}
            >
              <option value="">All states</option>
              {states.map((state) => (
                <option key={state.slug} value={state.slug}>
                  {state.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor={`${headingId}-service`} className="text-sm font-medium text-slate-800">
            Service
          </label>
          <select
            id={`${headingId}-service`}
            name="service"
            defaultValue={params.service ?? ''}
            className={selectClass}
          >
            <option value="">All services</option>
            {SERVICES.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${headingId}-sort`} className="text-sm font-medium text-slate-800">
            Sort by
          </label>
          <select
            id={`${headingId}-sort`}
            name="sort"
            defaultValue={params.sort}
            className={selectClass}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-2 lg:pb-2">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name="featured"
              value="true"
              defaultChecked={params.featured === true}
              className="h-4 w-4 shrink-0 rounded border-slate-300 text-blue-700 focus:ring-blue-200"
            />
            Featured movers only
          </label>
          <div>
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                name="licensed"
                value="interstate"
                defaultChecked={params.licensed === 'interstate'}
                aria-describedby={`${headingId}-licensed-help`}
                className="h-4 w-4 shrink-0 rounded border-slate-300 text-blue-700 focus:ring-blue-200"
              />
              Licensed for interstate moves
            </label>
            <p id={`${headingId}-licensed-help`} className="mt-1 text-xs text-slate-600">
              {LICENSED_HELP}
            </p>
          </div>
        </div>
        <button
          type="submit"
          className="rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          Apply filters
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {total === 0
          ? params.licensed
            ? 'No companies match these filters: none of them has active interstate for-hire authority in FMCSA’s files. Untick “Licensed for interstate moves” to see every mover.'
            : 'No companies match these filters.'
          : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} companies`}
      </p>
      <div className="mt-4">
        <CompanyGrid companies={companies} />
      </div>
      <Pagination
        page={params.page}
        totalPages={totalPages}
        hrefFor={(page) => `${path}${listQueryString({ ...params, page })}`}
      />
    </section>
  );
}
