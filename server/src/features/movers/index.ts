/**
 * Movers' accounts (issue 17, docs/decisions/034): people of moving companies who sign in at /pro, their
 * sessions, their companies (owner or staff), single-use e-mailed links, and the gate every /api/pro route
 * sits behind. What the rest of the server may use of this resource; everything else in the folder is its
 * own (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export {
  addCompanyUser,
  companiesOf,
  findMoverUserByEmail,
  findOrCreateMoverUser,
  normaliseEmail,
} from './accounts';
export {
  createLinkToken,
  peekLinkToken,
  RESET_LINK_MINUTES,
  useLinkToken,
  type LinkPurpose,
} from './link-tokens';
export { endUserSessions, startMoverSession } from './mover-sessions';
export {
  companyMembership,
  NO_SUCH_COMPANY,
  proAuditActor,
  type ProCompanyLocals,
  type ProLocals,
  proSessionGate,
  requireProOwner,
} from './pro-gate';
export { proAccountRoutes, proSignInRoutes } from './routes';
export { adminCompanyUserRoutes } from './admin/routes';
export { proTeamRoutes } from './pro/team-routes';
export { proNotificationRoutes } from './pro/notification-routes';
export { notificationRecipients } from './pro/notification-settings';
export { proChangesRoutes } from './pro/changes-route';
