/**
 * A new company (/admin/companies/new). With ?application=<id> the form starts from an application sent
 * through /list-your-company: the admin checks and completes it, and saving creates the company and marks
 * the application approved together.
 */
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  IDEMPOTENCY_KEY_HEADER,
  type AdminApplication,
  type CompanyCreated,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { DraftNotice } from '../drafts/draft-notice';
import { useLeaveGuard } from '../drafts/leave-guard';
import { useFormDraft } from '../drafts/use-form-draft';
import { BackLink } from '../../../components/dashboard/breadcrumb';
import { linkClass } from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { APPLICATIONS_PATH, COMPANIES_PATH } from './api-paths';
import { bodyOf, CompanyForm, EMPTY_COMPANY, type CompanyFormState } from './company-form';

/** The form prefilled from an application: what the mover told us, listed by default. */
export function formFromApplication(application: AdminApplication): CompanyFormState {
  return {
    ...EMPTY_COMPANY,
    name: application.companyName,
    phone: application.phone,
    email: application.email,
    website: application.website ?? '',
    usdot_number: application.usdotNumber ?? '',
    mc_number: application.mcNumber ?? '',
    city: application.city,
    state: application.state,
    services: application.services,
  };
}

function NewCompany({ application }: { application?: AdminApplication }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const draft = useFormDraft(
    application ? `company:new:application:${application.id}` : 'company:new',
    application ? formFromApplication(application) : EMPTY_COMPANY,
  );
  const guard = useLeaveGuard(draft.dirty);
  // One key per form: however often it is sent (a double click, a retry after a lost answer), the server
  // creates one company (decision 028). An approval is once per application already.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const sending = useRef(false);
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      application
        ? adminWrite<CompanyCreated>('POST', `${APPLICATIONS_PATH}/${application.id}/approve`, body)
        : adminWrite<CompanyCreated>('POST', COMPANIES_PATH, body, {
            headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          }),
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: async (created, body) => {
      draft.rebase(draft.baseline, undefined);
      guard.allowNextNavigation();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [COMPANIES_PATH] }),
        queryClient.invalidateQueries({ queryKey: [APPLICATIONS_PATH] }),
      ]);
      toast({
        title: application ? 'Application approved' : 'Company added',
        description: `${String(body.name)} is at /company/${created.slug}.`,
      });
      await navigate(`/admin/companies/${created.id}`);
    },
    onError: (error) => setFailure(failureText(error)),
  });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <BackLink to={application ? '/admin/companies/applications' : '/admin/companies'}>
          {application ? 'All applications' : 'All companies'}
        </BackLink>
        <h2 className="mt-1 text-xl font-bold text-slate-900">
          {application ? `Approve ${application.companyName}` : 'Add a company'}
        </h2>
        {application ? (
          <p className="mt-1 text-sm text-slate-700">
            Prefilled from the application of {application.contactName} ({application.email}). Check
            the registration numbers, complete the listing and save: the company is created and the
            application marked approved.
          </p>
        ) : null}
      </div>
      <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />
      <CompanyForm
        values={draft.values}
        onChange={draft.setValues}
        submitLabel={application ? 'Create company and approve' : 'Create company'}
        pending={create.isPending}
        failure={failure}
        onSubmit={() => {
          // A second click before the first answer sends nothing (and the server would make it one).
          if (sending.current) return;
          sending.current = true;
          create.mutate(bodyOf(draft.values));
        }}
        slugHint="Leave blank to make one from the name."
      />
    </div>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const applicationId = search.get('application');
  const valid = applicationId !== null && /^\d+$/.test(applicationId);
  const application = useQuery<AdminApplication>({
    queryKey: [`${APPLICATIONS_PATH}/${applicationId}`],
    enabled: valid,
  });
  if (!valid) return <NewCompany />;
  if (application.isError)
    return (
      <LoadFailure
        what="the application"
        error={application.error}
        onRetry={() => void application.refetch()}
        retrying={application.isFetching}
      />
    );
  if (!application.data) return <Skeleton label="Loading the application…" />;
  if (application.data.status !== 'pending')
    return (
      <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
        This application was already {application.data.status}.{' '}
        <Link to="/admin/companies/applications" className={linkClass}>
          Back to the applications
        </Link>
      </p>
    );
  return <NewCompany application={application.data} />;
}
