/**
 * /pro/account: the signed-in mover's own name and e-mail address, and changing its password (the current
 * one proves it is you; the server judges the new one's strength and says what is wrong in words).
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { linkClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { Facts } from '../../../components/dashboard/facts';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure, TextInput } from '../../../components/dashboard/fields';
import { toast } from '../../../components/toast/toast-store';
import { PRO_ENDPOINTS } from '../pro-paths';
import { proWrite } from '../pro-request';
import { useProSession } from '../pro-session';

export const PASSWORDS_DIFFER = 'The two new passwords are not the same';

const sectionClass = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

function PasswordChange() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      proWrite<{ ok: true }>('POST', PRO_ENDPOINTS.accountPassword, body),
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      setRepeat('');
      setErrors({});
      toast({
        title: 'Password changed',
        description:
          'Use the new password from now on. Anyone signed in to your account elsewhere was signed out.',
      });
    },
    onError: (error) => setErrors({ form: failureText(error) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (currentPassword === '') next.currentPassword = 'Enter your current password';
    if (newPassword === '') next.newPassword = 'Enter a new password';
    else if (repeat !== newPassword) next.repeat = PASSWORDS_DIFFER;
    setErrors(next);
    if (Object.keys(next).length === 0) change.mutate({ currentPassword, newPassword });
  };

  return (
    <section aria-labelledby="pro-password-title" className={sectionClass}>
      <h2 id="pro-password-title" className="text-lg font-semibold text-slate-900">
        Change your password
      </h2>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Change your password"
        className="mt-4 space-y-4"
      >
        <FormFailure message={errors.form} />
        <div className="grid gap-4 md:grid-cols-3">
          <TextInput
            label="Current password"
            type="password"
            required
            autoComplete="current-password"
            value={currentPassword}
            error={errors.currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
          <TextInput
            label="New password"
            type="password"
            required
            autoComplete="new-password"
            value={newPassword}
            error={errors.newPassword}
            hint="A long password you use nowhere else; a few unrelated words work well."
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <TextInput
            label="New password again"
            type="password"
            required
            autoComplete="new-password"
            value={repeat}
            error={errors.repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}

function AccountPage() {
  const { user } = useProSession();
  return (
    <div className="max-w-4xl space-y-6">
      <section aria-labelledby="pro-account-title" className={sectionClass}>
        <h2 id="pro-account-title" className="text-lg font-semibold text-slate-900">
          You
        </h2>
        <Facts
          className="mt-4"
          items={[
            ['Name', user?.name],
            ['E-mail address', user?.email],
          ]}
        />
        <p className="mt-4 text-sm text-slate-600">
          You sign in with this e-mail address. To change it,{' '}
          <Link to="/contact" className={linkClass}>
            write to us
          </Link>
          .
        </p>
      </section>
      <PasswordChange />
    </div>
  );
}

export const Component = AccountPage;
