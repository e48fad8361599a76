/**
 * The admin lead list (/admin/leads): filters (status, dates, state, move size, partner, delivery, quality,
 * text), sortable columns and pages, all in the URL so a filtered view can be bookmarked or shared; the
 * server does the filtering, sorting and paging. Each row shows the lead's quality flags. The CSV export
 * downloads exactly the filtered leads.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ADMIN_API,
  LEAD_PAGE_SIZES,
  LEAD_STATUSES,
  MOVE_SIZES,
  US_STATES,
  type AdminLeadFacets,
  type AdminLeadList,
  type AdminLeadSummary,
  type LeadSort,
  type LeadStatus,
  LEAD_STATUS_LABELS,
} from '@moveratlas/contracts';
import { buttonClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { LeadQualityBadges } from '../../../components/dashboard/lead-quality';
import { FilterForm, FilterInput, FilterSelect } from '../../../components/dashboard/list-filters';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import { ListStates } from '../../../components/dashboard/load-states';
import {
  BulkBar,
  BulkConfirm,
  BulkResultNotice,
  RowCheckbox,
  SelectPageCheckbox,
  useBulkAction,
  useRowSelection,
  type BulkActionChoice,
  type RowSelection,
  BulkStatusSelect,
} from '../ui/bulk-actions';
import { PageSizeSelect, Pager } from '../../../components/dashboard/pager';
import { SavedViews } from '../ui/saved-views';
import { SortableHead, type Sorting } from '../../../components/dashboard/sort-header';
import { pick } from '../../../components/dashboard/url-params';
import { useMay } from '../use-admin-role';
import { DeliveryBadge, fullName, moveSizeLabel, routeText, StatusBadge } from './lead-format';

/** The URL parameters that filter the list (and the export). */
export const FILTER_PARAMS = [
  'q',
  'status',
  'from',
  'to',
  'state',
  'moveSize',
  'siteId',
  'delivery',
  'quality',
] as const;
const LIST_PARAMS = [...FILTER_PARAMS, 'sort', 'dir', 'page', 'pageSize'] as const;

function LeadFilters({ search, facets }: { search: URLSearchParams; facets?: AdminLeadFacets }) {
  const value = (name: string) => search.get(name) ?? '';
  return (
    <FilterForm
      label="Filter leads"
      search={search}
      filters={FILTER_PARAMS}
      keep={['sort', 'dir', 'pageSize']}
      searchPlaceholder="Name, e-mail or lead id"
      submitLabel="Apply filters"
      clearTo="/admin/leads"
    >
      <FilterSelect
        label="Status"
        name="status"
        value={value('status')}
        options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
      />
      <FilterSelect
        label="Delivery"
        name="delivery"
        value={value('delivery')}
        options={[
          { value: 'delivered', label: 'Delivered' },
          { value: 'pending', label: 'Not yet delivered' },
          { value: 'dead', label: 'Gave up (dead letter)' },
        ]}
      />
      {/* The server filters what arrival found; a sample phone number is not among it (its badge shows). */}
      <FilterSelect
        label="Quality"
        name="quality"
        value={value('quality')}
        options={[
          { value: 'flagged', label: 'Flagged (throwaway e-mail or repeat)' },
          { value: 'unflagged', label: 'Not flagged (no throwaway e-mail or repeat)' },
        ]}
      />
      <FilterInput label="Received from" name="from" type="date" value={value('from')} />
      <FilterInput label="Received to" name="to" type="date" value={value('to')} />
      <FilterSelect
        label="Moving from state"
        name="state"
        value={value('state')}
        options={US_STATES.map((s) => ({ value: s.abbreviation, label: s.name }))}
      />
      <FilterSelect
        label="Move size"
        name="moveSize"
        value={value('moveSize')}
        options={MOVE_SIZES.map((s) => ({ value: s.id, label: s.label }))}
      />
      <FilterSelect
        label="Partner"
        name="siteId"
        value={value('siteId')}
        options={(facets?.partners ?? []).map((p) => ({
          value: p.siteId,
          label: p.name === p.siteId ? p.siteId : `${p.name} (${p.siteId})`,
        }))}
      />
    </FilterForm>
  );
}

const COLUMNS: Array<{ label: string; sort?: LeadSort }> = [
  { label: 'Lead', sort: 'name' },
  { label: 'Received', sort: 'created_at' },
  { label: 'Route', sort: 'from_state' },
  { label: 'Move', sort: 'move_date' },
  { label: 'Status', sort: 'status' },
  { label: 'Delivery' },
];

/** Newest first; every other column A to Z first. */
const SORTING: Sorting<LeadSort> = {
  orderParam: 'dir',
  defaultSort: 'created_at',
  firstOrder: (sort) => (sort === 'created_at' ? 'desc' : 'asc'),
};

function LeadLink({ lead }: { lead: AdminLeadSummary }) {
  return (
    <Link
      to={`/admin/leads/${lead.id}`}
      className="font-semibold text-blue-700 underline hover:text-blue-900"
    >
      {fullName(lead)}
    </Link>
  );
}

const NOUN = { one: 'lead', many: 'leads' };

function LeadTable({
  leads,
  search,
  selection,
}: {
  leads: AdminLeadSummary[];
  search: URLSearchParams;
  selection: RowSelection;
}) {
  return (
    <ListTable caption="Leads">
      <SortableHead
        columns={COLUMNS}
        sorting={SORTING}
        search={search}
        lead={
          <SelectPageCheckbox
            selection={selection}
            label={`Select all ${leads.length} leads on this page`}
          />
        }
      />
      <tbody className="divide-y divide-slate-100">
        {leads.map((lead) => (
          <tr key={lead.id} className="align-top hover:bg-slate-50">
            <td className="px-3 py-2">
              <RowCheckbox selection={selection} id={lead.id} label={`Select ${fullName(lead)}`} />
            </td>
            <td className="px-3 py-2">
              <LeadLink lead={lead} />
              <div className="font-mono text-xs text-slate-600">{lead.publicId}</div>
              <div className="text-xs break-all text-slate-600">{lead.email}</div>
              <LeadQualityBadges flags={lead.qualityFlags} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              <DateTime iso={lead.createdAt} />
              <div className="text-xs text-slate-600">{lead.siteId}</div>
            </td>
            <td className="px-3 py-2 text-slate-700">{routeText(lead)}</td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              {moveSizeLabel(lead.moveSize)}
              <div className="text-xs text-slate-600">{lead.moveDate || 'No date'}</div>
            </td>
            <td className="px-3 py-2">
              <StatusBadge status={lead.status} />
            </td>
            <td className="px-3 py-2">
              <DeliveryBadge delivery={lead.delivery} />
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

/** Phones get cards: one lead per card, nothing to scroll sideways. */
function LeadCards({ leads, selection }: { leads: AdminLeadSummary[]; selection: RowSelection }) {
  return (
    <ListCards>
      <li className="flex items-center gap-3 px-1 text-sm text-slate-800">
        <SelectPageCheckbox
          selection={selection}
          label={`Select all ${leads.length} leads on this page`}
        />
        <span aria-hidden="true">Select all on this page</span>
      </li>
      {leads.map((lead) => (
        <ListCard key={lead.id}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="flex min-w-0 items-start gap-3">
              <RowCheckbox selection={selection} id={lead.id} label={`Select ${fullName(lead)}`} />
              <div className="min-w-0">
                <LeadLink lead={lead} />
                <div className="font-mono text-xs text-slate-600">{lead.publicId}</div>
              </div>
            </div>
            <div className="flex gap-1">
              <StatusBadge status={lead.status} />
              <DeliveryBadge delivery={lead.delivery} />
            </div>
          </div>
          <p className="mt-2 text-sm text-slate-700">{routeText(lead)}</p>
          <p className="mt-1 text-xs text-slate-600">
            {moveSizeLabel(lead.moveSize)} · {lead.moveDate || 'No date'} · received{' '}
            <DateTime iso={lead.createdAt} />
          </p>
          <LeadQualityBadges flags={lead.qualityFlags} />
        </ListCard>
      ))}
    </ListCards>
  );
}

function LeadPager({ list, search }: { list: AdminLeadList; search: URLSearchParams }) {
  return (
    <Pager
      label="Lead pages"
      page={list.page}
      pages={Math.max(1, Math.ceil(list.total / list.pageSize))}
      search={search}
    >
      <PageSizeSelect
        sizes={LEAD_PAGE_SIZES}
        value={list.pageSize}
        param="pageSize"
        search={search}
      />
    </Pager>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const params = pick(search, LIST_PARAMS);
  const filters = pick(search, FILTER_PARAMS);
  const list = useQuery<AdminLeadList>({
    queryKey: [ADMIN_API.leads, params],
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const facets = useQuery<AdminLeadFacets>({ queryKey: [ADMIN_API.leadFacets] });
  const filtered = Object.keys(filters).length > 0;
  const selection = useRowSelection(
    list.data?.leads.map((l) => l.id) ?? [],
    JSON.stringify(params),
  );
  const [bulkStatus, setBulkStatus] = useState<LeadStatus>('contacted');
  const bulk = useBulkAction({
    path: `${ADMIN_API.leads}/bulk-status`,
    selection,
    body: (_action, ids) => ({ ids, status: bulkStatus }),
    invalidate: [[ADMIN_API.leads]],
  });
  const moveAction: BulkActionChoice = {
    id: 'status',
    label: 'Set status',
    verb: 'Move',
    suffix: ` to ${LEAD_STATUS_LABELS[bulkStatus]}`,
    explain: `Each lead's history records the change, with your name.`,
    tone: 'primary',
  };
  // An export is a copy of many people's personal data: owners only (the server refuses anyone else).
  const mayExport = useMay('GET /leads/export.csv');
  const exportHref = `${ADMIN_API.leads}/export.csv${
    filtered ? `?${new URLSearchParams(filters).toString()}` : ''
  }`;

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">Quote requests</h2>
        {mayExport ? (
          <a href={exportHref} download className={buttonClass}>
            Export CSV
          </a>
        ) : null}
      </div>
      <LeadFilters search={search} facets={facets.data} />
      <SavedViews list="leads" path="/admin/leads" search={search} />
      <BulkResultNotice result={bulk.result} error={bulk.error} onDismiss={bulk.dismiss} />
      <ListStates
        query={list}
        what="the leads"
        noun={{ one: 'lead', many: 'leads' }}
        isEmpty={(data) => data.leads.length === 0}
        isFiltered={filtered}
        clear={{ to: '/admin/leads', label: 'Clear the filters' }}
        empty="No quote requests yet."
      >
        {(data) => (
          <>
            <BulkBar
              selection={selection}
              noun={NOUN}
              actions={[moveAction]}
              onAction={bulk.ask}
              extra={
                <BulkStatusSelect
                  statuses={LEAD_STATUSES}
                  labels={LEAD_STATUS_LABELS}
                  value={bulkStatus}
                  onChange={setBulkStatus}
                />
              }
            />
            <LeadTable leads={data.leads} search={search} selection={selection} />
            <LeadCards leads={data.leads} selection={selection} />
            <BulkConfirm
              action={bulk.asking}
              count={selection.count}
              noun={NOUN}
              pending={bulk.pending}
              onCancel={bulk.cancel}
              onConfirm={bulk.confirm}
            />
            <LeadPager list={data} search={search} />
          </>
        )}
      </ListStates>
    </div>
  );
}
