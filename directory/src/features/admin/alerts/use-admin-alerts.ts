/**
 * What is failing now (GET /api/admin/alerts), shared by the banner across every admin page and the
 * dashboard: read again every 30 seconds, so a failure shows within a minute on any screen left open.
 */
import { useQuery } from '@tanstack/react-query';
import { ADMIN_API, type AdminAlerts } from '@moveratlas/contracts';

export const ALERTS_REFRESH_MS = 30_000;

export function useAdminAlerts() {
  return useQuery<AdminAlerts>({
    queryKey: [ADMIN_API.alerts],
    staleTime: 10_000,
    refetchInterval: ALERTS_REFRESH_MS,
    retry: false,
  });
}
