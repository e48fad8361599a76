/**
 * Quote requests: intake, the outbox that forwards them, the admin screens over them.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export {
  dayStart,
  leadSummaries,
  type LeadSummaryRow,
  nextDay,
  SUMMARY_COLUMNS,
} from './admin/lead-rows';
export { adminLeadsRoutes } from './admin/routes';
export { countWaitingDeletionRequests } from './admin/deletion/deletion-requests';
export { countWaitingLeadReturns } from './returns/lead-returns';
export { callBackend, LEAD_ANALYTICS_JOB, LEAD_FORWARD_JOB, leadOutboxHandlers } from './outbox';
export { leadAnalyticsHandler, sendLeadHandler } from './routes';
export { proLeadsRoutes } from './pro/routes';
export { companyLeadCounts, type CompanyLeadCounts } from './pro/lead-counts';
export { myRequestRoutes } from './visitor/routes';
export { LEAD_CONFIRM_JOB, visitorConfirmationHandlers } from './visitor/confirmation-job';
