/**
 * The census's for-hire carriers of a state that no company of ours is matched to: where staff look for new
 * listings (issue 20). Read through the index on (phy_state, authorized_for_hire); each with our city of the
 * same name in the state, when there is one, as the form's first choice. Nothing here creates a listing:
 * staff review each carrier and create it (companies/admin/licensing).
 */
import type { Knex } from 'knex';
import type { CensusCarrier, CensusCarrierPage, PlaceCity } from '@moveratlas/contracts';
import { citySearchNameSpellings } from '../../lib/search-tokens';
import { newestCensusDate } from './carrier-facts';

interface CensusRow {
  dot_number: number | string;
  legal_name: string;
  dba_name: string | null;
  phy_city: string | null;
  phy_state: string;
  carrier_operation: string | null;
  power_units: number | string | null;
  drivers: number | string | null;
  mcs150_date: string | null;
}

/** For-hire carriers of the state not matched to any company (a subquery the database answers per row). */
function unmatchedForHire(db: Knex, state: string): Knex.QueryBuilder {
  return db({ f: 'fmcsa_carriers' })
    .where({ 'f.phy_state': state, 'f.authorized_for_hire': true })
    .whereNotExists(
      db({ m: 'licensing_company_matches' }).whereRaw('?? = ??', ['m.dot_number', 'f.dot_number']),
    );
}

/** Our cities of a state, by the search names given: the most populous where a name is used twice. */
export async function citiesBySearchName(
  db: Knex,
  state: string,
  names: readonly string[],
): Promise<Map<string, PlaceCity>> {
  const found = new Map<string, PlaceCity & { population: number }>();
  if (names.length === 0) return new Map();
  const rows = (await db({ ci: 'cities' })
    .join({ s: 'states' }, 's.id', 'ci.state_id')
    .where('s.abbreviation', state)
    .whereIn('ci.search_name', [...new Set(names)])
    .select('ci.slug', 'ci.name', 'ci.search_name', 'ci.population')) as Array<{
    slug: string;
    name: string;
    search_name: string;
    population: number | string | null;
  }>;
  for (const row of rows) {
    const known = found.get(row.search_name);
    const population = Number(row.population ?? 0);
    if (!known || population > known.population)
      found.set(row.search_name, { slug: row.slug, name: row.name, population });
  }
  return new Map([...found].map(([key, city]) => [key, { slug: city.slug, name: city.name }]));
}

const OPERATIONS = new Set(['A', 'B', 'C']);
const countOf = (value: number | string | null) => (value === null ? null : Number(value));

/** A page of the state's unmatched for-hire carriers, by legal name. */
export async function censusCarriersOfState(
  db: Knex,
  state: string,
  page: number,
  limit: number,
): Promise<CensusCarrierPage> {
  const [counted, rows, censusDate] = await Promise.all([
    unmatchedForHire(db, state).count({ n: '*' }).first() as Promise<{ n: number | string }>,
    unmatchedForHire(db, state)
      .orderBy([{ column: 'f.legal_name_key' }, { column: 'f.dot_number' }])
      .limit(limit)
      .offset((page - 1) * limit)
      .select(
        'f.dot_number',
        'f.legal_name',
        'f.dba_name',
        'f.phy_city',
        'f.phy_state',
        'f.carrier_operation',
        'f.power_units',
        'f.drivers',
        'f.mcs150_date',
      ) as Promise<CensusRow[]>,
    newestCensusDate(db),
  ]);
  const spellings = new Map(
    rows.map((row) => [row.dot_number, citySearchNameSpellings(row.phy_city ?? '')]),
  );
  const cities = await citiesBySearchName(db, state, [...spellings.values()].flat());
  const items: CensusCarrier[] = rows.map((row) => ({
    dotNumber: Number(row.dot_number),
    legalName: row.legal_name,
    dbaName: row.dba_name,
    city: row.phy_city,
    state: row.phy_state,
    operation: OPERATIONS.has(row.carrier_operation ?? '')
      ? (row.carrier_operation as 'A' | 'B' | 'C')
      : null,
    powerUnits: countOf(row.power_units),
    drivers: countOf(row.drivers),
    mcs150Date: row.mcs150_date,
    suggestedCity:
      spellings
        .get(row.dot_number)!
        .map((name) => cities.get(name))
        .find((city) => city !== undefined) ?? null,
  }));
  return { items, total: Number(counted?.n ?? 0), page, limit, censusDate };
}

/** What a new listing needs of a census carrier: it is in the census, for hire, and not matched yet. */
export async function censusCarriersForListing(
  db: Knex,
  dots: readonly number[],
): Promise<
  Map<
    number,
    { legalName: string; state: string | null; authorizedForHire: boolean; matched: boolean }
  >
> {
  if (dots.length === 0) return new Map();
  const rows = (await db({ f: 'fmcsa_carriers' })
    .leftJoin({ m: 'licensing_company_matches' }, 'm.dot_number', 'f.dot_number')
    .whereIn('f.dot_number', [...new Set(dots)])
    .select(
      'f.dot_number',
      'f.legal_name',
      'f.phy_state',
      'f.authorized_for_hire',
      'm.company_id',
    )) as Array<{
    dot_number: number | string;
    legal_name: string;
    phy_state: string | null;
    authorized_for_hire: number | boolean | null;
    company_id: number | null;
  }>;
  const carriers = new Map<
    number,
    { legalName: string; state: string | null; authorizedForHire: boolean; matched: boolean }
  >();
  for (const row of rows) {
    const dot = Number(row.dot_number);
    const known = carriers.get(dot);
    carriers.set(dot, {
      legalName: row.legal_name,
      state: row.phy_state,
      authorizedForHire: Boolean(Number(row.authorized_for_hire ?? 0)),
      matched: (known?.matched ?? false) || row.company_id !== null,
    });
  }
  return carriers;
}

/** Our cities of a state by name, for the listing form's choices. */
export async function citiesOfState(db: Knex, state: string): Promise<PlaceCity[]> {
  return (await db({ ci: 'cities' })
    .join({ s: 'states' }, 's.id', 'ci.state_id')
    .where('s.abbreviation', state)
    .orderBy([{ column: 'ci.name' }, { column: 'ci.slug' }])
    .select('ci.slug', 'ci.name')) as PlaceCity[];
}
