/**
 * How a profile pages its reviews. Free of zod (unlike ./company, which re-exports it), so the company page
 * can read it without loading the schemas.
 */
/**
 * Reviews a profile shows at a time, newest first: the first page travels with the profile, the others are
 * pages of their own (/company/{slug}?reviews=2, GET /api/companies/{slug}/reviews?page=2). Ten keep the
 * contact, the rating summary and the first reviews within a few screens of a phone (issue 15).
 */
export const REVIEWS_PER_PAGE = 10;

/** How many pages `total` published reviews fill; a company without reviews still has its one (empty) page. */
export const reviewPageCount = (total: number): number =>
  Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE));

// ── Sorting and filtering a profile's reviews (issue 19) ──────────────────────────────────────────────────

/** The orders a visitor may read a profile's reviews in; `newest` is the default. */
export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Each order as the sort control and the count line name it. */
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest first',
  highest: 'Highest rated first',
  lowest: 'Lowest rated first',
};

/**
 * Which of a profile's published reviews are listed, and in what order: `verified` keeps those written from a
 * request's link ("Verified request through …"), `hired` those whose writer answered that they hired the mover.
 */
export interface ReviewView {
  sort: ReviewSort;
  verified: boolean;
  hired: boolean;
}

export const DEFAULT_REVIEW_VIEW: ReviewView = { sort: 'newest', verified: false, hired: false };

export const isReviewSort = (value: string): value is ReviewSort =>
  (REVIEW_SORTS as readonly string[]).includes(value);

export const isDefaultReviewView = (view: ReviewView): boolean =>
  view.sort === 'newest' && !view.verified && !view.hired;

/** The filters a view has on, as the page counts them ("Clear filters" appears with one). */
export const hasReviewFilters = (view: ReviewView): boolean => view.verified || view.hired;

/**
 * The review page and view a profile's URL asks for (?sort=highest&verified=true&hired=true&reviews=2), or
 * undefined when one of the values is not ours. Read as strictly as the company lists' parameters: every view
 * has one address, and a value we do not know is a 404, not a silently different list. An empty value (a
 * GET form's blank choice) is the default.
 */
export function readReviewPageQuery(
  search: URLSearchParams,
): { page: number; view: ReviewView } | undefined {
  const pageText = search.get('reviews') || '1';
  const sort = search.get('sort') || 'newest';
  const verified = search.get('verified') || undefined;
  const hired = search.get('hired') || undefined;
  if (!/^[1-9]\d{0,4}$/.test(pageText) || !isReviewSort(sort)) return undefined;
  if ((verified !== undefined && verified !== 'true') || (hired !== undefined && hired !== 'true'))
    return undefined;
  return {
    page: Number(pageText),
    view: { sort, verified: verified === 'true', hired: hired === 'true' },
  };
}

/**
 * The query string of a profile's review page in one fixed order, defaults left out: '' for the profile
 * itself, `?reviews=2` for its second page, `?sort=lowest&verified=true&reviews=2` for a view's.
 */
export function reviewPageQuery(view: ReviewView, page: number): string {
  const search = new URLSearchParams();
  if (view.sort !== 'newest') search.set('sort', view.sort);
  if (view.verified) search.set('verified', 'true');
  if (view.hired) search.set('hired', 'true');
  if (page > 1) search.set('reviews', String(page));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The API's parameters for a view's page (GET /api/companies/{slug}/reviews), defaults left out. */
export function reviewApiParams(view: ReviewView, page: number): Record<string, string> {
  return {
    page: String(page),
    ...(view.sort !== 'newest' ? { sort: view.sort } : {}),
    ...(view.verified ? { verified: 'true' } : {}),
    ...(view.hired ? { hired: 'true' } : {}),
  };
}
