/**
 * The admin dashboard, statistics over leads, and the sidebar's counts of waiting work.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { adminDashboardRoutes } from './admin/dashboard-routes';
export { adminStatisticsRoutes } from './admin/routes';
export { adminWaitingRoutes } from './admin/waiting-routes';
