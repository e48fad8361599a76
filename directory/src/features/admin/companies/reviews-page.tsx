/**
 * Reviews across all companies (/admin/companies/reviews), newest first, filtered by moderation status in the
 * URL: the place to catch a bad review wherever it was left. Each company's page has its own list too.
 */
import { useSearchParams } from 'react-router-dom';
import { REVIEW_STATUSES, type ReviewStatus } from '@moveratlas/contracts';
import { BackLink } from '../../../components/dashboard/breadcrumb';
import { SavedViews } from '../ui/saved-views';
import { pageParam, withParams } from '../../../components/dashboard/url-params';
import { ReviewModeration } from './review-moderation';

export function Component() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status') ?? '';
  const status = (REVIEW_STATUSES as readonly string[]).includes(raw) ? (raw as ReviewStatus) : '';
  const page = pageParam(search);
  const update = (changes: Record<string, string | null>) => setSearch(withParams(search, changes));
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <BackLink to="/admin/companies">All companies</BackLink>
        <h2 className="mt-1 text-xl font-bold text-slate-900">Reviews</h2>
        <p className="mt-1 text-sm text-slate-700">
          Only published reviews are shown on the directory and count toward a company&apos;s
          rating; hiding one recomputes the rating at once.
        </p>
      </div>
      <SavedViews list="reviews" path="/admin/companies/reviews" search={search} />
      <ReviewModeration
        status={status}
        page={page}
        onStatusChange={(next) => update({ status: next || null, page: null })}
        onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
      />
    </div>
  );
}
