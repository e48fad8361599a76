/**
 * A profile's reviews: the rating summary of every published review, the sort and filters (issue 19), one page
 * of the reviews they select and plain links to the other pages (they work without scripts).
 */
import { Link, useNavigation } from 'react-router-dom';
import {
  REVIEWS_PER_PAGE,
  REVIEW_SORT_LABELS,
  hasReviewFilters,
  verifiedReviewLabel,
  type CompanyProfile,
  type Review,
  type ReviewView,
} from '@moveratlas/contracts';
import { BarChart } from '../../components/charts/bar-chart';
import { Pagination } from '../../components/pagination';
import { StarRating } from '../../components/star-rating';
import { plural } from '../../lib/numbers';
import { useSite } from '../../lib/site';
import { clearedFiltersHref, reviewPageHref, ReviewViewForm } from './review-view-form';
import { ReviewPhotos } from './review-photos';
import { ReviewReportButton } from './review-report-button';

/** Which page of which view of a company's published reviews a profile shows, of how many. */
export interface ReviewPageInfo {
  page: number;
  pageCount: number;
  /** The published reviews the view selects (all of them without a filter). */
  total: number;
  view: ReviewView;
}

/** What the filters keep, in words: "verified reviews from customers who hired this mover". */
function filteredNoun(view: ReviewView, count: number): string {
  const noun = `${view.verified ? 'verified ' : ''}${count === 1 ? 'review' : 'reviews'}`;
  return view.hired ? `${noun} from customers who hired this mover` : noun;
}

/**
 * The line that says what the list holds, in a polite live region: a screen reader hears the new count after
 * a sort or filter is applied, and "Loading reviews…" while the next list is on its way.
 */
function reviewCountText(reviewPage: ReviewPageInfo, shown: number, loading: boolean): string {
  if (loading) return 'Loading reviews…';
  const { page, total, view } = reviewPage;
  if (total === 0) return 'No reviews match these filters.';
  const order = REVIEW_SORT_LABELS[view.sort].toLowerCase();
  const filtered = hasReviewFilters(view);
  const first = (page - 1) * REVIEWS_PER_PAGE + 1;
  const last = first + shown - 1;
  if (total > shown)
    return `Reviews ${first}–${last} of ${total}${filtered ? ` ${filteredNoun(view, total)}` : ''}, ${order}.`;
  return `${filtered ? `${total} ${filteredNoun(view, total)}` : plural(total, 'review', 'reviews')}, ${order}.`;
}

function ReviewItem({ review, company }: { review: Review; company: CompanyProfile }) {
  const site = useSite();
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <article aria-labelledby={`review-${review.id}`}>
        <StarRating rating={review.rating} />
        <h3 id={`review-${review.id}`} className="mt-2 font-semibold text-slate-900">
          {review.title}
        </h3>
        <p className="mt-1 text-slate-700">{review.text}</p>
        <ReviewPhotos review={review} />
        <p className="mt-2 text-sm text-slate-600">
          {review.authorFirstName} · <time dateTime={review.date}>{review.date}</time>
        </p>
        {review.verifiedRequestOn ? (
          <p className="mt-1 text-sm font-medium text-green-800">
            <span aria-hidden="true">✓ </span>
            {verifiedReviewLabel(site.siteName, review.verifiedRequestOn)}
          </p>
        ) : null}
        {review.reply ? (
          <section
            aria-labelledby={`review-${review.id}-reply`}
            className="mt-3 rounded-lg border-l-4 border-blue-700 bg-slate-50 p-3"
          >
            <h4 id={`review-${review.id}-reply`} className="text-sm font-semibold text-slate-900">
              Response from {company.name}
            </h4>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{review.reply.text}</p>
            <p className="mt-1 text-xs text-slate-600">
              <time dateTime={review.reply.date}>{review.reply.date}</time>
            </p>
          </section>
        ) : null}
        <ReviewReportButton review={review} />
      </article>
    </li>
  );
}

/**
 * The rating summary and its distribution (on every page and view, so a later page or a filtered list still
 * shows the whole picture), the sort and filters, one page of reviews and the links to the others.
 */
export function CompanyReviews({
  company,
  reviewPage,
  path,
}: {
  company: CompanyProfile;
  reviewPage: ReviewPageInfo;
  path: string;
}) {
  const site = useSite();
  const navigation = useNavigation();
  const { page, pageCount, total, view } = reviewPage;
  const hasReviews = company.ratingDistribution.some((bucket) => bucket.count > 0);
  // Another view or page of this profile on its way (a client-side navigation runs the loader first).
  const loading = navigation.state === 'loading' && navigation.location.pathname === path;
  const first = (page - 1) * REVIEWS_PER_PAGE + 1;
  const last = first + company.reviews.length - 1;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-20">
      <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
        Customer Reviews
      </h2>
      {hasReviews ? (
        <div className="mt-4">
          <BarChart
            title="Rating distribution"
            description={`How many of ${company.name}'s published reviews give each star rating.`}
            data={company.ratingDistribution.map((bucket) => ({
              label: `${bucket.stars} star${bucket.stars === 1 ? '' : 's'}`,
              value: bucket.count,
            }))}
            valueLabel="Reviews"
          />
        </div>
      ) : null}
      {!hasReviews ? (
        <p className="mt-3 text-slate-600">No reviews yet.</p>
      ) : (
        <>
          <ReviewViewForm path={path} view={view} siteName={site.siteName} />
          <p role="status" className="mt-6 text-sm text-slate-600">
            {reviewCountText(reviewPage, company.reviews.length, loading)}
          </p>
          {total === 0 ? (
            <p className="mt-3">
              <Link
                to={clearedFiltersHref(path, view)}
                preventScrollReset
                className="font-medium text-blue-800 underline underline-offset-2"
              >
                Clear the filters to see all {plural(company.reviewCount, 'review', 'reviews')}
              </Link>
            </p>
          ) : (
            <ul
              aria-label="Reviews"
              aria-busy={loading}
              className={`mt-3 space-y-4 ${loading ? 'opacity-60' : ''}`}
            >
              {company.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} company={company} />
              ))}
            </ul>
          )}
          {page < pageCount ? (
            <p className="mt-6">
              <Link
                to={reviewPageHref(path, view, page + 1)}
                className="inline-flex min-h-11 items-center rounded-lg border border-blue-700 px-4 py-2 text-sm font-semibold text-blue-800 hover:bg-blue-50"
              >
                {/* "Older" says where the next page leads only in the newest-first order. */}
                {`${view.sort === 'newest' ? 'Older' : 'More'} reviews: ${last + 1}–${Math.min(total, last + REVIEWS_PER_PAGE)} of ${total}`}
              </Link>
            </p>
          ) : null}
          <Pagination
            page={page}
            totalPages={pageCount}
            hrefFor={(p) => reviewPageHref(path, view, p)}
            label="Review pages"
          />
        </>
      )}
    </section>
  );
}
