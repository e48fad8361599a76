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
