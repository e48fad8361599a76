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
