/**
 * Signing out: POST /api/pro/logout with the CSRF token (a GET changes nothing, so no link or image can sign
 * anyone out), then the sign-in page saying so; the movers' data is dropped from the browser's cache so the
 * next person at this browser never sees it. A failure is said in a notification, and the mover stays.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { failureText } from '../../components/dashboard/failure-text';
import { toast } from '../../components/toast/toast-store';
import { PRO_ENDPOINTS, PRO_LOGIN } from './pro-paths';
import { proWrite } from './pro-request';
import { isProDataKey } from './pro-session';

export function useProLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => proWrite<unknown>('POST', PRO_ENDPOINTS.logout),
    onSuccess: async () => {
      toast({ title: 'You are signed out' });
      await navigate(PRO_LOGIN);
      // Forgotten after the move, not set to "signed out" before it: the guard would send the mover to
      // /pro/login?next=… meanwhile. The next visit asks the server again.
      queryClient.removeQueries({ predicate: (query) => isProDataKey(query.queryKey) });
    },
    onError: (error) => {
      toast({
        title: 'Could not sign you out',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
}
