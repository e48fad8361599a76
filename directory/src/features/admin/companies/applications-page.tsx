/**
 * Applications from /list-your-company (/admin/companies/applications): pending ones first, each with what
 * the mover sent; "Review and approve" opens the company form prefilled from it, "Decline" asks first and
 * takes an optional note. Decided ones show who decided and when.
 */
import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  APPLICATION_STATUSES,
  formatPhone,
  SERVICES,
  type AdminApplication,
  type AdminApplicationPage,
  type ApplicationStatus,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { Badge } from '../../../components/dashboard/badge';
import { BackLink } from '../../../components/dashboard/breadcrumb';
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
import { APPLICATIONS_PATH } from './api-paths';

const STATUS_LABELS: Record<ApplicationStatus | 'all', string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  all: 'All',
};

const serviceNames = new Map<string, string>(SERVICES.map((s) => [s.id, s.name]));

function ApplicationCard({
  application,
  onDecline,
}: {
  application: AdminApplication;
  onDecline: (application: AdminApplication) => void;
}) {
  return (
    <li className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{application.companyName}</h3>
          <p className="text-sm text-slate-600">
            {application.city}, {application.state} · received{' '}
            <DateTime iso={application.createdAt} />
          </p>
        </div>
        <Badge tone="neutral">{STATUS_LABELS[application.status]}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">Contact: </dt>
          <dd className="inline text-slate-900">{application.contactName}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">E-mail: </dt>
          <dd className="inline break-all text-slate-900">{application.email}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Phone: </dt>
          <dd className="inline text-slate-900">{formatPhone(application.phone)}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Website: </dt>
          <dd className="inline break-all text-slate-900">{application.website ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">USDOT: </dt>
          <dd className="inline text-slate-900">{application.usdotNumber ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">MC: </dt>
          <dd className="inline text-slate-900">{application.mcNumber ?? '—'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline text-slate-600">Services: </dt>
          <dd className="inline text-slate-900">
            {application.services.map((s) => serviceNames.get(s) ?? s).join(', ') || '—'}
          </dd>
        </div>
      </dl>
      {application.message ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-800">
          {application.message}
        </p>
      ) : null}
      {application.status === 'pending' ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Link
            to={`/admin/companies/new?application=${application.id}`}
            className={primaryButtonClass}
          >
            Review and approve<span className="sr-only"> {application.companyName}</span>
          </Link>
          <button type="button" className={buttonClass} onClick={() => onDecline(application)}>
            Decline<span className="sr-only"> {application.companyName}</span>
          </button>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          {STATUS_LABELS[application.status]} by {application.decidedBy ?? 'an admin'}
          {application.decidedAt ? (
            <>
              , <DateTime iso={application.decidedAt} />
            </>
          ) : null}
          {application.decisionNote ? ` — “${application.decisionNote}”` : ''}
          {application.companyId ? (
            <>
              {' · '}
              <Link to={`/admin/companies/${application.companyId}`} className={linkClass}>
                Open the company
              </Link>
            </>
          ) : null}
        </p>
      )}
    </li>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const noteId = useId();
  const status = (search.get('status') as ApplicationStatus | 'all' | null) ?? 'pending';
  const params = { ...pick(search, ['page']), status };
  const list = useQuery<AdminApplicationPage>({
    queryKey: [APPLICATIONS_PATH, params],
    placeholderData: keepPreviousData,
  });
  const [declining, setDeclining] = useState<AdminApplication | null>(null);
  const [note, setNote] = useState('');
  const decline = useMutation({
    mutationFn: (application: AdminApplication) =>
      adminWrite<AdminApplication>('POST', `${APPLICATIONS_PATH}/${application.id}/decline`, {
        note: note.trim() || undefined,
      }),
    onSuccess: async (application) => {
      setDeclining(null);
      setNote('');
      await queryClient.invalidateQueries({ queryKey: [APPLICATIONS_PATH] });
      toast({ title: 'Application declined', description: application.companyName });
    },
    onError: (error) => {
      setDeclining(null);
      toast({
        title: 'Could not decline the application',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <BackLink to="/admin/companies">All companies</BackLink>
        <h2 className="mt-1 text-xl font-bold text-slate-900">Company applications</h2>
      </div>
      <QueueStatusNav
        label="Application status"
        statuses={APPLICATION_STATUSES}
        labels={STATUS_LABELS}
        current={status}
        pending={list.data?.pending}
      />
      <QueueList
        query={list}
        what="the applications"
        noun={{ list: 'Applications', one: 'Application', many: 'applications' }}
        waiting={status === 'pending'}
        search={search}
      >
        {(application) => (
          <ApplicationCard
            key={application.id}
            application={application}
            onDecline={setDeclining}
          />
        )}
      </QueueList>
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => {
          if (!open) setDeclining(null);
        }}
        title={`Decline ${declining?.companyName ?? 'this application'}?`}
        description="The application is marked declined, with your name and the time. No company is created."
        confirmLabel="Decline application"
        pending={decline.isPending}
        onConfirm={() => declining && decline.mutate(declining)}
      >
        <label htmlFor={noteId} className="mt-4 block text-sm font-medium text-slate-800">
          Note (optional)
        </label>
        <textarea
          id={noteId}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className={inputClass}
        />
      </ConfirmDialog>
    </div>
  );
}
