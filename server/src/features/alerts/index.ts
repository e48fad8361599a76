/**
 * Failures raised to staff (issue 16): what is failing now (the admin banner's API), and the check that
 * e-mails the admins once per new problem, run every minute as a scheduled script. docs/decisions/030.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { adminAlertsRoutes } from './admin/routes';
export { checkAlerts, type AlertCheckResult } from './alert-check';
export { checkAlertsScript, CHECK_ALERTS_SCRIPT_ID } from './check-alerts-script';
export { currentProblems } from './problems';
