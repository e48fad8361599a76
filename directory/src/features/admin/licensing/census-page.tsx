/**
 * Licensing, new listings from the census (/admin/licensing/census): the for-hire carriers of a state that
 * no company of ours is matched to, from FMCSA's census. Staff tick carriers, review each one's name, city
 * and services in a form of its own, and create them; nothing is ever listed without that review. The state
 * and page are in the URL.
 */
import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  licensingDay,
  OPERATION_TEXT,
  SERVICES,
  US_STATES,
  type CensusCarrier,
  type CensusCarrierPage,
  type CensusListing,
  type CensusListingResult,
  type ServiceId,
  type StateCities,
} from '@moveratlas/contracts';
import { formatCount } from '../../../lib/numbers';
import { adminWrite } from '../admin-request';
import {
  cardClass,
  inputClass,
  linkClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure } from '../../../components/dashboard/fields';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { Pager } from '../../../components/dashboard/pager';
import { RowCheckbox, useRowSelection, type RowSelection } from '../ui/bulk-actions';
import { COMPANIES_PATH } from '../companies/api-paths';
import { LICENSING_API } from './licensing-api';
import { LicensingSections } from './licensing-sections';

/** Words kept in capitals when a census name (upper case) is written as a name. */
const CAPITALS = new Set(['LLC', 'LP', 'LLP', 'USA', 'US', 'II', 'III', 'DBA']);

/** "LONE STAR MOVING LLC" → "Lone Star Moving LLC": the form's first proposal, which staff correct. */
export function censusNameAsTyped(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) =>
      CAPITALS.has(word.toUpperCase())
        ? word.toUpperCase()
        : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join(' ');
}

interface Draft {
  name: string;
  city: string;
  services: ServiceId[];
}

const draftOf = (carrier: CensusCarrier): Draft => ({
  name: censusNameAsTyped(carrier.dbaName ?? carrier.legalName),
  city: carrier.suggestedCity?.name ?? '',
  // An interstate carrier offers long-distance moves; every mover moves locally.
  services: carrier.operation === 'A' ? ['local-moving', 'long-distance-moving'] : ['local-moving'],
});

const fleetText = (carrier: CensusCarrier) =>
  `${carrier.powerUnits ?? 'No'} power unit${carrier.powerUnits === 1 ? '' : 's'}, ${carrier.drivers ?? 'no'} driver${carrier.drivers === 1 ? '' : 's'}`;

const cityKey = (name: string) => name.trim().toLowerCase();

function StatePicker({ state }: { state: string }) {
  const [, setSearch] = useSearchParams();
  const id = useId();
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        State
      </label>
      <select
        id={id}
        value={state}
        onChange={(event) => setSearch(event.target.value ? { state: event.target.value } : {})}
        className={inputClass}
      >
        <option value="">Choose a state</option>
        {US_STATES.map((s) => (
          <option key={s.abbreviation} value={s.abbreviation}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function CarrierFacts({ carrier }: { carrier: CensusCarrier }) {
  return (
    <>
      <span className="font-medium text-slate-900">{carrier.legalName}</span>
      {carrier.dbaName ? (
        <span className="block text-xs text-slate-600">Doing business as {carrier.dbaName}</span>
      ) : null}
      <span className="block text-xs text-slate-600">USDOT {carrier.dotNumber}</span>
    </>
  );
}

function CarrierTable({ items, selection }: { items: CensusCarrier[]; selection: RowSelection }) {
  return (
    <ListTable caption="For-hire carriers of the census not listed with us">
      <thead className="bg-slate-50 text-left text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">Review</span>
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Carrier
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            City (FMCSA)
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Operation
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Fleet
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Registration updated
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((carrier) => (
          <tr key={carrier.dotNumber} className="align-top hover:bg-slate-50">
            <td className="px-3 py-2">
              <RowCheckbox
                selection={selection}
                id={carrier.dotNumber}
                label={`Review ${carrier.legalName}`}
              />
            </td>
            <td className="px-3 py-2">
              <CarrierFacts carrier={carrier} />
            </td>
            <td className="px-3 py-2 text-slate-700">{carrier.city ?? '—'}</td>
            <td className="px-3 py-2 text-slate-700">
              {carrier.operation ? OPERATION_TEXT[carrier.operation] : 'Not stated'}
            </td>
            <td className="px-3 py-2 text-slate-700">{fleetText(carrier)}</td>
            <td className="px-3 py-2 text-slate-700">
              {carrier.mcs150Date ? licensingDay(carrier.mcs150Date) : 'Never filed'}
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

function CarrierCards({ items, selection }: { items: CensusCarrier[]; selection: RowSelection }) {
  return (
    <ListCards label="For-hire carriers of the census not listed with us">
      {items.map((carrier) => (
        <ListCard key={carrier.dotNumber}>
          <div className="flex items-start gap-3">
            <RowCheckbox
              selection={selection}
              id={carrier.dotNumber}
              label={`Review ${carrier.legalName}`}
            />
            <div className="min-w-0 text-sm break-words">
              <CarrierFacts carrier={carrier} />
              <span className="mt-1 block text-slate-700">
                {carrier.city ?? 'No city'} · {fleetText(carrier)} · registration{' '}
                {carrier.mcs150Date ? `updated ${licensingDay(carrier.mcs150Date)}` : 'never filed'}
              </span>
            </div>
          </div>
        </ListCard>
      ))}
    </ListCards>
  );
}

/** One ticked carrier's listing, as staff review it. */
function ReviewForm({
  carrier,
  draft,
  onChange,
  cityError,
  citiesId,
  stateName,
}: {
  carrier: CensusCarrier;
  draft: Draft;
  onChange: (draft: Draft) => void;
  cityError: string | null;
  citiesId: string;
  stateName: string;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">
        {carrier.legalName} (USDOT {carrier.dotNumber})
      </legend>
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
          Name shown in the directory
        </label>
        <input
          id={`${id}-name`}
          value={draft.name}
          required
          minLength={2}
          maxLength={160}
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-city`} className="block text-sm font-medium text-slate-800">
          City in {stateName}
        </label>
        <input
          id={`${id}-city`}
          value={draft.city}
          list={citiesId}
          autoComplete="off"
          aria-invalid={cityError ? true : undefined}
          aria-describedby={cityError ? `${id}-city-error` : `${id}-city-hint`}
          onChange={(event) => onChange({ ...draft, city: event.target.value })}
          className={inputClass}
        />
        {cityError ? (
          <p id={`${id}-city-error`} className="mt-1 text-sm text-red-700">
            {cityError}
          </p>
        ) : (
          <p id={`${id}-city-hint`} className="mt-1 text-xs text-slate-600">
            FMCSA has {carrier.city ? `“${carrier.city}”` : 'no city'}; choose one of our cities.
          </p>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Services</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {SERVICES.map((service) => (
            <label key={service.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.services.includes(service.id)}
                onChange={(event) =>
                  onChange({
                    ...draft,
                    services: event.target.checked
                      ? [...draft.services, service.id]
                      : draft.services.filter((s) => s !== service.id),
                  })
                }
                className="h-5 w-5 rounded border-slate-400"
              />
              {service.name}
            </label>
          ))}
        </div>
        {draft.services.length === 0 ? (
          <p className="mt-1 text-sm text-red-700">Choose at least one service.</p>
        ) : null}
      </fieldset>
    </fieldset>
  );
}

function CreatedNotice({
  result,
  onDismiss,
}: {
  result: CensusListingResult;
  onDismiss: () => void;
}) {
  return (
    <div className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium">
          {result.created.length === 1
            ? '1 listing created'
            : `${formatCount(result.created.length)} listings created`}
          , each recorded in the audit log.
        </p>
        <button type="button" onClick={onDismiss} className="underline">
          Dismiss
        </button>
      </div>
      <ul className="mt-2 list-disc pl-5">
        {result.created.map((company) => (
          <li key={company.id}>
            <Link to={`/admin/companies/${company.id}`} className="underline">
              {company.name}
            </Link>{' '}
            (USDOT {company.dotNumber}
            {company.matched ? ', matched to its census record' : ''})
          </li>
        ))}
      </ul>
    </div>
  );
}

function Review({
  state,
  carriers,
  selection,
}: {
  state: string;
  carriers: CensusCarrier[];
  selection: RowSelection;
}) {
  const queryClient = useQueryClient();
  const citiesId = useId();
  const [drafts, setDrafts] = useState<Map<number, Draft>>(new Map());
  const [checked, setChecked] = useState(false);
  const [result, setResult] = useState<CensusListingResult | null>(null);
  const cities = useQuery<StateCities>({
    queryKey: [LICENSING_API.cities, { state }],
    staleTime: 5 * 60_000,
  });
  const stateName = US_STATES.find((s) => s.abbreviation === state)?.name ?? state;
  const bySlug = new Map(
    (cities.data?.items ?? []).map((city) => [cityKey(city.name), city.slug] as const),
  );
  const ticked = carriers.filter((c) => selection.isSelected(c.dotNumber));
  const draft = (carrier: CensusCarrier) => drafts.get(carrier.dotNumber) ?? draftOf(carrier);
  const cityError = (carrier: CensusCarrier) => {
    const city = draft(carrier).city.trim();
    if (!checked && city === '') return null;
    if (city === '') return `Choose a city of ${stateName}.`;
    if (cities.data && !bySlug.has(cityKey(city)))
      return `“${city}” is not a city of ${stateName} in our directory: choose one from the list.`;
    return null;
  };
  const create = useMutation({
    mutationFn: (listings: CensusListing[]) =>
      adminWrite<CensusListingResult>('POST', LICENSING_API.censusListings, { listings }),
    onSuccess: async (answer) => {
      setResult(answer);
      setDrafts(new Map());
      setChecked(false);
      selection.clear();
      await Promise.all(
        [LICENSING_API.censusCarriers, LICENSING_API.redFlags, COMPANIES_PATH].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setResult(null);
    const listings: CensusListing[] = [];
    for (const carrier of ticked) {
      const d = draft(carrier);
      const slug = bySlug.get(cityKey(d.city));
      if (!slug || d.services.length === 0 || d.name.trim().length < 2) return;
      listings.push({
        dotNumber: carrier.dotNumber,
        name: d.name.trim(),
        citySlug: slug,
        services: d.services,
      });
    }
    create.mutate(listings);
  };
  return (
    <>
      {result ? <CreatedNotice result={result} onDismiss={() => setResult(null)} /> : null}
      {ticked.length > 0 ? (
        <form
          onSubmit={onSubmit}
          aria-label="Review the new listings"
          noValidate
          className={`${cardClass} space-y-4`}
        >
          <h3 className="text-lg font-semibold text-slate-900">
            Review {ticked.length === 1 ? '1 listing' : `${ticked.length} listings`}
          </h3>
          <p className="text-sm text-slate-700">
            Each carrier becomes a listed company with its USDOT number, shown in the directory at
            once. Check the name people know it by, its city and what it offers.
          </p>
          <datalist id={citiesId}>
            {(cities.data?.items ?? []).map((city) => (
              <option key={city.slug} value={city.name} />
            ))}
          </datalist>
          {cities.isError ? (
            <FormFailure
              message={`Could not load the cities of ${stateName}: ${failureText(cities.error)}`}
            />
          ) : null}
          {ticked.map((carrier) => (
            <ReviewForm
              key={carrier.dotNumber}
              carrier={carrier}
              draft={draft(carrier)}
              onChange={(next) => setDrafts(new Map(drafts).set(carrier.dotNumber, next))}
              cityError={cityError(carrier)}
              citiesId={citiesId}
              stateName={stateName}
            />
          ))}
          <FormFailure
            message={create.isError ? `Nothing was created: ${failureText(create.error)}` : null}
          />
          <button
            type="submit"
            disabled={create.isPending || !cities.data}
            className={primaryButtonClass}
          >
            {create.isPending
              ? 'Creating…'
              : `Create ${ticked.length === 1 ? '1 listing' : `${ticked.length} listings`}`}
          </button>
        </form>
      ) : null}
    </>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const state = (search.get('state') ?? '').toUpperCase();
  const page = search.get('page') ?? '1';
  const known = US_STATES.some((s) => s.abbreviation === state);
  const carriers = useQuery<CensusCarrierPage>({
    queryKey: [LICENSING_API.censusCarriers, { state, page }],
    enabled: known,
    placeholderData: keepPreviousData,
  });
  const data = known ? carriers.data : undefined;
  const selection = useRowSelection(data?.items.map((c) => c.dotNumber) ?? [], `${state}:${page}`);
  const stateName = US_STATES.find((s) => s.abbreviation === state)?.name ?? state;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h2 className="text-xl font-bold text-slate-900">Licensing</h2>
      <LicensingSections />
      <div className={`${cardClass} space-y-3`}>
        <p className="text-sm text-slate-700">
          Carriers that FMCSA’s census lists as <strong>authorized for hire</strong> in a state and
          that no company of ours is matched to. <strong>Nothing is listed without review:</strong>{' '}
          tick the carriers you checked, review each one’s name, city and services, then create
          them. Each new listing is recorded in the audit log with your name.
        </p>
        <StatePicker state={known ? state : ''} />
      </div>
      {!known ? (
        <EmptyState>Choose a state to see its carriers.</EmptyState>
      ) : carriers.isError && !data ? (
        <LoadFailure
          what="the census’s carriers"
          error={carriers.error}
          onRetry={() => void carriers.refetch()}
          retrying={carriers.isFetching}
        />
      ) : !data ? (
        <Skeleton label="Loading the census’s carriers…" />
      ) : (
        <>
          <p aria-live="polite" className="text-sm text-slate-700">
            {data.censusDate
              ? `${formatCount(data.total)} for-hire ${data.total === 1 ? 'carrier' : 'carriers'} of ${stateName} not listed with us, in the census of ${licensingDay(data.censusDate)}`
              : 'No census is imported yet.'}
            {carriers.isFetching ? ' · updating…' : ''}
          </p>
          {data.items.length === 0 ? (
            <EmptyState
              action={
                data.censusDate ? null : (
                  <Link to="/admin/licensing" className={linkClass}>
                    Import the census
                  </Link>
                )
              }
            >
              {data.censusDate
                ? `Every for-hire carrier of ${stateName} in the census is matched to a company of ours.`
                : 'Import FMCSA’s census first.'}
            </EmptyState>
          ) : (
            <>
              <CarrierTable items={data.items} selection={selection} />
              <CarrierCards items={data.items} selection={selection} />
              <Pager
                label="Carrier pages"
                page={data.page}
                pages={Math.max(1, Math.ceil(data.total / data.limit))}
                search={search}
              />
            </>
          )}
          <Review state={state} carriers={data.items} selection={selection} />
        </>
      )}
    </div>
  );
}
