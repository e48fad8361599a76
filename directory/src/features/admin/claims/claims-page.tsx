/**
 * Claims of listings (/admin/claims): claims with evidence, the oldest pending first, each with what the
 * claimant sent beside what the listing says (USDOT numbers side by side) and the document to download.
 * Approve makes the claimant an owner of the company and e-mails them the way in; Decline asks for the reason
 * the claimant will read. Decided ones show who decided, when, and why.
 */
import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ADMIN_API,
  ADMIN_CLAIMS_PATH,
  CLAIM_ROLES,
  CLAIM_STATUS_LABELS,
  CLAIM_STATUSES,
  companyProfilePath,
  formatPhone,
  type AdminClaim,
  type AdminClaimDecision,
  type AdminClaimPage,
  type ClaimStatus,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { useMay } from '../use-admin-role';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';
import {
  buttonClass,
  cardClass,
  inputClass,
  linkClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { QueueList, QueueStatusNav } from '../../../components/dashboard/decision-queue';
import { pick } from '../../../components/dashboard/url-params';

const FILTER_LABELS: Record<ClaimStatus | 'all', string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  all: 'All',
};
const TONES: Record<ClaimStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  declined: 'neutral',
};
const roleLabel = (id: string) => CLAIM_ROLES.find((r) => r.id === id)?.label ?? id;
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

function ClaimCard({
  claim,
  mayDecide,
  onApprove,
  onDecline,
}: {
  claim: AdminClaim;
  mayDecide: boolean;
  onApprove: (claim: AdminClaim) => void;
  onDecline: (claim: AdminClaim) => void;
}) {
  const usdotMatches =
    claim.listingUsdotNumber !== null && claim.listingUsdotNumber === claim.usdotNumber;
  return (
    <li className={cardClass} aria-label={`Claim of ${claim.company.name} by ${claim.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">
            <Link to={`/admin/companies/${claim.company.id}`} className={linkClass}>
              {claim.company.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-600">
            {claim.company.city}, {claim.company.state} · received{' '}
            <DateTime iso={claim.createdAt} />
            {' · '}
            <a href={companyProfilePath(claim.company.slug)} className={linkClass}>
              Public page
            </a>
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {claim.company.claimed ? <Badge tone="info">Has an owner</Badge> : null}
          <Badge tone={TONES[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Badge>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">Claimant: </dt>
          <dd className="inline text-slate-900">
            {claim.name} ({roleLabel(claim.role)})
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">E-mail: </dt>
          <dd className="inline break-all text-slate-900">{claim.email}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Phone: </dt>
          <dd className="inline text-slate-900">{formatPhone(claim.phone)}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">USDOT: </dt>
          <dd className="inline text-slate-900">
            {claim.usdotNumber} —{' '}
            {claim.listingUsdotNumber === null
              ? 'the listing has none'
              : usdotMatches
                ? 'the same as the listing'
                : `the listing says ${claim.listingUsdotNumber}`}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline text-slate-600">Document: </dt>
          <dd className="inline text-slate-900">
            <a href={`${ADMIN_CLAIMS_PATH}/${claim.id}/document`} className={linkClass} download>
              Download {claim.document.name}
            </a>{' '}
            ({claim.document.type === 'application/pdf' ? 'PDF' : 'image'},{' '}
            {size(claim.document.bytes)})
          </dd>
        </div>
      </dl>
      <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-800">
        {claim.message}
      </p>
      {claim.status === 'pending' ? (
        mayDecide ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={primaryButtonClass}
              aria-label={`Approve the claim of ${claim.company.name}`}
              onClick={() => onApprove(claim)}
            >
              Approve
            </button>
            <button
              type="button"
              className={buttonClass}
              aria-label={`Decline the claim of ${claim.company.name}`}
              onClick={() => onDecline(claim)}
            >
              Decline
            </button>
          </div>
        ) : null
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          {CLAIM_STATUS_LABELS[claim.status]} by {claim.decidedBy ?? 'an admin'}
          {claim.decidedAt ? (
            <>
              , <DateTime iso={claim.decidedAt} />
            </>
          ) : null}
          {claim.declineReason ? ` — “${claim.declineReason}”` : ''}
        </p>
      )}
    </li>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const mayDecide = useMay('POST /claims/:id/approve');
  const status = (search.get('status') as ClaimStatus | 'all' | null) ?? 'pending';
  const params = { ...pick(search, ['page']), status };
  const list = useQuery<AdminClaimPage>({
    queryKey: [ADMIN_CLAIMS_PATH, params],
    placeholderData: keepPreviousData,
  });
  const [approving, setApproving] = useState<AdminClaim | null>(null);
  const [declining, setDeclining] = useState<AdminClaim | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const decided = async (title: string, claim: AdminClaim) => {
    // The sidebar's count drops at once, without holding the toast for it.
    void queryClient.invalidateQueries({ queryKey: [ADMIN_API.waiting] });
    await queryClient.invalidateQueries({ queryKey: [ADMIN_CLAIMS_PATH] });
    toast({ title, description: `${claim.company.name} — ${claim.name}` });
  };
  const approve = useMutation({
    mutationFn: (claim: AdminClaim) =>
      adminWrite<AdminClaimDecision>('POST', `${ADMIN_CLAIMS_PATH}/${claim.id}/approve`),
    onSuccess: async (decision) => {
      setApproving(null);
      await decided(
        decision.passwordLinkSent
          ? 'Claim approved: the owner was e-mailed a link to choose a password'
          : 'Claim approved: the owner was e-mailed',
        decision.claim,
      );
    },
    onError: (error) => {
      setApproving(null);
      toast({
        title: 'Could not approve the claim',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
  const decline = useMutation({
    mutationFn: (claim: AdminClaim) =>
      adminWrite<AdminClaimDecision>('POST', `${ADMIN_CLAIMS_PATH}/${claim.id}/decline`, {
        reason: reason.trim(),
      }),
    onSuccess: async (decision) => {
      setDeclining(null);
      setReason('');
      await decided('Claim declined: the claimant was e-mailed the reason', decision.claim);
    },
    onError: (error) => {
      setDeclining(null);
      toast({
        title: 'Could not decline the claim',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h2 className="text-xl font-bold text-slate-900">Claims of listings</h2>
      <p className="text-sm text-slate-700">
        Claims with evidence, from movers whose listing&apos;s e-mail address is wrong or missing,
        or whose listing has an owner already. Compare the USDOT numbers and read the document
        before deciding.
      </p>
      <QueueStatusNav
        label="Claim status"
        statuses={CLAIM_STATUSES}
        labels={FILTER_LABELS}
        current={status}
        pending={list.data?.pending}
      />
      <QueueList
        query={list}
        what="the claims"
        noun={{ list: 'Claims', one: 'Claim', many: 'claims' }}
        waiting={status === 'pending'}
        search={search}
      >
        {(claim) => (
          <ClaimCard
            key={claim.id}
            claim={claim}
            mayDecide={mayDecide}
            onApprove={setApproving}
            onDecline={(c) => {
              setReasonError(null);
              setDeclining(c);
            }}
          />
        )}
      </QueueList>
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => {
          if (!open) setApproving(null);
        }}
        tone="primary"
        title={`Approve ${approving?.name ?? 'this'}’s claim of ${approving?.company.name ?? 'the listing'}?`}
        description={`${approving?.email ?? 'The claimant'} becomes an owner of the company and is e-mailed how to sign in (a link to choose a password for a new account).`}
        confirmLabel="Approve the claim"
        pending={approve.isPending}
        onConfirm={() => approving && approve.mutate(approving)}
      />
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => {
          if (!open) setDeclining(null);
        }}
        title={`Decline ${declining?.name ?? 'this'}’s claim?`}
        description="The claimant is e-mailed your reason: write it for them."
        confirmLabel="Decline the claim"
        pending={decline.isPending}
        onConfirm={() => {
          if (!declining) return;
          if (reason.trim().length < 5) {
            setReasonError('Write the reason the claimant will read (at least 5 characters).');
            return;
          }
          decline.mutate(declining);
        }}
      >
        <label htmlFor={reasonId} className="mt-4 block text-sm font-medium text-slate-800">
          Reason
        </label>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={1000}
          value={reason}
          aria-invalid={reasonError !== null}
          aria-describedby={reasonError ? `${reasonId}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
          className={inputClass}
        />
        {reasonError ? (
          <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-700">
            {reasonError}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
