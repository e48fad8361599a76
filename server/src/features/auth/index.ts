/**
 * Admin sign-in: sessions, cookies, the CSRF gate, the login throttle, passwords, admin users.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { type AdminLocals, adminSessionGate } from './admin-gate';
export { adminRolePolicy } from './admin-policy';
export { applyEnvironmentAdmin } from './admin-users';
export {
  changeOwnPassword,
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  setAdminRole,
} from './admin/admin-user-admin';
export { LoginThrottle } from './login-throttle';
export { passwordProblem, passwordProblemOffThread } from './password-policy';
export { authRoutes } from './routes';
export { purgeExpiredSessions } from './sessions';
// What the movers' sign-in (features/movers) shares with the admin's: the session table, the cookies, the
// throttle, the password hashing and the private-answer header.
export {
  deleteOwnerSessions,
  deleteSession,
  hashSessionId,
  insertSession,
  isWellFormedToken,
  liveSession,
  newSessionToken,
  purgeEnded,
  type SessionRowBase,
  type SessionTable,
  type SessionTimeouts,
  tokensMatch,
} from './session-table';
export {
  clearSessionCookiePair,
  readOwnCookie,
  type SessionCookieNames,
  setSessionCookiePair,
} from './cookies';
export { hashPassword, needsRehash, verifyPassword } from './passwords';
export { noStore } from './routes';
