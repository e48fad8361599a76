/**
 * How much work waits for staff (claims, deletion requests, lead returns, new messages): the sidebar's counts,
 * one request for all of them. Refreshed every minute while the admin area is in view, and at once when a
 * screen decides something (it invalidates [ADMIN_API.waiting]). Undefined until known or when it cannot be
 * had: the counts are a hint, and their failure must not disturb the screen around them.
 */
import { useQuery } from '@tanstack/react-query';
import { ADMIN_API, type AdminWaitingCounts } from '@moveratlas/contracts';

export function useWaitingCounts(): AdminWaitingCounts | undefined {
  return useQuery<AdminWaitingCounts>({
    queryKey: [ADMIN_API.waiting],
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: false,
  }).data;
}
