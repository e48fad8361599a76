/**
 * Claiming a listing (issue 17): the public claim by a code e-mailed to the listing's address or with
 * evidence, and the admin's claims queue. What the rest of the server may use of this resource; everything
 * else in the folder is its own (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { claimRoutes } from './routes';
export { adminClaimRoutes } from './admin/routes';
export { countWaitingClaims } from './admin/claims-queue';
export type { ClaimsContext } from './context';
