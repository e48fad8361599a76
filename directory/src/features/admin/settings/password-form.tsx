/**
 * Changing one's own password: the current one proves it is you; the new one must meet the policy. Every
 * other session of this admin (another browser, a forgotten laptop) is signed out; this one stays.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PasswordChangeSchema, type PasswordChangeResponse } from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { primaryButtonClass } from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { fieldErrors, FormFailure, TextInput } from '../../../components/dashboard/fields';
import { SectionCard } from '../../../components/dashboard/section-card';
import { ADMIN_USERS_PATH } from './admin-users-panel';
import { NewPasswordFields, withRepeatCheck } from './new-password-fields';

export const PASSWORD_PATH = '/api/admin/settings/password';

export function PasswordForm() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      adminWrite<PasswordChangeResponse>('POST', PASSWORD_PATH, body),
    onSuccess: async ({ endedSessions }) => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirm('');
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_PATH] });
      toast({
        title: 'Password changed',
        description:
          endedSessions === 0
            ? 'You had no other sessions to sign out.'
            : `${endedSessions} other session${endedSessions === 1 ? ' was' : 's were'} signed out.`,
      });
    },
    onError: (error) => setErrors({ form: failureText(error) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PasswordChangeSchema.safeParse({ currentPassword, newPassword });
    const next = withRepeatCheck(
      parsed.success ? {} : fieldErrors(parsed.error),
      'newPassword',
      newPassword,
      confirm,
      'The new passwords do not match',
    );
    setErrors(next);
    if (Object.keys(next).length === 0) change.mutate({ currentPassword, newPassword });
  };

  return (
    <SectionCard
      id="password"
      title="Your password"
      description="Changing it signs out your other sessions."
    >
      <form noValidate onSubmit={onSubmit} aria-label="Change your password" className="space-y-4">
        <FormFailure message={errors.form} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput
            label="Current password"
            type="password"
            required
            autoComplete="current-password"
            value={currentPassword}
            error={errors.currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
          <NewPasswordFields
            label="New password"
            value={newPassword}
            repeat={confirm}
            error={errors.newPassword}
            repeatError={errors.confirm}
            onChange={setNewPassword}
            onRepeatChange={setConfirm}
          />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </SectionCard>
  );
}
