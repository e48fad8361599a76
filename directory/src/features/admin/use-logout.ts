/**
 * Logout (spec 4.3, 7.2, 8): POST /api/logout with the CSRF token. A GET changes nothing (the server answers
 * it 405), so no stored link or image path can sign anyone out. While pending the control reads 'Logging
 * out...'; then the toast 'Logged out successfully' and the home page, or the toast 'Error logging out'
 * with the reason.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { adminWrite } from './admin-request';
import { failureText } from '../../components/dashboard/failure-text';
import { toast } from '../../components/toast/toast-store';
import { AUTH_STATUS_KEY, isAdminDataKey } from './auth-status';
import { allowLeavingOnce } from './drafts/leave-guard';
import { forgetAllDrafts } from './drafts/use-form-draft';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => adminWrite<unknown>('POST', '/api/logout'),
    onSuccess: async () => {
      // Signing out on purpose: the next person at this browser must not find the typed drafts.
      forgetAllDrafts();
      allowLeavingOnce();
      toast({ title: 'Logged out successfully' });
      await navigate('/');
      // Forgotten, not set to "signed out": the area may still be drawn while the navigation commits, and
      // a signed-out status there would send the guard to /login. The next visit asks the server again.
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey[0] === AUTH_STATUS_KEY[0] || isAdminDataKey(query.queryKey),
      });
    },
    onError: (error) => {
      toast({
        title: 'Error logging out',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
}
