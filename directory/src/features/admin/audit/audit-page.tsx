/**
 * The audit log (/admin/audit): who changed, deleted, exported or downloaded what, and when, newest first;
 * filters by who, action, kind of record, record and dates (in the URL, so a view can be bookmarked or linked
 * from a company's screen), each entry opening to its fields before and after, and a CSV of what the filters
 * select. Owners and editors read it; the server refuses viewers (docs/decisions/027).
 */
import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { AUDIT_PAGE_SIZE, type AuditEvent, type AuditPage } from '@moveratlas/contracts';
import { Badge } from '../../../components/dashboard/badge';
import { buttonClass, cardClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { FilterInput, FilterSelect, formParams } from '../../../components/dashboard/list-filters';
import { ListStates } from '../../../components/dashboard/load-states';
import { Pager } from '../../../components/dashboard/pager';
import { pick } from '../../../components/dashboard/url-params';
import { actionWords, entityWords, fieldChanges } from './audit-format';
import { AUDIT_SCREEN } from './audit-link';

export const AUDIT_API = '/api/admin/audit';

const FILTER_PARAMS = [
  'actor',
  'action',
  'entityType',
  'entityId',
  'outcome',
  'actorKind',
  'companyId',
  'from',
  'to',
] as const;
const LIST_PARAMS = [...FILTER_PARAMS, 'page'] as const;

function AuditFilters({ search, data }: { search: URLSearchParams; data: AuditPage | undefined }) {
  const [, setSearch] = useSearchParams();
  // On a phone the filters past the first two fold away, so the entries are not a screen below.
  const [more, setMore] = useState(false);
  const moreId = useId();
  const value = (name: string) => search.get(name) ?? '';
  const folded = [
    'entityType',
    'entityId',
    'outcome',
    'actorKind',
    'companyId',
    'from',
    'to',
  ].filter((n) => value(n)).length;
  const actions = data?.actions ?? [];
  // The current choice stays listed while the choices load (or if the log no longer holds it).
  const withCurrent = (list: string[], name: string) =>
    value(name) && !list.includes(value(name)) ? [value(name), ...list] : list;
  const types = [...new Set(actions.map((a) => a.split('.')[0]!))].sort();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(formParams(event.currentTarget, FILTER_PARAMS));
  };
  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      onSubmit={onSubmit}
      // Re-read the URL (Back, a cleared filter); the choices fill in as they load, the current ones listed first.
      key={search.toString()}
      className={cardClass}
    >
      <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
        <FilterSelect
          label="Who"
          name="actor"
          value={value('actor')}
          anyLabel="Anyone"
          options={withCurrent(data?.actors ?? [], 'actor').map((a) => ({ value: a, label: a }))}
        />
        <FilterSelect
          label="Action"
          name="action"
          value={value('action')}
          anyLabel="Any action"
          options={withCurrent(actions, 'action').map((a) => ({ value: a, label: actionWords(a) }))}
        />
        <button
          type="button"
          aria-expanded={more}
          aria-controls={moreId}
          onClick={() => setMore(!more)}
          className={`${buttonClass} sm:col-span-2 md:hidden`}
        >
          {more ? 'Fewer filters' : `More filters${folded > 0 ? ` (${folded} active)` : ''}`}
        </button>
        <div
          id={moreId}
          className={`${more ? 'grid' : 'hidden'} gap-3 sm:col-span-2 sm:grid-cols-2 md:contents`}
        >
          <FilterSelect
            label="Kind of record"
            name="entityType"
            value={value('entityType')}
            anyLabel="Any kind"
            options={withCurrent(types, 'entityType').map((t) => ({
              value: t,
              label: entityWords(t),
            }))}
          />
          <FilterInput label="Record id" name="entityId" value={value('entityId')} />
          <FilterSelect
            label="Staff or movers"
            name="actorKind"
            value={value('actorKind')}
            anyLabel="Staff and movers"
            options={[
              { value: 'staff', label: 'Staff' },
              { value: 'mover', label: 'Movers at /pro' },
            ]}
          />
          <FilterInput label="Company id" name="companyId" value={value('companyId')} />
          <FilterSelect
            label="Outcome"
            name="outcome"
            value={value('outcome')}
            anyLabel="Done or refused"
            options={[
              { value: 'succeeded', label: 'Done' },
              { value: 'refused', label: 'Refused' },
            ]}
          />
          <FilterInput label="From" name="from" type="date" value={value('from')} />
          <FilterInput label="To" name="to" type="date" value={value('to')} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass}>
          Apply filters
        </button>
        <Link to={AUDIT_SCREEN} className={buttonClass}>
          Clear filters
        </Link>
      </div>
    </form>
  );
}

function AuditEntry({ event }: { event: AuditEvent }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const changes = fieldChanges(event);
  return (
    <li className={`${cardClass} space-y-2`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{event.summary}</p>
          <p className="mt-0.5 text-sm text-slate-600">
            <span className="font-medium text-slate-800">{event.actor.username}</span>
            {event.actor.kind === 'mover' ? ' (mover)' : ''}
            {event.actor.role ? ` (${event.actor.role})` : ''} · {actionWords(event.action)} ·{' '}
            {entityWords(event.entityType)}
            {event.entityId ? ` ${event.entityId}` : ''} · <DateTime iso={event.createdAt} />
            {event.ip ? ` · from ${event.ip}` : ''}
          </p>
        </div>
        {event.outcome === 'refused' ? (
          <Badge tone="danger">Refused</Badge>
        ) : (
          <Badge tone="success">Done</Badge>
        )}
      </div>
      {changes.length > 0 ? (
        <div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
            className="text-sm font-medium text-blue-700 underline hover:text-blue-900"
          >
            {open ? 'Hide the changes' : `Show the changes (${changes.length})`}
          </button>
          <ul
            id={detailsId}
            hidden={!open}
            aria-label={`Changes: ${event.summary}`}
            className="mt-2 space-y-1 rounded-md bg-slate-50 p-3 text-sm break-words text-slate-800"
          >
            {changes.map((change) => (
              <li key={change.field}>{change.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const params = pick(search, LIST_PARAMS);
  const filters = pick(search, FILTER_PARAMS);
  const isFiltered = Object.keys(filters).length > 0;
  const log = useQuery<AuditPage>({
    queryKey: [AUDIT_API, params],
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const data = log.data;
  const exportHref = `${AUDIT_API}/export.csv${isFiltered ? `?${new URLSearchParams(filters).toString()}` : ''}`;

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-slate-900">Audit log</h2>
          <p className="mt-1 text-sm text-slate-600">
            Every change, export and download in the admin area, and every attempt a role refused,
            newest first.
          </p>
        </div>
        <a href={exportHref} download className={buttonClass}>
          Export these entries (CSV)
        </a>
      </div>
      <AuditFilters search={search} data={data} />
      <ListStates
        query={log}
        what="the audit log"
        noun={{ one: 'entry', many: 'entries' }}
        isEmpty={(d) => d.items.length === 0}
        isFiltered={isFiltered}
        clear={{ to: AUDIT_SCREEN, label: 'Show every entry' }}
        empty="Nothing has been recorded yet."
      >
        {(d) => (
          <>
            <ol aria-label="Audit entries, newest first" className="space-y-3">
              {d.items.map((event) => (
                <AuditEntry key={event.id} event={event} />
              ))}
            </ol>
            <Pager
              label="Audit log pages"
              page={d.page}
              pages={Math.max(1, Math.ceil(d.total / AUDIT_PAGE_SIZE))}
              search={search}
              previousLabel="Newer"
              nextLabel="Older"
            />
          </>
        )}
      </ListStates>
    </div>
  );
}
