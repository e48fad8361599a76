/**
 * The admin accounts: listed with their role and live sessions, created with a role and a password that meets
 * the policy (at least 12 characters, not a common one: the server has the list), their role changed, and
 * deleted after a confirmation. Only owners change anything; nobody deletes their own account, and the last
 * owner is neither deleted nor given another role (the server enforces all of it).
 */
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_ROLE_DESCRIPTIONS,
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  AdminUserCreateSchema,
  type AdminRole,
  type AdminUser,
  type AdminUserList,
} from '@moveratlas/contracts';
import { useMay } from '../use-admin-role';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { Badge } from '../../../components/dashboard/badge';
import { buttonClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { formatDateTime } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { Field, fieldErrors, FormFailure, TextInput } from '../../../components/dashboard/fields';
import { inputClass } from '../../../components/dashboard/classes';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { OffsetPager } from '../../../components/dashboard/pager';
import { SectionCard } from '../../../components/dashboard/section-card';
import { NewPasswordFields, withRepeatCheck } from './new-password-fields';

export const ADMIN_USERS_PATH = '/api/admin/settings/admin-users';
const PAGE_SIZE = 20;

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function NewAdminForm() {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [role, setRole] = useState<AdminRole>('viewer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: { username: string; password: string; role: AdminRole }) =>
      adminWrite<{ id: number; username: string }>('POST', ADMIN_USERS_PATH, body),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_PATH] });
      setUsername('');
      setPassword('');
      setConfirm('');
      setRole('viewer');
      toast({ title: 'Admin created', description: `${created.username} can now sign in.` });
    },
    onError: (error) => setErrors({ form: failureText(error) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AdminUserCreateSchema.safeParse({ username, password, role });
    const next = withRepeatCheck(
      parsed.success ? {} : fieldErrors(parsed.error),
      'password',
      password,
      confirm,
      'The passwords do not match',
    );
    setErrors(next);
    if (Object.keys(next).length === 0)
      create.mutate({ username: username.trim(), password, role });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="New admin"
      className="mt-6 border-t border-slate-200 pt-4"
    >
      <h4 className="text-base font-semibold text-slate-900">New admin</h4>
      <FormFailure message={errors.form} className="mt-2" />
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <TextInput
          label="Username"
          required
          maxLength={64}
          autoComplete="off"
          value={username}
          error={errors.username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <NewPasswordFields
          label="Password"
          value={password}
          repeat={confirm}
          error={errors.password}
          repeatError={errors.confirm}
          onChange={setPassword}
          onRepeatChange={setConfirm}
        />
        <Field label="Role" hint={ADMIN_ROLE_DESCRIPTIONS[role]}>
          {(control) => (
            <select
              {...control}
              value={role}
              onChange={(e) => setRole(e.target.value as AdminRole)}
              className={inputClass}
            >
              {ADMIN_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ADMIN_ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" className={`${primaryButtonClass} mt-4`} disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create admin'}
      </button>
    </form>
  );
}

/** An admin's role: a select for owners (saved on change), plain words for everyone else. */
function RoleCell({ user, editable }: { user: AdminUser; editable: boolean }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (role: AdminRole) =>
      adminWrite<{ role: AdminRole }>('PATCH', `${ADMIN_USERS_PATH}/${user.id}`, { role }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_PATH] });
      toast({
        title: 'Role changed',
        description: `${user.username} is now ${answer.role === 'viewer' ? 'a' : 'an'} ${ADMIN_ROLE_LABELS[answer.role].toLowerCase()}.`,
      });
    },
    onError: (error) =>
      toast({ title: 'Role not changed', description: failureText(error), variant: 'destructive' }),
  });
  if (!editable) return <>{ADMIN_ROLE_LABELS[user.role]}</>;
  return (
    <select
      aria-label={`Role of ${user.username}`}
      value={user.role}
      disabled={change.isPending}
      onChange={(e) => change.mutate(e.target.value as AdminRole)}
      className={`${inputClass} w-auto py-1`}
    >
      {ADMIN_ROLES.map((r) => (
        <option key={r} value={r}>
          {ADMIN_ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

export function AdminUsersPanel() {
  const queryClient = useQueryClient();
  const mayManage = useMay('POST /settings/admin-users');
  const [offset, setOffset] = useState(0);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const query = useQuery<AdminUserList>({
    queryKey: [ADMIN_USERS_PATH, { limit: PAGE_SIZE, offset }],
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (user: AdminUser) => adminWrite<void>('DELETE', `${ADMIN_USERS_PATH}/${user.id}`),
    onSuccess: async (_answer, user) => {
      await queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_PATH] });
      setDeleting(null);
      toast({ title: 'Admin deleted', description: `${user.username} can no longer sign in.` });
    },
    onError: (error) => {
      setDeleting(null);
      toast({
        title: 'Admin not deleted',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
  const total = query.data?.total ?? 0;

  return (
    <SectionCard
      id="admins"
      title="Admin users"
      description="Everyone who can sign in to this admin area."
    >
      {query.isPending ? (
        <Skeleton rows label="Loading admin users" />
      ) : query.isError ? (
        <LoadFailure
          what="the admin users"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">Admin users</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Username
                </th>
                <th scope="col" className="py-2 pr-3">
                  Role
                </th>
                <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                  Created
                </th>
                <th scope="col" className="py-2 pr-3">
                  Live sessions
                </th>
                <th scope="col" className="py-2 pr-3">
                  Last seen
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {query.data.users.map((user) => (
                <tr key={user.id}>
                  <th scope="row" className="py-2 pr-3 font-medium break-all text-slate-900">
                    {user.username}
                    {user.isYou ? (
                      <>
                        {' '}
                        <Badge tone="info">You</Badge>
                      </>
                    ) : null}
                  </th>
                  <td className="py-2 pr-3 text-slate-700">
                    <RoleCell user={user} editable={mayManage} />
                  </td>
                  <td className="hidden py-2 pr-3 text-slate-700 sm:table-cell">
                    {when(user.createdAt)}
                  </td>
                  <td className="py-2 pr-3 text-slate-700">{user.activeSessions}</td>
                  <td className="py-2 pr-3 text-slate-700">{when(user.lastSeenAt)}</td>
                  <td className="py-2 text-right">
                    {user.isYou || !mayManage ? null : (
                      <button
                        type="button"
                        className={buttonClass}
                        onClick={() => setDeleting(user)}
                        aria-label={`Delete ${user.username}`}
                      >
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-3">
        <OffsetPager
          label="Admin user pages"
          offset={offset}
          limit={PAGE_SIZE}
          total={total}
          onOffsetChange={setOffset}
        />
      </div>
      {mayManage ? <NewAdminForm /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.username ?? 'admin'}?`}
        description="The account is removed and every session it has is signed out. This cannot be undone."
        confirmLabel="Delete admin"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </SectionCard>
  );
}
