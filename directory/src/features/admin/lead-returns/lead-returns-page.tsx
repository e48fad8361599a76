/**
 * Movers' returns of leads (/admin/lead-returns, issue 18): a mover hands back a lead it cannot use, with a
 * reason. The waiting ones come oldest first (a queue), each with the mover, the lead and what we know of its
 * quality, the mover's reason and note; staff (editors and owners) accept or refuse it with a reason the
 * mover reads by e-mail. Decided ones, newest first, keep the outcome, staff's reason, who decided and when.
 */
import { useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ADMIN_API,
  ADMIN_LEAD_RETURN_FILTERS,
  ADMIN_LEAD_RETURNS_API,
  adminLeadReturnDecisionPath,
  LEAD_QUALITY_FLAG_LABELS,
  LEAD_RETURN_REASON_LABELS,
  STAFF_LEAD_RETURN_STATUS_LABELS,
  LeadReturnDecisionSchema,
  type AdminLeadReturn,
  type AdminLeadReturnList,
  type LeadQualityFlag,
  type LeadReturn,
  type LeadReturnDecision,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { useMay } from '../use-admin-role';
import { Badge } from '../../../components/dashboard/badge';
import { LeadReturnStatusBadge } from '../../../components/dashboard/lead-return-status';
import {
  buttonClass,
  cardClass,
  inputClass,
  linkClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { Field, FormFailure } from '../../../components/dashboard/fields';
import {
  QueueList,
  QueueStatusNav,
  type QueueItems,
} from '../../../components/dashboard/decision-queue';
import { pageParam, pick } from '../../../components/dashboard/url-params';

type Filter = (typeof ADMIN_LEAD_RETURN_FILTERS)[number];

/** The API answers 25 returns a page and does not say so. */
const PAGE_SIZE = 25;

const TAB_LABELS: Record<Filter, string> = {
  requested: 'Waiting',
  decided: 'Decided',
  all: 'All',
};
const EMPTY: Record<Filter, string> = {
  requested: 'No returns are waiting.',
  decided: 'No return has been decided yet.',
  all: 'No returns yet.',
};

const flagLabel = (flag: string): string =>
  Object.hasOwn(LEAD_QUALITY_FLAG_LABELS, flag)
    ? LEAD_QUALITY_FLAG_LABELS[flag as LeadQualityFlag]
    : flag;

/** The API's page as the shared queue draws it, with how many wait whichever tab is shown. */
type ReturnsPage = QueueItems<AdminLeadReturn> & { waiting: number };

const asQueue =
  (page: number) =>
  (list: AdminLeadReturnList): ReturnsPage => ({
    items: list.returns,
    page,
    total: list.total,
    limit: PAGE_SIZE,
    waiting: list.waiting,
  });

/** The reason staff write and the two buttons, on a waiting return. */
function DecisionForm({ item }: { item: AdminLeadReturn }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const decide = useMutation({
    mutationFn: (decision: LeadReturnDecision) =>
      adminWrite<LeadReturn>('POST', adminLeadReturnDecisionPath(item.id), decision),
    onSuccess: async (decided) => {
      toast({
        title:
          decided.status === 'accepted'
            ? `Return of lead ${item.lead.publicId} accepted`
            : `Return of lead ${item.lead.publicId} refused`,
        description: `${item.company.name} is e-mailed your reason.`,
      });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_API.waiting] });
      await queryClient.invalidateQueries({ queryKey: [ADMIN_LEAD_RETURNS_API] });
    },
  });

  const send = (decision: LeadReturnDecision['decision']) => {
    decide.reset();
    const parsed = LeadReturnDecisionSchema.safeParse({ decision, note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? 'Write the reason the mover will read');
      return;
    }
    setNoteError(undefined);
    decide.mutate(parsed.data);
  };
  const pendingAs = decide.isPending ? decide.variables.decision : null;

  return (
    <div className="mt-4 space-y-3">
      <Field label="Reason the mover will read" error={noteError}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${primaryButtonClass} w-full sm:w-auto`}
          disabled={decide.isPending}
          onClick={() => send('accept')}
        >
          {pendingAs === 'accept' ? 'Accepting…' : 'Accept return'}
        </button>
        <button
          type="button"
          className={`${buttonClass} w-full sm:w-auto`}
          disabled={decide.isPending}
          onClick={() => send('refuse')}
        >
          {pendingAs === 'refuse' ? 'Refusing…' : 'Refuse return'}
        </button>
      </div>
      <FormFailure message={decide.isError ? failureText(decide.error) : null} />
    </div>
  );
}

function ReturnCard({ item, mayDecide }: { item: AdminLeadReturn; mayDecide: boolean }) {
  const { lead, company } = item;
  const waiting = item.status === 'requested';
  return (
    <li className={cardClass} aria-label={`Return of lead ${lead.publicId} by ${company.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">
            <Link to={`/admin/companies/${company.id}`} className={linkClass}>
              {company.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-600">
            Asked by {item.requestedBy ?? 'the company'} on <DateTime iso={item.requestedAt} />
          </p>
        </div>
        <LeadReturnStatusBadge status={item.status} reader="staff" />
      </div>
      <p className="mt-3 text-sm text-slate-800">
        <Link to={`/admin/leads/${lead.id}`} className={linkClass}>
          Lead {lead.publicId}
        </Link>
        {` · ${lead.name} · received `}
        <DateTime iso={lead.receivedAt} />
      </p>
      {lead.qualityFlags.length > 0 ? (
        <ul aria-label="Quality flags" className="mt-2 flex flex-wrap gap-1">
          {lead.qualityFlags.map((flag) => (
            <li key={flag}>
              <Badge tone="danger">{flagLabel(flag)}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="mt-3 space-y-1 text-sm">
        <div>
          <dt className="inline text-slate-600">Reason: </dt>
          <dd className="inline text-slate-900">{LEAD_RETURN_REASON_LABELS[item.reason]}</dd>
        </div>
        {item.note ? (
          <div>
            <dt className="inline text-slate-600">The mover&apos;s note: </dt>
            <dd className="inline whitespace-pre-line text-slate-900">{item.note}</dd>
          </div>
        ) : null}
      </dl>
      {waiting ? (
        mayDecide ? (
          <DecisionForm item={item} />
        ) : (
          <p className="mt-3 text-sm text-slate-600">Your role cannot accept or refuse returns.</p>
        )
      ) : (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
          <p>
            {`${STAFF_LEAD_RETURN_STATUS_LABELS[item.status]} by ${item.decidedBy ?? 'an admin'}`}
            {item.decidedAt ? (
              <>
                {' on '}
                <DateTime iso={item.decidedAt} />
              </>
            ) : null}
          </p>
          {item.decisionNote ? (
            <p className="mt-1 whitespace-pre-line">
              <span className="text-slate-600">Our reason: </span>
              {item.decisionNote}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const mayDecide = useMay('POST /lead-returns/:id/decision');
  const status: Filter =
    ADMIN_LEAD_RETURN_FILTERS.find((f) => f === search.get('status')) ?? 'requested';
  const params = { ...pick(search, ['page']), status };
  const page = pageParam(search);
  const select = useMemo(() => asQueue(page), [page]);
  const list = useQuery<AdminLeadReturnList, Error, ReturnsPage>({
    queryKey: [ADMIN_LEAD_RETURNS_API, params],
    select,
    placeholderData: keepPreviousData,
  });

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h2 className="text-xl font-bold text-slate-900">Lead returns</h2>
      <p className="text-sm text-slate-700">
        Leads movers handed back because they could not use them, with their reason. The oldest wait
        first. Accept or refuse each one with a reason: the mover reads it in the e-mail we send.
      </p>
      <QueueStatusNav
        label="Lead return status"
        statuses={['requested', 'decided'] as const}
        labels={TAB_LABELS}
        current={status}
        waiting="requested"
        pending={list.data?.waiting}
      />
      <QueueList
        query={list}
        what="the lead returns"
        noun={{ list: 'Lead returns', one: 'Lead return', many: 'lead returns' }}
        waiting={status === 'requested'}
        empty={EMPTY[status]}
        search={search}
      >
        {(item) => <ReturnCard key={item.id} item={item} mayDecide={mayDecide} />}
      </QueueList>
    </div>
  );
}
