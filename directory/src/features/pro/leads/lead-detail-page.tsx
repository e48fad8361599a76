/**
 * One lead in the mover's inbox (/pro/companies/:companyId/leads/:leadId): the customer's contact details and
 * move, what our checks found about it, the consent that named this company, this company's status with a
 * note, its return of the lead if it cannot use it, and its history of changes (who and when, kept by the
 * server).
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import {
  COMPANY_LEAD_STATUSES,
  COMPANY_LEAD_STATUS_LABELS,
  formatPhone,
  type CompanyLeadStatus,
  type ProLeadDetail,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { errorBoxClass, linkClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { Facts } from '../../../components/dashboard/facts';
import { StatusForm } from '../../../components/dashboard/status-form';
import { RecordStates } from '../../../components/dashboard/load-states';
import { Panel } from '../../../components/dashboard/section-card';
import { LeadDeliveryList } from '../../../components/dashboard/lead-deliveries';
import { LeadQualitySection } from '../../../components/dashboard/lead-quality';
import { proWrite } from '../pro-request';
import {
  fullName,
  leadsApi,
  LeadStatusBadge,
  moveDayText,
  moveSizeLabel,
  WithdrawnBadge,
} from './lead-format';
import { LeadReturnPanel } from './lead-return';
import { proScreenPath } from '../pro-paths';

function LeadStatusForm({ detail, companyId }: { detail: ProLeadDetail; companyId: number }) {
  const queryClient = useQueryClient();
  const detailKey = leadsApi(companyId, `/${detail.lead.id}`);
  const change = useMutation({
    mutationFn: (body: { status: CompanyLeadStatus; note?: string }) =>
      proWrite<ProLeadDetail>('PATCH', `${detailKey}/status`, body),
    onSuccess: (updated) => {
      queryClient.setQueryData([detailKey], updated);
      void queryClient.invalidateQueries({ queryKey: [leadsApi(companyId)] });
      toast({
        title: 'Lead updated',
        description: `${fullName(updated.lead)} is now marked ${COMPANY_LEAD_STATUS_LABELS[
          updated.lead.status
        ].toLowerCase()}.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'The lead was not changed',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  return (
    <StatusForm
      statuses={COMPANY_LEAD_STATUSES}
      labels={COMPANY_LEAD_STATUS_LABELS}
      current={detail.lead.status}
      note={{ hint: 'Seen by your colleagues, never by the customer.', rows: 3 }}
      submitLabel="Save"
      pending={change.isPending}
      save={change.mutateAsync}
    />
  );
}

function History({ detail }: { detail: ProLeadDetail }) {
  return (
    <Panel title="History">
      {detail.history.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nobody has changed this lead yet. It arrived <DateTime iso={detail.lead.receivedAt} />.
        </p>
      ) : (
        <ol className="space-y-3 text-sm">
          {[...detail.history].reverse().map((change, i) => (
            <li key={i} className="border-l-2 border-slate-200 pl-3">
              <p className="text-slate-900">
                {change.fromStatus === change.toStatus ? (
                  'Note added'
                ) : (
                  <>
                    {COMPANY_LEAD_STATUS_LABELS[change.fromStatus]} →{' '}
                    <strong>{COMPANY_LEAD_STATUS_LABELS[change.toStatus]}</strong>
                  </>
                )}
              </p>
              <p className="text-xs text-slate-600">
                {change.changedBy ? `by ${change.changedBy}, ` : ''}
                <DateTime iso={change.changedAt} />
              </p>
              {change.note ? (
                <p className="mt-1 whitespace-pre-line text-slate-700">{change.note}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

export function LeadDetailView({
  detail,
  companyId,
}: {
  detail: ProLeadDetail;
  companyId: number;
}) {
  const { lead, consent } = detail;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold break-words text-slate-900">{fullName(lead)}</h2>
        <LeadStatusBadge status={lead.status} />
        <WithdrawnBadge at={lead.consentWithdrawnAt} />
      </div>
      {lead.consentWithdrawnAt ? (
        <p role="alert" className={errorBoxClass}>
          On <DateTime iso={lead.consentWithdrawnAt} /> the customer asked us to stop your company
          contacting them about this move. Do not call or e-mail them; anything not yet sent to you
          was cancelled.
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        Received <DateTime iso={lead.receivedAt} /> · reference{' '}
        <span className="font-mono">{lead.publicId}</span>
      </p>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Panel title="Contact">
            <Facts
              items={[
                ['Name', fullName(lead)],
                [
                  'E-mail',
                  <a href={`mailto:${lead.email}`} className={linkClass}>
                    {lead.email}
                  </a>,
                ],
                [
                  'Phone',
                  <a href={`tel:${lead.phone}`} className={linkClass}>
                    {formatPhone(lead.phone)}
                  </a>,
                ],
              ]}
            />
          </Panel>
          <LeadQualitySection quality={detail.quality} />
          <Panel title="Move">
            <Facts
              items={[
                ['From', lead.fromLocation],
                ['To', lead.toLocation],
                ['Moving date', moveDayText(lead.moveDate)],
                ['Move size', moveSizeLabel(lead.moveSize)],
                [
                  'Vehicle to ship',
                  lead.autoTransport
                    ? `${lead.autoTransport.year} ${lead.autoTransport.make} ${lead.autoTransport.model} (${lead.autoTransport.condition})`
                    : lead.needsAutoTransport
                      ? 'Yes'
                      : 'No',
                ],
              ]}
            />
          </Panel>
          <Panel title="Consent">
            {consent ? (
              <div className="space-y-2 text-sm">
                <p className="text-slate-700">
                  Given <DateTime iso={consent.consentedAt} />
                  {consent.namedAs ? `, naming your company as “${consent.namedAs}”` : ''}
                  {consent.companiesNamed > 1
                    ? ` among ${consent.companiesNamed} movers chosen`
                    : ''}
                  .
                </p>
                <blockquote className="border-l-2 border-slate-300 pl-3 text-slate-800">
                  {consent.text}
                </blockquote>
                <p className="text-xs text-slate-600">Consent text version {consent.version}.</p>
              </div>
            ) : (
              <p className="text-sm text-slate-600">No consent was recorded with this lead.</p>
            )}
          </Panel>
        </div>
        <div className="space-y-4">
          <Panel title="Your status">
            <LeadStatusForm
              key={`${lead.status}-${detail.history.length}`}
              detail={detail}
              companyId={companyId}
            />
            {lead.note ? (
              <p className="mt-3 text-sm text-slate-700">
                <span className="font-medium">Latest note:</span> {lead.note}
              </p>
            ) : null}
          </Panel>
          <Panel title="How this lead reached you">
            <LeadDeliveryList
              entries={detail.deliveries}
              showCompany={false}
              empty="In your inbox only."
            />
          </Panel>
          <LeadReturnPanel detail={detail} companyId={companyId} />
          <History detail={detail} />
        </div>
      </div>
    </div>
  );
}

/**
 * Tells the server this lead was opened, once per lead shown: the customer's request page says so. A write of
 * its own, never a side effect of reading the lead; a failure only costs the customer that detail.
 */
function useMarkOpened(companyId: number, leadId: number | undefined) {
  useEffect(() => {
    if (leadId === undefined) return;
    proWrite('POST', leadsApi(companyId, `/${leadId}/opened`)).catch(() => undefined);
  }, [companyId, leadId]);
}

export function Component() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const query = useQuery<ProLeadDetail>({
    queryKey: [leadsApi(companyId, `/${params.leadId ?? ''}`)],
    staleTime: 10_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
  useMarkOpened(companyId, query.data?.lead.id);
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <Link
        to={proScreenPath(companyId, 'leads')}
        className="inline-block text-sm font-semibold text-blue-700 underline"
      >
        ← All leads
      </Link>
      <RecordStates query={query} what="this lead" notFound="Lead not found" blocks={4}>
        {(detail) => <LeadDetailView detail={detail} companyId={companyId} />}
      </RecordStates>
    </div>
  );
}
