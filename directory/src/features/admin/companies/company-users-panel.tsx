/**
 * A company's movers on its admin page (issue 17): whether the listing is claimed and since when, every
 * person who can sign in for it — name, e-mail, role, status, last sign-in — and Suspend / Restore for each.
 * Suspending ends the person's sessions at once (for every company they belong to) and asks first.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  ADMIN_CLAIMS_PATH,
  adminCompanyUsersPath,
  type AdminClaimPage,
  type AdminCompanyUser,
  type AdminCompanyUsers,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { useMay } from '../use-admin-role';
import { Badge } from '../../../components/dashboard/badge';
import { buttonClass, inputClass, linkClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';

const ROLE_LABELS = { owner: 'Owner', staff: 'Staff' } as const;

function UsersTable({
  users,
  mayChange,
  onChange,
}: {
  users: AdminCompanyUser[];
  mayChange: boolean;
  onChange: (user: AdminCompanyUser) => void;
}) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label="The company's users"
    >
      <table className="min-w-full text-sm">
        <caption className="sr-only">The people who can sign in for this company</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              E-mail
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Role
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Last sign-in
            </th>
            {mayChange ? (
              <th scope="col" className="px-3 py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                {user.name}
              </th>
              <td className="px-3 py-2 break-all text-slate-900">{user.email}</td>
              <td className="px-3 py-2 text-slate-900">{ROLE_LABELS[user.role]}</td>
              <td className="px-3 py-2">
                {user.status === 'active' ? (
                  <Badge tone="success">Active</Badge>
                ) : (
                  <Badge tone="danger">Suspended</Badge>
                )}
                {user.suspendedReason ? (
                  <span className="mt-1 block text-xs text-slate-600">{user.suspendedReason}</span>
                ) : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-900">
                {user.lastLoginAt ? <DateTime iso={user.lastLoginAt} /> : 'Never'}
              </td>
              {mayChange ? (
                <td className="px-3 py-2 text-right">
                  <button
                    type="button"
                    className={buttonClass}
                    aria-label={`${user.status === 'active' ? 'Suspend' : 'Restore'} ${user.name}`}
                    onClick={() => onChange(user)}
                  >
                    {user.status === 'active' ? 'Suspend' : 'Restore'}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CompanyUsersPanel({ companyId }: { companyId: number }) {
  const path = adminCompanyUsersPath(companyId);
  const queryClient = useQueryClient();
  const mayChange = useMay('PATCH /companies/:id/users/:userId');
  const reasonId = useId();
  const users = useQuery<AdminCompanyUsers>({ queryKey: [path] });
  // Claims with evidence waiting for staff, linked from here (their count only).
  const claims = useQuery<AdminClaimPage>({
    queryKey: [ADMIN_CLAIMS_PATH, { status: 'pending', companyId: String(companyId), limit: '1' }],
  });
  const pendingClaims = claims.data?.total ?? 0;
  const [changing, setChanging] = useState<AdminCompanyUser | null>(null);
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: (user: AdminCompanyUser) =>
      adminWrite<AdminCompanyUser>('PATCH', `${path}/${user.id}`, {
        status: user.status === 'active' ? 'suspended' : 'active',
        ...(user.status === 'active' && reason.trim() ? { reason: reason.trim() } : {}),
      }),
    onSuccess: async (user) => {
      setChanging(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: [path] });
      toast({
        title: user.status === 'suspended' ? 'User suspended and signed out' : 'User restored',
        description: `${user.name} (${user.email})`,
      });
    },
    onError: (error) => {
      setChanging(null);
      toast({
        title: 'Could not change the user',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
  const suspending = changing?.status === 'active';

  return (
    <SectionCard
      id="company-users"
      title="Claim and users"
      description="Who manages this listing on the movers' dashboard."
    >
      {users.data ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-800">
            {users.data.claimedAt ? (
              <>
                <Badge tone="success">Claimed</Badge> on <DateTime iso={users.data.claimedAt} />
              </>
            ) : (
              <>
                <Badge tone="neutral">Unclaimed</Badge> Nobody has claimed this listing yet.
              </>
            )}
            {pendingClaims > 0 ? (
              <>
                {' '}
                <Link to="/admin/claims" className={linkClass}>
                  {pendingClaims === 1
                    ? '1 claim is waiting'
                    : `${pendingClaims} claims are waiting`}
                </Link>
              </>
            ) : null}
          </p>
          {users.data.users.length === 0 ? (
            <EmptyState>No one can sign in for this company.</EmptyState>
          ) : (
            <UsersTable users={users.data.users} mayChange={mayChange} onChange={setChanging} />
          )}
        </div>
      ) : users.isError ? (
        <LoadFailure
          what="the company's users"
          error={users.error}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : (
        <Skeleton label="Loading the company's users…" />
      )}
      <ConfirmDialog
        open={changing !== null}
        onOpenChange={(open) => {
          if (!open) setChanging(null);
        }}
        tone={suspending ? 'danger' : 'primary'}
        title={`${suspending ? 'Suspend' : 'Restore'} ${changing?.name ?? 'this user'}?`}
        description={
          suspending
            ? 'They are signed out at once and cannot sign in, for this company or any other, until restored.'
            : 'They can sign in again.'
        }
        confirmLabel={suspending ? 'Suspend' : 'Restore'}
        pending={change.isPending}
        onConfirm={() => changing && change.mutate(changing)}
      >
        {suspending ? (
          <>
            <label htmlFor={reasonId} className="mt-4 block text-sm font-medium text-slate-800">
              Reason (optional, for staff)
            </label>
            <input
              id={reasonId}
              maxLength={300}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={inputClass}
            />
          </>
        ) : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
