/**
 * What the signed-in role may do, as the screens ask it: hide or disable what the server would refuse. The
 * server checks every request against the same policy table (contracts' ADMIN_ROUTE_POLICY); this only decides
 * what to draw (docs/decisions/027).
 */
import { roleMay, type AdminRole, type AdminRouteKey } from '@moveratlas/contracts';
import { useAuthStatus } from './admin-guard';

export function useAdminRole(): AdminRole | undefined {
  return useAuthStatus().data?.role;
}

/**
 * Whether the signed-in admin may use the route `key`. A status without a role (a server from before roles)
 * hides nothing: the server still refuses what it must, and says why.
 */
export function useMay(key: AdminRouteKey): boolean {
  const role = useAdminRole();
  return role === undefined || roleMay(role, key);
}
