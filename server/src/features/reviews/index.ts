/**
 * Reviews people can trust (issue 19): asking each visitor how their move went, the review written from the
 * e-mailed link (verified, single-use), the checks before publishing, staff's moderation, and a company's
 * rating from its published reviews.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { adminReviewRoutes } from './admin/routes';
export { recomputeRating } from './company-rating';
export { reviewRoutes } from './routes';
export { reviewMediaRoutes } from './photos/media-route';
export { proReviewReportRoutes } from './pro/report-routes';
export { countOpenReviewReports, latestCompanyReports } from './review-reports';
export { sendReviewRequests, type ReviewRequestRun } from './review-requests';
export {
  SEND_REVIEW_REQUESTS_SCRIPT_ID,
  sendReviewRequestsScript,
} from './send-review-requests-script';
