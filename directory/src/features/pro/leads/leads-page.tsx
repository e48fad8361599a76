/**
 * The mover's leads inbox (/pro/companies/:companyId/leads): the quote requests that named this company in
 * their consent, each with what the quality checks found. Filters (status, received dates, move size, text),
 * the sort and the page are in the URL so a view can be bookmarked; the server filters, sorts and pages.
 * Export CSV downloads exactly the filtered list.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  COMPANY_LEAD_STATUSES,
  COMPANY_LEAD_STATUS_LABELS,
  MOVE_SIZES,
  PRO_LEAD_PAGE_SIZES,
  type ProLeadList,
  type ProLeadSort,
  type ProLeadSummary,
} from '@moveratlas/contracts';
import { buttonClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { LeadQualityBadges } from '../../../components/dashboard/lead-quality';
import { FilterForm, FilterInput, FilterSelect } from '../../../components/dashboard/list-filters';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import { ListStates } from '../../../components/dashboard/load-states';
import { PageSizeSelect, Pager } from '../../../components/dashboard/pager';
import { SortableHead, type Sorting } from '../../../components/dashboard/sort-header';
import { pick } from '../../../components/dashboard/url-params';
import {
  fullName,
  leadsApi,
  LeadStatusBadge,
  WithdrawnBadge,
  moveDayText,
  moveSizeLabel,
  routeText,
} from './lead-format';
import { proScreenPath } from '../pro-paths';

/** The URL parameters that filter the list (and the export). */
export const FILTER_PARAMS = ['q', 'status', 'from', 'to', 'moveSize'] as const;
const LIST_PARAMS = [...FILTER_PARAMS, 'sort', 'dir', 'page', 'pageSize'] as const;

function LeadFilters({ search, clearTo }: { search: URLSearchParams; clearTo: string }) {
  const value = (name: string) => search.get(name) ?? '';
  return (
    <FilterForm
      label="Filter leads"
      search={search}
      filters={FILTER_PARAMS}
      keep={['sort', 'dir', 'pageSize']}
      searchPlaceholder="Name, e-mail or city"
      submitLabel="Apply filters"
      clearTo={clearTo}
    >
      <FilterSelect
        label="Status"
        name="status"
        value={value('status')}
        options={COMPANY_LEAD_STATUSES.map((s) => ({
          value: s,
          label: COMPANY_LEAD_STATUS_LABELS[s],
        }))}
      />
      <FilterSelect
        label="Move size"
        name="moveSize"
        value={value('moveSize')}
        options={MOVE_SIZES.map((s) => ({ value: s.id, label: s.label }))}
      />
      <FilterInput label="Received from" name="from" type="date" value={value('from')} />
      <FilterInput label="Received to" name="to" type="date" value={value('to')} />
    </FilterForm>
  );
}

const COLUMNS: Array<{ label: string; sort?: ProLeadSort }> = [
  { label: 'Customer' },
  { label: 'Received', sort: 'received' },
  { label: 'Route' },
  { label: 'Moving date', sort: 'move_date' },
  { label: 'Status' },
];

/** Newest first; moving dates soonest first. */
const SORTING: Sorting<ProLeadSort> = {
  orderParam: 'dir',
  defaultSort: 'received',
  firstOrder: (sort) => (sort === 'received' ? 'desc' : 'asc'),
};

function LeadLink({ lead, companyId }: { lead: ProLeadSummary; companyId: number }) {
  return (
    <Link
      to={proScreenPath(companyId, `leads/${lead.id}`)}
      className="font-semibold text-blue-700 underline hover:text-blue-900"
    >
      {fullName(lead)}
    </Link>
  );
}

function LeadTable({
  leads,
  search,
  companyId,
}: {
  leads: ProLeadSummary[];
  search: URLSearchParams;
  companyId: number;
}) {
  return (
    <ListTable caption="Leads">
      <SortableHead columns={COLUMNS} sorting={SORTING} search={search} />
      <tbody className="divide-y divide-slate-100">
        {leads.map((lead) => (
          <tr key={lead.id} className="align-top hover:bg-slate-50">
            <td className="px-3 py-2">
              <LeadLink lead={lead} companyId={companyId} />
              <div className="text-xs break-all text-slate-600">{lead.email}</div>
              <LeadQualityBadges flags={lead.qualityFlags} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              <DateTime iso={lead.receivedAt} />
            </td>
            <td className="px-3 py-2 text-slate-700">{routeText(lead)}</td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              {moveDayText(lead.moveDate)}
              <div className="text-xs text-slate-600">{moveSizeLabel(lead.moveSize)}</div>
            </td>
            <td className="px-3 py-2">
              <div className="flex flex-wrap gap-1">
                <LeadStatusBadge status={lead.status} />
                <WithdrawnBadge at={lead.consentWithdrawnAt} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

/** Phones get cards: one lead per card, nothing to scroll sideways. */
function LeadCards({ leads, companyId }: { leads: ProLeadSummary[]; companyId: number }) {
  return (
    <ListCards label="Leads">
      {leads.map((lead) => (
        <ListCard key={lead.id}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <LeadLink lead={lead} companyId={companyId} />
            <div className="flex flex-wrap gap-1">
              <LeadStatusBadge status={lead.status} />
              <WithdrawnBadge at={lead.consentWithdrawnAt} />
            </div>
          </div>
          <p className="mt-2 text-sm text-slate-700">{routeText(lead)}</p>
          <p className="mt-1 text-xs text-slate-600">
            {moveSizeLabel(lead.moveSize)} · {moveDayText(lead.moveDate)} · received{' '}
            <DateTime iso={lead.receivedAt} />
          </p>
          <LeadQualityBadges flags={lead.qualityFlags} />
        </ListCard>
      ))}
    </ListCards>
  );
}

export function Component() {
  const companyId = Number(useParams().companyId);
  const [search] = useSearchParams();
  const params = pick(search, LIST_PARAMS);
  const filters = pick(search, FILTER_PARAMS);
  const list = useQuery<ProLeadList>({
    queryKey: [leadsApi(companyId), params],
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const filtered = Object.keys(filters).length > 0;
  const listPath = proScreenPath(companyId, 'leads');
  const exportHref = `${leadsApi(companyId, '/export.csv')}${
    filtered ? `?${new URLSearchParams(filters).toString()}` : ''
  }`;

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">Your quote requests</h2>
        <a href={exportHref} download className={buttonClass}>
          Export CSV
        </a>
      </div>
      <p className="text-sm text-slate-600">
        The quote requests whose senders chose your company and agreed to be contacted by it.
      </p>
      <LeadFilters search={search} clearTo={listPath} />
      <ListStates
        query={list}
        what="your leads"
        noun={{ one: 'lead', many: 'leads' }}
        isEmpty={(data) => data.leads.length === 0}
        isFiltered={filtered}
        clear={{ to: listPath, label: 'Clear the filters' }}
        empty="No leads yet. When someone asks your company for a quote, the request appears here."
      >
        {(data) => (
          <>
            <LeadTable leads={data.leads} search={search} companyId={companyId} />
            <LeadCards leads={data.leads} companyId={companyId} />
            <Pager
              label="Lead pages"
              page={data.page}
              pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
              search={search}
            >
              <PageSizeSelect
                sizes={PRO_LEAD_PAGE_SIZES}
                value={data.pageSize}
                param="pageSize"
                search={search}
              />
            </Pager>
          </>
        )}
      </ListStates>
    </div>
  );
}
