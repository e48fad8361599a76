/**
 * The role check of every /api/admin request, right after the session gate: the route's least role comes from
 * the one policy table (contracts' ADMIN_ROUTE_POLICY). A route the table does not name is refused to every
 * role (deny by default). A refusal of a known route is recorded in the audit log with outcome "refused", so
 * owners see who tried (docs/decisions/027).
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import {
  matchAdminRoute,
  roleAtLeast,
  roleRefusal,
  type AdminRouteMatch,
} from '@moveratlas/contracts';
import { HttpError } from '../../lib/http-error';
import { recordRequestAudit } from '../audit';
import type { AdminLocals } from './admin-gate';

export const UNKNOWN_ADMIN_ROUTE = 'This address is not open to any role';

/** The action and record a refused attempt is filed under: the route's audit action, or "<what>.read". */
function refusedEntry(match: AdminRouteMatch, method: string, path: string) {
  const action =
    match.policy.audit ?? `${match.key.split(' ')[1]!.split('/')[1]!.replace(/-/g, '_')}.read`;
  const entityId = match.params.id ?? match.params.siteId ?? null;
  return {
    action,
    entityType: action.split('.')[0]!,
    entityId,
    summary: `Refused: ${match.policy.does} (${method} ${path})`,
    outcome: 'refused' as const,
  };
}

export function adminRolePolicy(db: Knex): RequestHandler {
  return async (req, res, next) => {
    const { admin } = res.locals as AdminLocals;
    const match = matchAdminRoute(req.method, req.path);
    if (!match) throw new HttpError(403, UNKNOWN_ADMIN_ROUTE);
    if (!roleAtLeast(admin.role, match.policy.role)) {
      await recordRequestAudit(db, req, res, refusedEntry(match, req.method, req.path));
      throw new HttpError(403, roleRefusal(admin.role, match.policy));
    }
    next();
  };
}
