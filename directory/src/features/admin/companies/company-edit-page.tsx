/**
 * One company (/admin/companies/:id): its form (saved with PUT; the public profile and the search index
 * follow at once), a link to its public page, delete (after a confirmation), its profile activity (views and
 * clicks per day), and its reviews to moderate.
 */
import {
  COMPANY_FIELD_LABELS,
  companyProfilePath,
  isStaleWriteBody,
  SERVICES,
} from '@moveratlas/contracts';
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AdminCompanyDetail, ReviewStatus } from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { adminWrite } from '../admin-request';
import { DraftNotice } from '../drafts/draft-notice';
import { useLeaveGuard } from '../drafts/leave-guard';
import { useFormDraft } from '../drafts/use-form-draft';
import {
  conflictingFields,
  defaultChoice,
  mergedValues,
  type MergeChoice,
} from '../../../components/dashboard/merge';
import { MergePanel, shownValue } from '../../../components/dashboard/merge-panel';
import { BackLink } from '../../../components/dashboard/breadcrumb';
import { buttonClass, linkClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { ratingText } from './rating-text';
import { COMPANIES_PATH, REVIEWS_PATH } from './api-paths';
import { bodyOf, CompanyForm, formStateOf, type CompanyFormState } from './company-form';
import { REVIEW_STATUS_LABELS, ReviewModeration } from './review-moderation';
import { CompanyActivityPanel } from './company-activity-panel';
import { ChangeRequestsPanel } from './change-requests-panel';
import { CompanyUsersPanel } from './company-users-panel';
import { auditOf } from '../audit/audit-link';
import { useMay } from '../use-admin-role';

/** A form field's value as the merge panel shows it: services by name, lines as a list. */
function shownField(state: CompanyFormState, field: keyof CompanyFormState): string {
  if (field === 'services')
    return shownValue(state.services.map((id) => SERVICES.find((s) => s.id === id)?.name ?? id));
  if (field === 'photo_urls')
    return shownValue(state.photo_urls.split('\n').filter((line) => line.trim() !== ''));
  return shownValue(state[field]);
}

/** A 409 to a save: the company as saved now, for the merge. */
interface Conflict {
  current: AdminCompanyDetail;
  /** What the refused save sent, and the record it was typed onto. */
  mine: CompanyFormState;
  baseline: CompanyFormState;
  choices: Record<string, MergeChoice>;
}

function CompanyEditor({ detail }: { detail: AdminCompanyDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reviewStatus, setReviewStatus] = useState<ReviewStatus | ''>('');
  const [reviewPage, setReviewPage] = useState(1);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const path = `${COMPANIES_PATH}/${detail.id}`;
  const draft = useFormDraft(`company:${detail.id}`, formStateOf(detail.values), detail.version);
  const guard = useLeaveGuard(draft.dirty);
  const saving = useRef(false);

  // Saved elsewhere and read again while nothing is typed here: the form shows the new values.
  const { dirty, version, rebase } = draft;
  useEffect(() => {
    if (!dirty && !conflict && version !== undefined && detail.version > version)
      rebase(formStateOf(detail.values), detail.version);
  }, [detail, dirty, conflict, version, rebase]);
  const mayDelete = useMay('DELETE /companies/:id');
  const mayReadHistory = useMay('GET /audit');

  const save = useMutation({
    mutationFn: ({ values, version }: { values: CompanyFormState; version: number | undefined }) =>
      adminWrite<AdminCompanyDetail>('PUT', path, { ...bodyOf(values), version }),
    onSettled: () => {
      saving.current = false;
    },
    onSuccess: async (saved) => {
      setFailure(null);
      setConflict(null);
      draft.rebase(formStateOf(saved.values), saved.version);
      queryClient.setQueryData([path], saved);
      await queryClient.invalidateQueries({ queryKey: [COMPANIES_PATH] });
      toast({
        title: 'Company saved',
        description: `${saved.values.name} is up to date on the directory.`,
      });
    },
    onError: (error, sent) => {
      if (error instanceof ApiError && error.status === 409 && isStaleWriteBody(error.body)) {
        const current = error.body.current as AdminCompanyDetail;
        const theirs = formStateOf(current.values);
        const fields = conflictingFields(draft.baseline, sent.values, theirs, COMPANY_FIELD_LABELS);
        setFailure(null);
        setConflict({
          current,
          mine: sent.values,
          baseline: draft.baseline,
          choices: Object.fromEntries(fields.map((f) => [f.field, defaultChoice(f)])),
        });
        return;
      }
      setFailure(failureText(error));
    },
  });

  const submit = (values: CompanyFormState, version: number | undefined) => {
    if (saving.current) return;
    saving.current = true;
    save.mutate({ values, version });
  };

  const conflictFields = conflict
    ? conflictingFields(
        conflict.baseline,
        conflict.mine,
        formStateOf(conflict.current.values),
        COMPANY_FIELD_LABELS,
      )
    : [];

  const remove = useMutation({
    mutationFn: () => adminWrite<void>('DELETE', path),
    onSuccess: async () => {
      setConfirming(false);
      toast({
        title: 'Company deleted',
        description: `${detail.values.name} was removed with its reviews.`,
      });
      // Leave the page first, so its query is not fetched again for a company that is gone.
      draft.rebase(draft.baseline, draft.version);
      guard.allowNextNavigation();
      await navigate('/admin/companies');
      queryClient.removeQueries({ queryKey: [path] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [COMPANIES_PATH] }),
        queryClient.invalidateQueries({ queryKey: [REVIEWS_PATH] }),
      ]);
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: 'Could not delete the company',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });

  const reviewCounts = Object.entries(detail.reviewsByStatus)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${REVIEW_STATUS_LABELS[status as ReviewStatus].toLowerCase()}`)
    .join(', ');

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <BackLink to="/admin/companies">All companies</BackLink>
          <h2 className="mt-1 text-xl font-bold break-words text-slate-900">
            {detail.values.name}
          </h2>
          <p className="text-sm text-slate-600">
            {ratingText(detail.rating, detail.reviewCount)} · updated{' '}
            <DateTime iso={detail.updatedAt} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={companyProfilePath(detail.values.slug)}
            className={buttonClass}
            target="_blank"
            rel="noreferrer"
          >
            View public page<span className="sr-only"> (opens in a new tab)</span>
          </a>
          {mayReadHistory ? (
            <Link to={auditOf('company', detail.id)} className={buttonClass}>
              History
            </Link>
          ) : null}
          {mayDelete ? (
            <button type="button" className={buttonClass} onClick={() => setConfirming(true)}>
              Delete
            </button>
          ) : null}
        </div>
      </div>

      {detail.formerSlugs.length > 0 ? (
        <p className="text-sm text-slate-700">
          Earlier addresses, which lead to this page:{' '}
          {detail.formerSlugs.map((former, i) => (
            <span key={former.slug}>
              {i > 0 ? ', ' : null}
              <code className="break-all">{companyProfilePath(former.slug)}</code>
            </span>
          ))}
          .
        </p>
      ) : null}

      <ChangeRequestsPanel companyId={detail.id} />

      <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />

      {conflict ? (
        <MergePanel
          what="this company"
          savedBy={
            <>
              Their save: <DateTime iso={conflict.current.updatedAt} />.
            </>
          }
          fields={conflictFields}
          show={(field, side) =>
            shownField(
              side === 'mine' ? conflict.mine : formStateOf(conflict.current.values),
              field,
            )
          }
          choices={conflict.choices}
          onChoose={(field, choice) =>
            setConflict({ ...conflict, choices: { ...conflict.choices, [field]: choice } })
          }
          pending={save.isPending}
          onTakeTheirs={() => {
            const theirs = formStateOf(conflict.current.values);
            draft.rebase(theirs, conflict.current.version);
            queryClient.setQueryData([path], conflict.current);
            setConflict(null);
          }}
          onSave={() => {
            const theirs = formStateOf(conflict.current.values);
            const merged = mergedValues(conflict.baseline, conflict.mine, theirs, conflict.choices);
            draft.rebase(theirs, conflict.current.version, merged);
            submit(merged, conflict.current.version);
          }}
        />
      ) : null}

      <CompanyForm
        values={draft.values}
        onChange={draft.setValues}
        submitLabel="Save changes"
        pending={save.isPending}
        failure={failure}
        onSubmit={() => submit(draft.values, draft.version)}
        slugHint={`The public page is ${companyProfilePath(detail.values.slug)}; changing the slug changes its address, and the old one keeps leading here.`}
      />

      <CompanyUsersPanel companyId={detail.id} />

      <CompanyActivityPanel companyId={detail.id} />

      <section aria-labelledby="reviews-heading" className="space-y-3">
        <h3 id="reviews-heading" className="text-lg font-semibold text-slate-900">
          Reviews
        </h3>
        <p className="text-sm text-slate-700">
          {reviewCounts || 'No reviews yet.'} Only published reviews are public and make the rating.
        </p>
        <ReviewModeration
          companyId={detail.id}
          status={reviewStatus}
          page={reviewPage}
          onStatusChange={(status) => {
            setReviewStatus(status);
            setReviewPage(1);
          }}
          onPageChange={setReviewPage}
        />
      </section>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${detail.values.name}?`}
        description="The company, its services and all its reviews are removed for good, and its public page stops existing. This cannot be undone."
        confirmLabel="Delete company"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const path = `${COMPANIES_PATH}/${id}`;
  const detail = useQuery<AdminCompanyDetail>({ queryKey: [path], enabled: /^\d+$/.test(id) });
  if (!/^\d+$/.test(id))
    return (
      <p role="alert" className="text-red-800">
        There is no company {id}.
      </p>
    );
  if (detail.isError)
    return (
      <div className="mx-auto max-w-4xl">
        <LoadFailure
          what="the company"
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
        <Link to="/admin/companies" className={`${linkClass} mt-4 inline-block`}>
          Back to all companies
        </Link>
      </div>
    );
  if (!detail.data) return <Skeleton label="Loading the company…" />;
  return <CompanyEditor detail={detail.data} />;
}
