/**
 * The admin companies table (/admin/companies): every company, listed or not, searched by name, city or
 * USDOT number and filtered by state, featured, listed, service and rating — on the server, with the
 * filters, sort and page in the URL. Featured and listed are switched right in the table. Phones get cards.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  isStaleWriteBody,
  ADMIN_COMPANY_PAGE_SIZES,
  ADMIN_RATING_FILTERS,
  SERVICES,
  US_STATES,
  type AdminApplicationPage,
  type AdminCompanyDetail,
  type AdminCompanyPage,
  type AdminCompanyRow,
  type AdminCompanySort,
  type AdminRatingFilter,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/numbers';
import { adminWrite } from '../admin-request';
import { buttonClass, linkClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { FilterForm, FilterSelect } from '../../../components/dashboard/list-filters';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import {
  EmptyState,
  LoadFailure,
  Skeleton,
  StaleListNotice,
} from '../../../components/dashboard/load-states';
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
} from '../ui/bulk-actions';
import { PageSizeSelect, Pager } from '../../../components/dashboard/pager';
import { SavedViews } from '../ui/saved-views';
import {
  SortableHead,
  type SortOrder,
  type Sorting,
} from '../../../components/dashboard/sort-header';
import { pick } from '../../../components/dashboard/url-params';
import { APPLICATIONS_PATH, COMPANIES_PATH } from './api-paths';
import { ratingText } from './rating-text';

const FILTER_PARAMS = ['q', 'state', 'featured', 'inList', 'service', 'rating'] as const;
const LIST_PARAMS = [...FILTER_PARAMS, 'sort', 'order', 'page', 'limit'] as const;

const NOUN = { one: 'company', many: 'companies' };

/** The bulk actions on companies (docs/decisions/029). */
const BULK_ACTIONS: BulkActionChoice[] = [
  {
    id: 'feature',
    label: 'Feature',
    verb: 'Feature',
    explain: 'They are shown first in their city and state lists.',
    tone: 'primary',
  },
  {
    id: 'unfeature',
    label: 'Unfeature',
    verb: 'Unfeature',
    explain: 'They keep their listing but are no longer shown first.',
    tone: 'primary',
  },
  {
    id: 'list',
    label: 'List',
    verb: 'List',
    explain: 'They are shown in the directory, in lists, search and their own pages.',
    tone: 'primary',
  },
  {
    id: 'unlist',
    label: 'Unlist',
    verb: 'Unlist',
    explain:
      'They disappear from the directory at once: lists, search and their pages. Nothing is deleted.',
    tone: 'primary',
  },
  {
    id: 'delete',
    label: 'Delete',
    verb: 'Delete',
    explain: 'Each company is deleted with its services and reviews. This cannot be undone.',
    tone: 'danger',
    guard: true,
  },
];

const RATING_LABELS: Record<AdminRatingFilter, string> = {
  '4.5': '4.5 and up',
  '4': '4.0 and up',
  '3': '3.0 and up',
  'below-3': 'Below 3.0',
  unrated: 'No reviews yet',
};

const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

function Filters({ search }: { search: URLSearchParams }) {
  const value = (name: string) => search.get(name) ?? '';
  return (
    <FilterForm
      label="Filter companies"
      search={search}
      filters={FILTER_PARAMS}
      keep={['sort', 'order', 'limit']}
      searchPlaceholder="Name, city or USDOT number"
      submitLabel="Search"
      clearTo="/admin/companies"
    >
      <FilterSelect
        label="State"
        name="state"
        value={value('state')}
        options={US_STATES.map((s) => ({ value: s.abbreviation, label: s.name }))}
      />
      <FilterSelect label="Featured" name="featured" value={value('featured')} options={yesNo} />
      <FilterSelect label="Listed" name="inList" value={value('inList')} options={yesNo} />
      <FilterSelect
        label="Service"
        name="service"
        value={value('service')}
        options={SERVICES.map((s) => ({ value: s.id, label: s.name }))}
      />
      <FilterSelect
        label="Rating"
        name="rating"
        value={value('rating')}
        options={ADMIN_RATING_FILTERS.map((r) => ({ value: r, label: RATING_LABELS[r] }))}
      />
    </FilterForm>
  );
}

const DEFAULT_ORDER: Record<AdminCompanySort, SortOrder> = {
  name: 'asc',
  state: 'asc',
  rating: 'desc',
  reviews: 'desc',
  updated: 'desc',
};

const SORTING: Sorting<AdminCompanySort> = {
  orderParam: 'order',
  defaultSort: 'name',
  firstOrder: (sort) => DEFAULT_ORDER[sort],
};

type Flag = 'is_featured' | 'is_in_list';

/** The inline toggles: a switch per flag, saved at once. */
function useFlagToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      company,
      flag,
      value,
    }: {
      company: AdminCompanyRow;
      flag: Flag;
      value: boolean;
    }) =>
      // With the version the row shows: a company saved by someone since is not overwritten (decision 028).
      adminWrite<AdminCompanyDetail>('PATCH', `${COMPANIES_PATH}/${company.id}`, {
        [flag]: value,
        version: company.version,
      }),
    onSuccess: async (_detail, { company, flag, value }) => {
      await queryClient.invalidateQueries({ queryKey: [COMPANIES_PATH] });
      toast({
        title:
          flag === 'is_featured'
            ? `${company.name} is ${value ? 'now featured' : 'no longer featured'}`
            : `${company.name} is ${value ? 'now listed in the directory' : 'now hidden from the directory'}`,
      });
    },
    onError: async (error, { company }) => {
      if (error instanceof ApiError && error.status === 409 && isStaleWriteBody(error.body)) {
        await queryClient.invalidateQueries({ queryKey: [COMPANIES_PATH] });
        toast({
          title: `${company.name} was changed by someone else`,
          description:
            'Nothing was changed by your click. The list now shows the company as saved; switch it again if you still want to.',
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: `Could not change ${company.name}`,
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
}

function FlagSwitch({
  company,
  flag,
  toggle,
}: {
  company: AdminCompanyRow;
  flag: Flag;
  toggle: ReturnType<typeof useFlagToggle>;
}) {
  const on = flag === 'is_featured' ? company.isFeatured : company.isInList;
  const pending =
    toggle.isPending &&
    toggle.variables?.company.id === company.id &&
    toggle.variables.flag === flag;
  const label = `${flag === 'is_featured' ? 'Featured' : 'Listed'}: ${company.name}`;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={pending}
      onClick={() => toggle.mutate({ company, flag, value: !on })}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60 motion-reduce:transition-none ${
        on ? 'bg-blue-700' : 'bg-slate-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${
          on ? 'translate-x-6' : 'translate-x-1'
        }`}
      />
    </button>
  );
}

const COLUMNS: Array<{ label: string; sort?: AdminCompanySort }> = [
  { label: 'Company', sort: 'name' },
  { label: 'Location', sort: 'state' },
  { label: 'USDOT' },
  { label: 'Rating', sort: 'rating' },
  { label: 'Reviews', sort: 'reviews' },
  { label: 'Featured' },
  { label: 'Listed' },
  { label: 'Updated', sort: 'updated' },
];

function CompanyLink({ company }: { company: AdminCompanyRow }) {
  return (
    <Link to={`/admin/companies/${company.id}`} className={linkClass}>
      {company.name}
    </Link>
  );
}

function CompanyTable({
  companies,
  search,
  toggle,
  selection,
}: {
  companies: AdminCompanyRow[];
  search: URLSearchParams;
  toggle: ReturnType<typeof useFlagToggle>;
  selection: RowSelection;
}) {
  return (
    <ListTable caption="Companies">
      <SortableHead
        columns={COLUMNS}
        sorting={SORTING}
        search={search}
        lead={
          <SelectPageCheckbox
            selection={selection}
            label={`Select all ${companies.length} companies on this page`}
          />
        }
      />
      <tbody className="divide-y divide-slate-100">
        {companies.map((company) => (
          <tr key={company.id} className="align-middle hover:bg-slate-50">
            <td className="px-3 py-2">
              <RowCheckbox selection={selection} id={company.id} label={`Select ${company.name}`} />
            </td>
            <td className="px-3 py-2">
              <CompanyLink company={company} />
              <div className="font-mono text-xs text-slate-600">{company.slug}</div>
            </td>
            <td className="px-3 py-2 text-slate-700">
              {company.city}, {company.state}
            </td>
            <td className="px-3 py-2 font-mono text-slate-700">{company.usdotNumber ?? '—'}</td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              {company.rating === null ? '—' : company.rating.toFixed(2)}
            </td>
            <td className="px-3 py-2 text-slate-700">{formatCount(company.reviewCount)}</td>
            <td className="px-3 py-2">
              <FlagSwitch company={company} flag="is_featured" toggle={toggle} />
            </td>
            <td className="px-3 py-2">
              <FlagSwitch company={company} flag="is_in_list" toggle={toggle} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-600">
              <DateTime iso={company.updatedAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

function CompanyCards({
  companies,
  toggle,
  selection,
}: {
  companies: AdminCompanyRow[];
  toggle: ReturnType<typeof useFlagToggle>;
  selection: RowSelection;
}) {
  return (
    <ListCards label="Companies">
      <li className="flex items-center gap-3 px-1 text-sm text-slate-800">
        <SelectPageCheckbox
          selection={selection}
          label={`Select all ${companies.length} companies on this page`}
        />
        <span aria-hidden="true">Select all on this page</span>
      </li>
      {companies.map((company) => (
        <ListCard key={company.id}>
          <div className="flex items-start gap-3">
            <RowCheckbox selection={selection} id={company.id} label={`Select ${company.name}`} />
            <CompanyLink company={company} />
          </div>
          <p className="mt-1 text-sm text-slate-700">
            {company.city}, {company.state}
            {company.usdotNumber ? ` · USDOT ${company.usdotNumber}` : ''}
          </p>
          <p className="text-sm text-slate-600">
            {ratingText(company.rating, company.reviewCount)}
          </p>
          <div className="mt-3 flex flex-wrap gap-5 text-sm text-slate-800">
            <span className="flex items-center gap-2">
              <FlagSwitch company={company} flag="is_featured" toggle={toggle} />
              Featured
            </span>
            <span className="flex items-center gap-2">
              <FlagSwitch company={company} flag="is_in_list" toggle={toggle} />
              Listed
            </span>
          </div>
        </ListCard>
      ))}
    </ListCards>
  );
}

/** The export: the companies the current filters match, in the import's columns. */
function exportHref(search: URLSearchParams): string {
  const filters = new URLSearchParams(pick(search, FILTER_PARAMS));
  const query = filters.toString();
  return `${COMPANIES_PATH}/export.csv${query ? `?${query}` : ''}`;
}

export function Component() {
  const [search] = useSearchParams();
  const params = pick(search, LIST_PARAMS);
  const filtered = FILTER_PARAMS.some((name) => search.get(name));
  const list = useQuery<AdminCompanyPage>({
    queryKey: [COMPANIES_PATH, params],
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const applications = useQuery<AdminApplicationPage>({
    queryKey: [APPLICATIONS_PATH, { status: 'pending', limit: '1' }],
  });
  const toggle = useFlagToggle();
  const pending = applications.data?.pending ?? 0;
  const selection = useRowSelection(
    list.data?.items.map((c) => c.id) ?? [],
    JSON.stringify(params),
  );
  const bulk = useBulkAction({
    path: `${COMPANIES_PATH}/bulk`,
    selection,
    body: (action, ids) => ({ ids, action: action.id }),
    invalidate: [[COMPANIES_PATH]],
  });

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">Companies</h2>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/companies/applications" className={buttonClass}>
            Applications{pending > 0 ? ` (${pending} pending)` : ''}
          </Link>
          <Link to="/admin/companies/reviews" className={buttonClass}>
            Reviews
          </Link>
          <a href={exportHref(search)} download className={buttonClass}>
            Export CSV
          </a>
          <Link to="/admin/upload" className={buttonClass}>
            Import CSV
          </Link>
          <Link to="/admin/companies/new" className={primaryButtonClass}>
            Add company
          </Link>
        </div>
      </div>
      <Filters search={search} />
      <SavedViews list="companies" path="/admin/companies" search={search} />
      <BulkResultNotice result={bulk.result} error={bulk.error} onDismiss={bulk.dismiss} />
      <p aria-live="polite" className="text-sm text-slate-700">
        {list.data
          ? `${formatCount(list.data.total)} ${list.data.total === 1 ? 'company' : 'companies'}${filtered ? ' match these filters' : ''}`
          : ''}
        {list.isFetching && list.data ? ' · updating…' : ''}
      </p>
      {list.isError && !list.data ? (
        <LoadFailure
          what="the companies"
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : !list.data ? (
        <Skeleton label="Loading companies…" />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          action={
            <Link to={filtered ? '/admin/companies' : '/admin/companies/new'} className={linkClass}>
              {filtered ? 'Clear the filters' : 'Add the first company'}
            </Link>
          }
        >
          {filtered ? 'No companies match these filters.' : 'No companies yet.'}
        </EmptyState>
      ) : (
        <>
          {list.isError ? <StaleListNotice /> : null}
          <BulkBar selection={selection} noun={NOUN} actions={BULK_ACTIONS} onAction={bulk.ask} />
          <CompanyTable
            companies={list.data.items}
            search={search}
            toggle={toggle}
            selection={selection}
          />
          <CompanyCards companies={list.data.items} toggle={toggle} selection={selection} />
          <Pager
            label="Company pages"
            page={list.data.page}
            pages={Math.max(1, Math.ceil(list.data.total / list.data.limit))}
            search={search}
          >
            <PageSizeSelect
              sizes={ADMIN_COMPANY_PAGE_SIZES}
              value={list.data.limit}
              param="limit"
              search={search}
            />
          </Pager>
          <BulkConfirm
            action={bulk.asking}
            count={selection.count}
            noun={NOUN}
            pending={bulk.pending}
            onCancel={bulk.cancel}
            onConfirm={bulk.confirm}
          />
        </>
      )}
    </div>
  );
}
