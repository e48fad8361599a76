/**
 * A company's changes waiting for staff, on its admin page (issue 17): a mover asked to change the name,
 * USDOT or MC number, which are not published until staff approve. Approve applies the change (as a save
 * of the company form would); decline asks for the reason the mover reads on their profile screen.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChangeRequestDeclineSchema,
  PRO_PROFILE_FIELD_LABELS,
  type AdminChangeRequest,
  type AdminChangeRequestPage,
  type ChangeRequestFields,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { buttonClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure, TextArea } from '../../../components/dashboard/fields';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { adminWrite } from '../admin-request';
import { useMay } from '../use-admin-role';
import { CHANGE_REQUESTS_PATH, COMPANIES_PATH } from './api-paths';

export const companyChangeRequestsKey = (companyId: number) =>
  [CHANGE_REQUESTS_PATH, { companyId, status: 'pending' }] as const;

const FIELDS = ['name', 'usdot_number', 'mc_number'] as const;

const shown = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '(none)' : value;

function ChangeList({
  changes,
  before,
}: {
  changes: ChangeRequestFields;
  before: ChangeRequestFields;
}) {
  return (
    <dl className="grid gap-2 sm:grid-cols-[auto_1fr]">
      {FIELDS.filter((f) => changes[f] !== undefined).map((field) => (
        <div key={field} className="contents">
          <dt className="text-sm font-medium text-slate-700">{PRO_PROFILE_FIELD_LABELS[field]}</dt>
          <dd className="text-sm break-words text-slate-900">
            <span className="text-slate-600 line-through">{shown(before[field])}</span>{' '}
            <span aria-hidden="true">→</span>
            <span className="sr-only">changes to</span> <strong>{shown(changes[field])}</strong>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RequestCard({ request, companyId }: { request: AdminChangeRequest; companyId: number }) {
  const queryClient = useQueryClient();
  const mayDecide = useMay('POST /company-change-requests/:id/approve');
  const [approving, setApproving] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const done = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [CHANGE_REQUESTS_PATH] }),
      queryClient.invalidateQueries({ queryKey: [`${COMPANIES_PATH}/${companyId}`] }),
    ]);
  };
  const approve = useMutation({
    mutationFn: () =>
      adminWrite<AdminChangeRequest>('POST', `${CHANGE_REQUESTS_PATH}/${request.id}/approve`),
    onSuccess: async () => {
      setApproving(false);
      toast({ title: 'Change approved', description: 'The listing shows it now.' });
      await done();
    },
    onError: (error) => {
      setApproving(false);
      setFailure(failureText(error));
    },
  });
  const decline = useMutation({
    mutationFn: (why: string) =>
      adminWrite<AdminChangeRequest>('POST', `${CHANGE_REQUESTS_PATH}/${request.id}/decline`, {
        reason: why,
      }),
    onSuccess: async () => {
      setDeclining(false);
      toast({ title: 'Change declined', description: 'The mover sees your reason.' });
      await done();
    },
    onError: (error) => setReasonError(failureText(error)),
  });
  return (
    <li className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm text-slate-800">
        Asked by <strong>{request.requestedBy}</strong> on <DateTime iso={request.createdAt} />
      </p>
      <ChangeList changes={request.changes} before={request.before} />
      <FormFailure message={failure} />
      {mayDecide ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => {
              setFailure(null);
              setApproving(true);
            }}
          >
            Approve change
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              setFailure(null);
              setReason('');
              setReasonError(undefined);
              setDeclining(true);
            }}
          >
            Decline…
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={approving}
        onOpenChange={setApproving}
        title="Approve this change?"
        description="The listing is changed at once and the public profile shows it."
        confirmLabel="Approve change"
        tone="primary"
        pending={approve.isPending}
        onConfirm={() => approve.mutate()}
      />
      <ConfirmDialog
        open={declining}
        onOpenChange={setDeclining}
        title="Decline this change?"
        description="The listing stays as it is. The mover reads your reason on their profile screen."
        confirmLabel="Decline change"
        pending={decline.isPending}
        onConfirm={() => {
          const parsed = ChangeRequestDeclineSchema.safeParse({ reason });
          if (!parsed.success) {
            setReasonError(parsed.error.issues[0]?.message);
            return;
          }
          decline.mutate(parsed.data.reason);
        }}
      >
        <TextArea
          label="Reason"
          value={reason}
          rows={3}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
      </ConfirmDialog>
    </li>
  );
}

/** Nothing at all while the company has no pending change; a card with each one otherwise. */
export function ChangeRequestsPanel({ companyId }: { companyId: number }) {
  const query = useQuery<AdminChangeRequestPage>({
    queryKey: companyChangeRequestsKey(companyId),
  });
  if (query.isError)
    return (
      <LoadFailure
        what="the changes waiting for review"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data) return <Skeleton label="Loading the changes waiting for review…" blocks={1} />;
  if (query.data.items.length === 0) return null;
  return (
    <SectionCard
      id="change-requests"
      title="Changes waiting for review"
      description="The company asked to change details that staff check before they are published."
    >
      <ul className="space-y-3">
        {query.data.items.map((request) => (
          <RequestCard key={request.id} request={request} companyId={companyId} />
        ))}
      </ul>
    </SectionCard>
  );
}
