/**
 * A company's team at /pro: its people (name, e-mail, role, last sign-in, status) and the invitations still
 * open. An owner invites by e-mail with a role, changes a person's role, removes a person and cancels an
 * invitation (each removal asked first); staff read it. The server refuses what a role may not do and keeps
 * the last owner; its reasons are shown as they come.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_USER_ROLE_LABELS,
  COMPANY_USER_ROLES,
  INVITATION_VALID_DAYS,
  proCompanyPath,
  proInviteRequestSchema,
  type CompanyUserRole,
  type ProCompany,
  type ProTeam,
  type ProTeamInvitation,
  type ProTeamMember,
} from '@moveratlas/contracts';
import { Badge } from '../../../components/dashboard/badge';
import { buttonClass, inputClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { Time } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { Field, fieldErrors, FormFailure, TextInput } from '../../../components/dashboard/fields';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { toast } from '../../../components/toast/toast-store';
import { proWrite } from '../pro-request';

export const teamPath = (companyId: number) => proCompanyPath(companyId, 'team');

const ROLE_HINTS: Record<CompanyUserRole, string> = {
  owner: 'Owners manage the team, the notification settings and everything else.',
  staff: 'Staff see and work on leads, reviews and the profile, but cannot change the team.',
};

const lastSignIn = (member: ProTeamMember) =>
  member.lastSignInAt === null ? 'Never' : <Time ms={member.lastSignInAt} />;

function StatusBadge({ member }: { member: ProTeamMember }) {
  if (member.status === 'suspended') return <Badge tone="danger">Suspended</Badge>;
  if (!member.hasPassword) return <Badge tone="warning">No password yet</Badge>;
  return <Badge tone="success">Active</Badge>;
}

function InviteForm({ companyId }: { companyId: number }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyUserRole>('staff');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invite = useMutation({
    mutationFn: (body: { email: string; role: CompanyUserRole }) =>
      proWrite<{ invitation: ProTeamInvitation }>(
        'POST',
        `${teamPath(companyId)}/invitations`,
        body,
      ),
    onSuccess: async ({ invitation }) => {
      await queryClient.invalidateQueries({ queryKey: [teamPath(companyId)] });
      setEmail('');
      setRole('staff');
      setErrors({});
      toast({
        title: 'Invitation sent',
        description: `${invitation.email} has ${INVITATION_VALID_DAYS} days to accept it.`,
      });
    },
    onError: (error) => setErrors({ form: failureText(error) }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = proInviteRequestSchema.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    invite.mutate(parsed.data);
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Invite someone" className="space-y-4">
      <FormFailure message={errors.form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="E-mail address"
          type="email"
          required
          autoComplete="off"
          maxLength={254}
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field label="Role" hint={ROLE_HINTS[role]} error={errors.role}>
          {(control) => (
            <select
              {...control}
              value={role}
              onChange={(e) => setRole(e.target.value as CompanyUserRole)}
              className={inputClass}
            >
              {COMPANY_USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {COMPANY_USER_ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" className={primaryButtonClass} disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}

/** A person's role: a select for owners (saved on change), words for staff. */
function RoleControl({
  companyId,
  member,
  editable,
}: {
  companyId: number;
  member: ProTeamMember;
  editable: boolean;
}) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (role: CompanyUserRole) =>
      proWrite<ProTeam>('PATCH', `${teamPath(companyId)}/members/${member.userId}`, { role }),
    onSuccess: (team, role) => {
      queryClient.setQueryData([teamPath(companyId)], team);
      toast({
        title: 'Role changed',
        description: `${member.name} is now ${role === 'owner' ? 'an owner' : 'staff'}.`,
      });
    },
    onError: (error) =>
      toast({ title: 'Role not changed', description: failureText(error), variant: 'destructive' }),
  });
  if (!editable) return <>{COMPANY_USER_ROLE_LABELS[member.role]}</>;
  return (
    <select
      aria-label={`Role of ${member.name}`}
      value={member.role}
      disabled={change.isPending}
      onChange={(e) => change.mutate(e.target.value as CompanyUserRole)}
      className={`${inputClass} mt-0 w-auto py-1`}
    >
      {COMPANY_USER_ROLES.map((r) => (
        <option key={r} value={r}>
          {COMPANY_USER_ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

export function TeamScreen({ company, userId }: { company: ProCompany; userId: number }) {
  const queryClient = useQueryClient();
  const path = teamPath(company.id);
  const isOwner = company.role === 'owner';
  const query = useQuery<ProTeam>({ queryKey: [path] });
  const [removing, setRemoving] = useState<ProTeamMember | null>(null);
  const [cancelling, setCancelling] = useState<ProTeamInvitation | null>(null);

  const remove = useMutation({
    mutationFn: (member: ProTeamMember) =>
      proWrite<void>('DELETE', `${path}/members/${member.userId}`),
    onSuccess: async (_answer, member) => {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: [path] });
      toast({
        title: 'Removed from the team',
        description: `${member.name} no longer has access to ${company.name}.`,
      });
    },
    onError: (error) => {
      setRemoving(null);
      toast({ title: 'Not removed', description: failureText(error), variant: 'destructive' });
    },
  });
  const cancel = useMutation({
    mutationFn: (invitation: ProTeamInvitation) =>
      proWrite<void>('DELETE', `${path}/invitations/${invitation.id}`),
    onSuccess: async (_answer, invitation) => {
      setCancelling(null);
      await queryClient.invalidateQueries({ queryKey: [path] });
      toast({
        title: 'Invitation cancelled',
        description: `The link sent to ${invitation.email} no longer works.`,
      });
    },
    onError: (error) => {
      setCancelling(null);
      toast({
        title: 'Invitation not cancelled',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });

  const removeButton = (member: ProTeamMember) =>
    isOwner ? (
      <button
        type="button"
        className={buttonClass}
        onClick={() => setRemoving(member)}
        aria-label={`Remove ${member.name} from the team`}
      >
        Remove
      </button>
    ) : null;

  const name = (member: ProTeamMember) => (
    <>
      {member.name}
      {member.userId === userId ? (
        <>
          {' '}
          <Badge tone="info">You</Badge>
        </>
      ) : null}
    </>
  );

  return (
    <div className="space-y-6">
      <SectionCard
        id="team-members"
        title="People"
        description={
          isOwner
            ? `Everyone who can sign in to ${company.name}'s dashboard.`
            : `Everyone who can sign in to ${company.name}'s dashboard. Only an owner can change the team.`
        }
      >
        {query.isPending ? (
          <Skeleton rows label="Loading the team…" />
        ) : query.isError ? (
          <LoadFailure
            what="the team"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <>
            <ListTable caption={`The people of ${company.name}`}>
              <thead className="bg-slate-50 text-left text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2">
                    E-mail
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Role
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Last sign-in
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Status
                  </th>
                  {isOwner ? (
                    <th scope="col" className="px-4 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {query.data.members.map((member) => (
                  <tr key={member.userId}>
                    <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                      {name(member)}
                    </th>
                    <td className="px-4 py-2 break-all text-slate-700">{member.email}</td>
                    <td className="px-4 py-2 text-slate-700">
                      <RoleControl companyId={company.id} member={member} editable={isOwner} />
                    </td>
                    <td className="px-4 py-2 text-slate-700">{lastSignIn(member)}</td>
                    <td className="px-4 py-2">
                      <StatusBadge member={member} />
                    </td>
                    {isOwner ? (
                      <td className="px-4 py-2 text-right">{removeButton(member)}</td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </ListTable>
            <ListCards label={`The people of ${company.name}`}>
              {query.data.members.map((member) => (
                <ListCard key={member.userId}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium text-slate-900">{name(member)}</p>
                    <StatusBadge member={member} />
                  </div>
                  <p className="mt-1 text-sm break-all text-slate-700">{member.email}</p>
                  <p className="mt-1 text-sm text-slate-700">Last sign-in: {lastSignIn(member)}</p>
                  <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
                    <RoleControl companyId={company.id} member={member} editable={isOwner} />
                    {removeButton(member)}
                  </div>
                </ListCard>
              ))}
            </ListCards>
          </>
        )}
      </SectionCard>

      <SectionCard
        id="team-invitations"
        title="Invitations"
        description={`Invitations waiting to be accepted. Each link works once, for ${INVITATION_VALID_DAYS} days.`}
      >
        {query.isPending ? (
          <Skeleton rows blocks={1} label="Loading the invitations…" />
        ) : query.isError ? null : query.data.invitations.length === 0 ? (
          <EmptyState>No invitation is waiting.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Invitations waiting">
            {query.data.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-all text-slate-900">{invitation.email}</p>
                  <p className="text-slate-700">
                    {COMPANY_USER_ROLE_LABELS[invitation.role]}
                    {invitation.invitedBy ? `, invited by ${invitation.invitedBy}` : ''} · expires{' '}
                    <Time ms={invitation.expiresAt} />
                  </p>
                </div>
                {isOwner ? (
                  <button
                    type="button"
                    className={buttonClass}
                    onClick={() => setCancelling(invitation)}
                    aria-label={`Cancel the invitation of ${invitation.email}`}
                  >
                    Cancel invitation
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {isOwner ? (
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h4 className="mb-3 text-base font-semibold text-slate-900">Invite someone</h4>
            <InviteForm companyId={company.id} />
          </div>
        ) : null}
      </SectionCard>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing?.name ?? 'this person'} from the team?`}
        description={`${removing?.name ?? 'They'} will no longer see or change anything of ${company.name}. You can invite them again later.`}
        confirmLabel="Remove from the team"
        pendingLabel="Removing…"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title="Cancel this invitation?"
        description={`The link sent to ${cancelling?.email ?? 'this address'} will stop working.`}
        confirmLabel="Cancel invitation"
        cancelLabel="Keep it"
        pendingLabel="Cancelling…"
        pending={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
      />
    </div>
  );
}
