/**
 * One lead (/admin/leads/:id): every field, what the checks found about it, the consent recorded with it, the
 * movers it went to and their returns of it, the widget session it came from, the forwarding attempts and the
 * status history; the status change (who and when are recorded by the server) and, for a dead letter, the
 * retry of its delivery behind a confirmation.
 */
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import {
  ADMIN_API,
  formatPhone,
  LEAD_STATUSES,
  type AdminLeadDetail,
  type LeadStatus,
  companyProfilePath,
  LEAD_STATUS_LABELS,
  LEAD_RETURN_REASON_LABELS,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { adminWrite } from '../admin-request';
import { cardClass, linkClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { StatusForm } from '../../../components/dashboard/status-form';
import { RecordStates } from '../../../components/dashboard/load-states';
import { Panel } from '../../../components/dashboard/section-card';
import { LeadDeliveryList } from '../../../components/dashboard/lead-deliveries';
import { LeadQualitySection } from '../../../components/dashboard/lead-quality';
import { LeadReturnStatusBadge } from '../../../components/dashboard/lead-return-status';
import { DeliveryBadge, fullName, moveSizeLabel, StatusBadge } from './lead-format';
import { Facts } from '../../../components/dashboard/facts';

const ATTEMPT_EVENTS: Record<string, string> = {
  succeeded: 'Delivered',
  retry: 'Failed, will retry',
  dead: 'Failed for the last time',
  'lease-expired': 'Worker stopped mid-attempt',
  retried: 'Queued again by an admin',
};

function LeadStatusForm({ detail }: { detail: AdminLeadDetail }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (body: { status: LeadStatus; note?: string }) =>
      adminWrite<AdminLeadDetail>('POST', `${ADMIN_API.leads}/${detail.lead.id}/status`, body),
    onSuccess: (updated) => {
      queryClient.setQueryData([`${ADMIN_API.leads}/${detail.lead.id}`], updated);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_API.leads] });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_API.dashboard] });
      toast({
        title: 'Status updated',
        description: `${fullName(updated.lead)} is now ${LEAD_STATUS_LABELS[updated.lead.status]}.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Status not changed',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  return (
    <StatusForm
      statuses={LEAD_STATUSES}
      labels={LEAD_STATUS_LABELS}
      current={detail.lead.status}
      note={{ rows: 2 }}
      pending={change.isPending}
      save={change.mutateAsync}
    />
  );
}

function RetryDelivery({ detail }: { detail: AdminLeadDetail }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const retry = useMutation({
    mutationFn: () =>
      adminWrite<AdminLeadDetail>('POST', `${ADMIN_API.leads}/${detail.lead.id}/retry`),
    onSuccess: (updated) => {
      queryClient.setQueryData([`${ADMIN_API.leads}/${detail.lead.id}`], updated);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_API.leads] });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_API.dashboard] });
      setOpen(false);
      toast({
        title: 'Delivery queued again',
        description: `The lead ${updated.lead.publicId} will be sent to the lead backend shortly.`,
      });
    },
    onError: (error) => {
      setOpen(false);
      toast({
        title: 'Retry failed',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
  return (
    <>
      <button type="button" className={primaryButtonClass} onClick={() => setOpen(true)}>
        Retry delivery
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Retry this lead's delivery?"
        description={`The lead ${detail.lead.publicId} is queued again with a fresh set of ${
          detail.delivery.job?.maxAttempts ?? ''
        } attempts and sent to the lead backend as it was received. The backend sees the same lead id, so it can tell a repeat.`}
        confirmLabel="Retry now"
        pendingLabel="Queuing…"
        tone="primary"
        pending={retry.isPending}
        onConfirm={() => retry.mutate()}
      />
    </>
  );
}

function Delivery({ detail }: { detail: AdminLeadDetail }) {
  const { delivery, lead } = detail;
  const job = delivery.job;
  return (
    <Panel title="Delivery to the lead backend">
      <div className="flex flex-wrap items-center gap-3">
        <DeliveryBadge delivery={delivery.state} />
        {delivery.canRetry ? <RetryDelivery detail={detail} /> : null}
      </div>
      <div className="mt-3">
        <Facts
          items={[
            ['Delivered at', lead.deliveredAt ? <DateTime iso={lead.deliveredAt} /> : null],
            ['Backend lead id', lead.backendLeadId],
            [
              'Forwarding job',
              job ? (
                <Link key="job" to={`/admin/jobs/${job.id}`} className={linkClass}>
                  Job {job.id}
                </Link>
              ) : (
                'None'
              ),
            ],
            ['Attempts', job ? `${job.attempts} of ${job.maxAttempts}` : 'No forwarding job'],
            [
              delivery.state === 'dead' ? 'Gave up at' : 'Next attempt',
              job && delivery.state !== 'delivered' ? <DateTime iso={job.runAt} /> : null,
            ],
            ['Last error', job?.lastError ?? null],
          ]}
        />
      </div>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Attempts</h4>
      {delivery.attempts.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No attempt yet.</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm">
          {delivery.attempts.map((attempt, i) => (
            <li key={i} className="rounded-lg border border-slate-200 p-3">
              <p className="font-medium text-slate-900">
                {ATTEMPT_EVENTS[attempt.event] ?? attempt.event}
                {attempt.attempt > 0 ? ` · attempt ${attempt.attempt}` : ''}
              </p>
              <p className="text-xs text-slate-600">
                <DateTime iso={attempt.at} />
              </p>
              {attempt.message ? (
                <p className="mt-1 text-xs break-words text-slate-700">{attempt.message}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The checks' findings; a repeat links to the list searched by the earlier request's id (all we have of it). */
function Quality({ quality }: { quality: AdminLeadDetail['quality'] }) {
  const earlier = quality.repeatOf?.publicId;
  return (
    <LeadQualitySection quality={quality}>
      {earlier ? (
        <p className="mt-3 text-sm">
          <Link to={`/admin/leads?${new URLSearchParams({ q: earlier })}`} className={linkClass}>
            Find request {earlier} in all leads
          </Link>
        </p>
      ) : null}
    </LeadQualitySection>
  );
}

function MoverReturns({ returns }: { returns: AdminLeadDetail['returns'] }) {
  if (returns.length === 0) return null;
  return (
    <Panel title="Returns by movers">
      <ul className="space-y-2 text-sm">
        {returns.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-words text-slate-900">{r.companyName}</span>
              <LeadReturnStatusBadge status={r.status} reader="staff" />
            </div>
            <p className="mt-1 text-slate-800">{LEAD_RETURN_REASON_LABELS[r.reason]}</p>
            {r.note ? <p className="mt-1 whitespace-pre-line text-slate-700">{r.note}</p> : null}
            <p className="mt-1 text-xs text-slate-600">
              Asked {r.requestedBy ? `by ${r.requestedBy}, ` : ''}
              <DateTime iso={r.requestedAt} />
            </p>
            {r.decisionNote ? (
              <p className="mt-1 whitespace-pre-line text-slate-700">
                <span className="font-medium">Staff&apos;s answer</span>
                {r.decidedAt ? (
                  <>
                    {' '}
                    (<DateTime iso={r.decidedAt} />)
                  </>
                ) : null}
                : {r.decisionNote}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {returns.some((r) => r.status === 'requested') ? (
        <p className="mt-3 text-sm">
          <Link to="/admin/lead-returns" className={linkClass}>
            Answer in Lead returns
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}

function History({ detail }: { detail: AdminLeadDetail }) {
  return (
    <Panel title="Status history">
      <ol className="space-y-2 text-sm">
        {[...detail.statusHistory].reverse().map((change, i) => (
          <li key={i} className="rounded-lg border border-slate-200 p-3">
            <p className="text-slate-900">
              {change.fromStatus ? (
                <>
                  {LEAD_STATUS_LABELS[change.fromStatus]} →{' '}
                  <strong>{LEAD_STATUS_LABELS[change.toStatus]}</strong>
                </>
              ) : (
                <>
                  Received as <strong>{LEAD_STATUS_LABELS[change.toStatus]}</strong>
                </>
              )}
            </p>
            <p className="text-xs text-slate-600">
              {change.changedBy ? `by ${change.changedBy}, ` : ''}
              <DateTime iso={change.changedAt} />
            </p>
            {change.note ? <p className="mt-1 text-slate-700">{change.note}</p> : null}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

export function LeadDetailView({ detail }: { detail: AdminLeadDetail }) {
  const { lead, consent, session } = detail;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold break-words text-slate-900">{fullName(lead)}</h2>
        <span className="font-mono text-sm text-slate-600">{lead.publicId}</span>
        <StatusBadge status={lead.status} />
        <DeliveryBadge delivery={lead.delivery} />
      </div>
      <p className="text-sm text-slate-600">
        Received <DateTime iso={lead.createdAt} /> through {lead.partnerName ?? lead.siteId}.
      </p>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Panel title="Contact">
            <Facts
              items={[
                ['Name', fullName(lead)],
                [
                  'E-mail',
                  <a href={`mailto:${lead.email}`} className="text-blue-700 underline">
                    {lead.email}
                  </a>,
                ],
                [
                  'Phone',
                  <a href={`tel:${lead.phone}`} className="text-blue-700 underline">
                    {formatPhone(lead.phone)}
                  </a>,
                ],
              ]}
            />
          </Panel>
          <Quality quality={detail.quality} />
          <Panel title="Move">
            <Facts
              items={[
                ['From', lead.fromLocation],
                [
                  'From city, state, ZIP',
                  [lead.fromCity, lead.fromState, lead.fromZip].filter(Boolean).join(', '),
                ],
                ['To', lead.toLocation],
                [
                  'To city, state, ZIP',
                  [lead.toCity, lead.toState, lead.toZip].filter(Boolean).join(', '),
                ],
                ['Moving date', lead.moveDate || 'Not given'],
                ['Move size', moveSizeLabel(lead.moveSize)],
                ['Rooms sent to the backend', String(lead.numberOfRooms)],
                [
                  'Auto transport',
                  lead.autoTransport
                    ? `${lead.autoTransport.year} ${lead.autoTransport.make} ${lead.autoTransport.model} (${lead.autoTransport.condition})`
                    : lead.needsAutoTransport
                      ? 'Yes'
                      : 'No',
                ],
              ]}
            />
          </Panel>
          <Panel title="Movers chosen">
            {detail.companies.length === 0 ? (
              <p className="text-sm text-slate-600">The visitor chose no movers.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {detail.companies.map((company) => (
                  <li key={String(company.id)}>
                    {company.slug ? (
                      <Link
                        to={companyProfilePath(company.slug)}
                        className="text-blue-700 underline"
                      >
                        {company.name}
                      </Link>
                    ) : (
                      company.name
                    )}
                    <span className="text-slate-600">
                      {company.city
                        ? ` · ${company.city}, ${company.state}`
                        : ' · not in the directory'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Delivery to the movers">
            <LeadDeliveryList
              entries={detail.moverDeliveries}
              showCompany
              empty="Nothing to deliver: no mover this lead named is in the directory, or it came from a test site."
            />
          </Panel>
          <MoverReturns returns={detail.returns} />
          <Panel title="Consent">
            {consent ? (
              <>
                <Facts
                  items={[
                    ['Checkbox checked', consent.checked ? 'Yes' : 'No'],
                    ['Given at', <DateTime iso={consent.consentedAt} />],
                    ['Text version', consent.version],
                    ['Page', consent.pageUrl],
                    ['IP address', consent.ipAddress],
                    ['Browser', consent.userAgent],
                    ['Movers named', consent.companies.map((c) => c.name).join(', ') || 'None'],
                  ]}
                />
                <blockquote className="mt-3 rounded-lg border-l-4 border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
                  {consent.text}
                </blockquote>
              </>
            ) : (
              <p className="text-sm text-red-700">No consent was recorded with this lead.</p>
            )}
          </Panel>
          <Panel title="Source">
            <Facts
              items={[
                [
                  'Partner',
                  lead.partnerName ? `${lead.partnerName} (${lead.siteId})` : lead.siteId,
                ],
                ['Page origin', lead.origin],
                ['IP address', lead.ipAddress],
                ['Browser', lead.userAgent],
                ['Lead uuid', lead.leadUuid],
                ['Session id', lead.sessionId],
                ['Match ping id', lead.pingId],
                ['Last updated', <DateTime iso={lead.updatedAt} />],
              ]}
            />
          </Panel>
          <Panel title="Visitor session">
            {session ? (
              <Facts
                items={[
                  ['Started', <DateTime iso={session.createdAt} />],
                  ['Visitor', session.visitorUuid],
                  ['Site', session.siteId],
                  ['IP address', session.ipAddress],
                  ['Browser', session.userAgent],
                  ['Forwarded', session.deliveryStatus],
                  ...Object.entries(session.fields).map(([name, value]): [string, ReactNode] => [
                    name,
                    value,
                  ]),
                ]}
              />
            ) : (
              <p className="text-sm text-slate-600">
                {lead.sessionId
                  ? 'The widget session of this lead is no longer stored.'
                  : 'The widget sent no session with this lead.'}
              </p>
            )}
          </Panel>
          <section className={cardClass}>
            <details>
              <summary className="cursor-pointer text-base font-semibold text-slate-900">
                Body forwarded to the lead backend
              </summary>
              <div className="mt-3">
                <Facts
                  items={Object.entries(lead.wire).map(([k, v]): [string, ReactNode] => [k, v])}
                />
              </div>
            </details>
          </section>
        </div>
        <div className="space-y-4">
          <Panel title="Change status">
            <LeadStatusForm key={`${lead.status}-${detail.statusHistory.length}`} detail={detail} />
          </Panel>
          <Delivery detail={detail} />
          <History detail={detail} />
        </div>
      </div>
    </div>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const path = `${ADMIN_API.leads}/${id}`;
  const query = useQuery<AdminLeadDetail>({
    queryKey: [path],
    staleTime: 10_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <Link
        to="/admin/leads"
        className="inline-block text-sm font-semibold text-blue-700 underline"
      >
        ← All leads
      </Link>
      <RecordStates query={query} what="this lead" notFound="Lead not found" blocks={4}>
        {(detail) => <LeadDetailView detail={detail} />}
      </RecordStates>
    </div>
  );
}
