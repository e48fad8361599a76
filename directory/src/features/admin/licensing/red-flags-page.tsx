/**
 * Licensing, red flags (/admin/licensing/red-flags): the listed companies whose FMCSA facts raise a red flag,
 * each flag in words, with the date of the census checked, links to the company's admin page and public
 * profile; a filter per flag with its count (in the URL, with the page); and "Unlist selected", asked with
 * a reason that goes into each company's audit record (POST /companies/bulk, docs/decisions/029).
 */
import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  companyProfilePath,
  licensingDay,
  RED_FLAG_TEXT,
  RED_FLAGS,
  unlistReason,
  type RedFlag,
  type RedFlagCompany,
  type RedFlagReport,
} from '@moveratlas/contracts';
import { formatCount } from '../../../lib/numbers';
import { inputClass, linkClass } from '../../../components/dashboard/classes';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import {
  EmptyState,
  LoadFailure,
  Skeleton,
  StaleListNotice,
} from '../../../components/dashboard/load-states';
import { Pager } from '../../../components/dashboard/pager';
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
import { COMPANIES_PATH } from '../companies/api-paths';
import { LICENSING_API } from './licensing-api';
import { LicensingSections } from './licensing-sections';

const NOUN = { one: 'company', many: 'companies' };

const UNLIST: BulkActionChoice = {
  id: 'unlist',
  label: 'Unlist selected',
  verb: 'Unlist',
  explain:
    'They disappear from the directory at once: lists, search and their pages. Nothing is deleted; each can be listed again from Companies.',
  tone: 'danger',
};

const isRedFlag = (value: string | null): value is RedFlag =>
  value !== null && (RED_FLAGS as readonly string[]).includes(value);

/** The flags as links, each with its count: the filter. */
function FlagFilter({ report, flag }: { report: RedFlagReport; flag: RedFlag | null }) {
  const choices: Array<{ flag: RedFlag | null; label: string; count: number }> = [
    { flag: null, label: 'All red flags', count: report.flagged },
    ...RED_FLAGS.map((f) => ({ flag: f, label: RED_FLAG_TEXT[f].title, count: report.counts[f] })),
  ];
  return (
    <nav aria-label="Filter by red flag">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const current = choice.flag === flag;
          return (
            <li key={choice.flag ?? 'all'}>
              <Link
                to={choice.flag ? `?flag=${choice.flag}` : '?'}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-3 text-sm ${
                  current
                    ? 'border-blue-700 bg-blue-50 font-semibold text-blue-900'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400'
                }`}
              >
                {choice.label} ({formatCount(choice.count)})
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Flags({ company }: { company: RedFlagCompany }) {
  return (
    <ul className="list-disc space-y-0.5 pl-4 text-red-900">
      {company.redFlags.map((flag) => (
        <li key={flag}>{RED_FLAG_TEXT[flag].title}</li>
      ))}
    </ul>
  );
}

const checkedText = (company: RedFlagCompany) =>
  company.checkedOn
    ? `FMCSA checked ${licensingDay(company.checkedOn)}`
    : 'Not found in FMCSA’s census';

function CompanyLinks({ company }: { company: RedFlagCompany }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      <Link
        to={`/admin/companies/${company.id}`}
        aria-label={`Edit ${company.name}`}
        className={linkClass}
      >
        Edit
      </Link>
      <a
        href={companyProfilePath(company.slug)}
        aria-label={`Public profile of ${company.name}`}
        className={linkClass}
      >
        Public profile
      </a>
    </span>
  );
}

function FlagTable({ items, selection }: { items: RedFlagCompany[]; selection: RowSelection }) {
  return (
    <ListTable caption="Listed companies with red flags">
      <thead className="bg-slate-50 text-left text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2">
            <SelectPageCheckbox
              selection={selection}
              label={`Select all ${items.length} companies on this page`}
            />
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Company
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Red flags
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Checked
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Links
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((company) => (
          <tr key={company.id} className="align-top hover:bg-slate-50">
            <td className="px-3 py-2">
              <RowCheckbox selection={selection} id={company.id} label={`Select ${company.name}`} />
            </td>
            <td className="px-3 py-2">
              <span className="font-medium text-slate-900">{company.name}</span>
              <div className="text-xs text-slate-600">
                {company.city}, {company.state}
                {company.usdotNumber ? ` · USDOT ${company.usdotNumber}` : ''}
                {company.mcNumber ? ` · ${company.mcNumber}` : ''}
              </div>
            </td>
            <td className="px-3 py-2">
              <Flags company={company} />
            </td>
            <td className="px-3 py-2 text-slate-700">{checkedText(company)}</td>
            <td className="px-3 py-2">
              <CompanyLinks company={company} />
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

function FlagCards({ items, selection }: { items: RedFlagCompany[]; selection: RowSelection }) {
  return (
    <ListCards label="Listed companies with red flags">
      <li className="flex items-center gap-3 px-1 text-sm text-slate-800">
        <SelectPageCheckbox
          selection={selection}
          label={`Select all ${items.length} companies on this page`}
        />
        <span aria-hidden="true">Select all on this page</span>
      </li>
      {items.map((company) => (
        <ListCard key={company.id}>
          <div className="flex items-start gap-3">
            <RowCheckbox selection={selection} id={company.id} label={`Select ${company.name}`} />
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{company.name}</p>
              <p className="text-sm text-slate-600">
                {company.city}, {company.state}
                {company.usdotNumber ? ` · USDOT ${company.usdotNumber}` : ''}
              </p>
            </div>
          </div>
          <div className="mt-2 text-sm">
            <Flags company={company} />
          </div>
          <p className="mt-2 text-sm text-slate-700">{checkedText(company)}</p>
          <div className="mt-2 text-sm">
            <CompanyLinks company={company} />
          </div>
        </ListCard>
      ))}
    </ListCards>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const chosen = search.get('flag');
  const flag = isRedFlag(chosen) ? chosen : null;
  const page = search.get('page') ?? '1';
  const params = { ...(flag ? { flag } : {}), page };
  const report = useQuery<RedFlagReport>({
    queryKey: [LICENSING_API.redFlags, params],
    placeholderData: keepPreviousData,
  });
  const selection = useRowSelection(
    report.data?.items.map((c) => c.id) ?? [],
    JSON.stringify(params),
  );
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const reasonCheck = unlistReason.safeParse(reason);
  const bulk = useBulkAction({
    path: `${COMPANIES_PATH}/bulk`,
    selection,
    body: (action, ids) => ({ ids, action: action.id, reason: reason.trim() }),
    invalidate: [[LICENSING_API.redFlags], [COMPANIES_PATH]],
  });
  const data = report.data;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h2 className="text-xl font-bold text-slate-900">Licensing</h2>
      <LicensingSections />
      <p className="text-sm text-slate-700">
        Listed companies whose FMCSA facts raise a red flag, by FMCSA’s own consumer guidance.
        {data
          ? data.censusDate
            ? ` Read against the census of ${licensingDay(data.censusDate)}: ${formatCount(data.flagged)} of ${formatCount(data.listed)} listed companies have at least one.`
            : ' No census is imported yet: only companies without a USDOT number can be flagged.'
          : ''}
      </p>
      {data ? <FlagFilter report={data} flag={flag} /> : null}
      <BulkResultNotice result={bulk.result} error={bulk.error} onDismiss={bulk.dismiss} />
      <p aria-live="polite" className="text-sm text-slate-700">
        {data
          ? `${formatCount(data.total)} ${data.total === 1 ? 'company' : 'companies'}${flag ? ` with “${RED_FLAG_TEXT[flag].title}”` : ' with red flags'}`
          : ''}
        {report.isFetching && data ? ' · updating…' : ''}
      </p>
      {report.isError && !data ? (
        <LoadFailure
          what="the red-flag report"
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : !data ? (
        <Skeleton label="Checking the listed companies…" />
      ) : data.items.length === 0 ? (
        <EmptyState
          action={
            flag ? (
              <Link to="?" className={linkClass}>
                Show every red flag
              </Link>
            ) : null
          }
        >
          {flag
            ? `No listed company has “${RED_FLAG_TEXT[flag].title}”.`
            : 'No listed company has a red flag.'}
        </EmptyState>
      ) : (
        <>
          {report.isError ? <StaleListNotice /> : null}
          {flag ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {RED_FLAG_TEXT[flag].explanation}
            </p>
          ) : null}
          <BulkBar
            selection={selection}
            noun={NOUN}
            actions={[UNLIST]}
            onAction={(action) => {
              setReason('');
              bulk.ask(action);
            }}
          />
          <FlagTable items={data.items} selection={selection} />
          <FlagCards items={data.items} selection={selection} />
          <Pager
            label="Red-flag report pages"
            page={data.page}
            pages={Math.max(1, Math.ceil(data.total / data.limit))}
            search={search}
          />
          <BulkConfirm
            action={bulk.asking}
            count={selection.count}
            noun={NOUN}
            pending={bulk.pending}
            onCancel={bulk.cancel}
            onConfirm={bulk.confirm}
            ready={reasonCheck.success}
          >
            <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
              Why (kept in each company’s audit record)
            </label>
            <input
              id={reasonId}
              value={reason}
              maxLength={200}
              onChange={(event) => setReason(event.target.value)}
              aria-describedby={`${reasonId}-hint`}
              className={inputClass}
            />
            <p id={`${reasonId}-hint`} className="mt-1 text-xs text-slate-600">
              {reason.trim() === '' || reasonCheck.success
                ? 'For example: “Operating authority revoked on FMCSA’s file”.'
                : reasonCheck.error.issues[0]?.message}
            </p>
          </BulkConfirm>
        </>
      )}
    </div>
  );
}
