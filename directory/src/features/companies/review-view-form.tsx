/**
 * The sort and filters above a profile's reviews (issue 19): a GET form, so it works without scripts and every
 * choice is an address of its own (?sort=…&verified=true&hired=true) that server rendering, a shared link and
 * the Back button all read the same way. Applied with its button rather than on each change: a select that
 * navigates as it changes fires once per arrow key for keyboard users. A new choice starts at the first page.
 */
import { Form, Link } from 'react-router-dom';
import {
  DEFAULT_REVIEW_VIEW,
  REVIEW_SORTS,
  REVIEW_SORT_LABELS,
  hasReviewFilters,
  reviewPageQuery,
  type ReviewView,
} from '@moveratlas/contracts';
import { Field, inputClass } from '../../components/forms/public-form';

/** The address of a page of a view of the reviews: the profile itself for the default view's first page. */
export const reviewPageHref = (path: string, view: ReviewView, page: number): string =>
  `${path}${reviewPageQuery(view, page)}#reviews`;

/** The same order without the filters: where "Clear filters" leads. */
export const clearedFiltersHref = (path: string, view: ReviewView): string =>
  reviewPageHref(path, { ...DEFAULT_REVIEW_VIEW, sort: view.sort }, 1);

const checkboxLabel =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800';
const checkboxClass = 'h-5 w-5 shrink-0 rounded border-slate-300 text-blue-700';
const secondaryButton =
  'inline-flex min-h-11 items-center rounded-lg border border-blue-700 px-4 py-2 text-sm font-semibold text-blue-800 hover:bg-blue-50';

export function ReviewViewForm({
  path,
  view,
  siteName,
}: {
  /** The profile's path: the form and "Clear filters" go there. */
  path: string;
  view: ReviewView;
  siteName: string;
}) {
  return (
    <Form
      method="get"
      action={`${path}#reviews`}
      // With scripts, the list changes where the visitor is: the page does not jump to its top.
      preventScrollReset
      aria-label="Sort and filter reviews"
      // Re-read from the address whenever the view changes (Back, Clear filters): the controls are uncontrolled.
      key={reviewPageQuery(view, 1)}
      className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <Field name="review-sort" label="Sort reviews">
          {(control) => (
            <select {...control} name="sort" defaultValue={view.sort} className={inputClass}>
              {REVIEW_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {REVIEW_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="grid min-w-0 gap-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="sr-only">Show only</legend>
        <label className={checkboxLabel}>
          <input
            type="checkbox"
            name="verified"
            value="true"
            defaultChecked={view.verified}
            aria-describedby="review-verified-hint"
            className={checkboxClass}
          />
          <span>
            Verified reviews only
            <span id="review-verified-hint" className="block text-xs font-normal text-slate-600">
              Written after a quote request through {siteName}
            </span>
          </span>
        </label>
        <label className={checkboxLabel}>
          <input
            type="checkbox"
            name="hired"
            value="true"
            defaultChecked={view.hired}
            className={checkboxClass}
          />
          Only customers who hired this mover
        </label>
      </fieldset>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          Show reviews
        </button>
        {hasReviewFilters(view) ? (
          <Link to={clearedFiltersHref(path, view)} preventScrollReset className={secondaryButton}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
