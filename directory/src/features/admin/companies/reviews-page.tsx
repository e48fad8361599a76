/**
 * Reviews across all companies (/admin/companies/reviews), newest first, filtered by moderation status in the
 * URL: the place to catch a bad review wherever it was left. Each company's page has its own list too. The
 * Replies tab (?tab=replies) holds movers' public replies to reviews, which wait for staff (issue 17); the
 * Reports tab (?tab=reports) the reports of reviews by visitors and companies (issue 19), open ones first.
 */
import { Link, useSearchParams } from 'react-router-dom';
import {
  REVIEW_REPLY_STATUSES,
  REVIEW_STATUSES,
  type ReviewReplyStatus,
  type ReviewStatus,
} from '@moveratlas/contracts';
import { BackLink } from '../../../components/dashboard/breadcrumb';
import { SavedViews } from '../ui/saved-views';
import { pageParam, withParams } from '../../../components/dashboard/url-params';
import { ReviewModeration } from './review-moderation';
import { ReplyModeration } from './reply-moderation';
import { ReportModeration, type ReportFilter } from './report-moderation';
import { useWaitingCounts } from '../use-waiting-counts';

const tabClass = (active: boolean) =>
  `inline-flex min-h-10 items-center border-b-2 px-3 text-sm font-medium ${
    active
      ? 'border-blue-700 text-blue-800'
      : 'border-transparent text-slate-700 hover:text-slate-900'
  }`;

export function Component() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status') ?? '';
  const status = (REVIEW_STATUSES as readonly string[]).includes(raw) ? (raw as ReviewStatus) : '';
  const page = pageParam(search);
  const update = (changes: Record<string, string | null>) => setSearch(withParams(search, changes));
  const tab = search.get('tab');
  const replies = tab === 'replies';
  const reports = tab === 'reports';
  // Reports open on the open ones, unless the address asks for another status (or all).
  const rawReport = search.get('status') ?? 'open';
  const reportStatus: ReportFilter =
    rawReport === 'all' || rawReport === 'dismissed' || rawReport === 'upheld' ? rawReport : 'open';
  const openReports = useWaitingCounts()?.reviewReports;
  // Replies open on the ones waiting, unless the address asks for another status (or all).
  const rawReply = search.get('status') ?? 'pending';
  const replyStatus = (REVIEW_REPLY_STATUSES as readonly string[]).includes(rawReply)
    ? (rawReply as ReviewReplyStatus)
    : '';
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
      <nav
        aria-label="Reviews, replies and reports"
        className="flex gap-2 border-b border-slate-200"
      >
        <Link
          to="?"
          aria-current={replies || reports ? undefined : 'page'}
          className={tabClass(!replies && !reports)}
        >
          Reviews
        </Link>
        <Link
          to="?tab=replies"
          aria-current={replies ? 'page' : undefined}
          className={tabClass(replies)}
        >
          Replies from companies
        </Link>
        <Link
          to="?tab=reports"
          aria-current={reports ? 'page' : undefined}
          className={tabClass(reports)}
        >
          {openReports ? `Reports (${openReports} open)` : 'Reports'}
        </Link>
      </nav>
      {reports ? (
        <ReportModeration
          status={reportStatus}
          page={page}
          onStatusChange={(next) => update({ status: next === 'open' ? null : next, page: null })}
          onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
        />
      ) : replies ? (
        <ReplyModeration
          status={replyStatus}
          page={page}
          onStatusChange={(next) => update({ status: next || 'all', page: null })}
          onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
        />
      ) : (
        <>
          <SavedViews list="reviews" path="/admin/companies/reviews" search={search} />
          <ReviewModeration
            status={status}
            page={page}
            onStatusChange={(next) => update({ status: next || null, page: null })}
            onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
          />
        </>
      )}
    </div>
  );
}
