/**
 * What we hold about carriers, read into the contracts' LicensingFacts: the census row, the revocations of
 * its docket or USDOT number, and the newest census date. Read for a page of companies at once (cards), one
 * company (the profile's panel) or carriers found by "Check a mover"; the red flags are the contracts' rule
 * (assessLicensing), applied where the facts are shown.
 */
import type { Knex } from 'knex';
import type {
  CarrierFacts,
  LicensingFacts,
  LicensingSource,
  RevocationFact,
} from '@moveratlas/contracts';
import { TtlCache } from '../../lib/ttl-cache';
import { parseDocket, parseUsdot } from './fmcsa-values';

/** A company of ours as the licensing checks read it. */
export interface CompanyNumbers {
  id: number;
  name: string;
  usdot_number: string | null;
  mc_number: string | null;
  /** It lists long-distance moving (across state lines). */
  offersInterstate: boolean;
}

interface CarrierRow {
  dot_number: number;
  legal_name: string;
  dba_name: string | null;
  carrier_operation: string | null;
  authorized_for_hire: number | boolean | null;
  exempt_for_hire: number | boolean | null;
  private_only: number | boolean | null;
  power_units: number | null;
  drivers: number | null;
  mcs150_date: string | null;
  phy_city: string | null;
  phy_state: string | null;
  source_file: string;
  source_date: string;
  last_seen_date: string;
}

interface RevocationRow {
  id: number;
  docket: string;
  dot_number: number | null;
  authority_type: string;
  serve_date: string;
  revocation_type: string;
  effective_date: string | null;
  source_file: string;
  source_date: string;
}

export const CARRIER_COLUMNS = [
  'dot_number',
  'legal_name',
  'dba_name',
  'carrier_operation',
  'authorized_for_hire',
  'exempt_for_hire',
  'private_only',
  'power_units',
  'drivers',
  'mcs150_date',
  'phy_city',
  'phy_state',
  'source_file',
  'source_date',
  'last_seen_date',
] as const;

const flagOf = (value: number | boolean | null) => (value === null ? null : Boolean(value));
const countOf = (value: number | string | null) => (value === null ? null : Number(value));
const OPERATIONS = new Set(['A', 'B', 'C']);

export function toCarrierFacts(row: CarrierRow): CarrierFacts {
  return {
    dotNumber: Number(row.dot_number),
    legalName: row.legal_name,
    dbaName: row.dba_name,
    operation: OPERATIONS.has(row.carrier_operation ?? '')
      ? (row.carrier_operation as 'A' | 'B' | 'C')
      : null,
    authorizedForHire: flagOf(row.authorized_for_hire),
    exemptForHire: flagOf(row.exempt_for_hire),
    privateOnly: flagOf(row.private_only),
    powerUnits: countOf(row.power_units),
    drivers: countOf(row.drivers),
    mcs150Date: row.mcs150_date,
    city: row.phy_city,
    state: row.phy_state,
    source: { kind: 'census', file: row.source_file, date: row.source_date },
    seenOn: row.last_seen_date,
  };
}

const toRevocation = (row: RevocationRow): RevocationFact => ({
  docket: row.docket,
  authorityType: row.authority_type,
  serveDate: row.serve_date,
  revocationType: row.revocation_type,
  effectiveDate: row.effective_date,
  source: { kind: 'revocations', file: row.source_file, date: row.source_date } as LicensingSource,
});

// Read for every page of cards: kept a minute, or until an import ends (it moves the public generation).
const censusDates = new WeakMap<Knex, TtlCache<string | null>>();

/** The newest census we hold, as FMCSA dated it; null before any import. */
export async function newestCensusDate(db: Knex): Promise<string | null> {
  let cache = censusDates.get(db);
  if (!cache) {
    cache = new TtlCache<string | null>(60_000, { followsPublicChanges: true });
    censusDates.set(db, cache);
  }
  return cache.get('census', async () => {
    const row = (await db('licensing_imports')
      .where({ kind: 'census', status: 'succeeded' })
      .max({ date: 'file_date' })
      .first()) as { date: string | null } | undefined;
    return row?.date ?? null;
  });
}

/** Carriers by USDOT number. */
export async function carriersByDot(
  db: Knex,
  dots: readonly number[],
): Promise<Map<number, CarrierFacts>> {
  if (dots.length === 0) return new Map();
  const rows = (await db('fmcsa_carriers')
    .whereIn('dot_number', [...new Set(dots)])
    .select(CARRIER_COLUMNS)) as CarrierRow[];
  return new Map(rows.map((row) => [Number(row.dot_number), toCarrierFacts(row)]));
}

/** Revocations naming any of the dockets or USDOT numbers, newest served first, each once. */
export async function revocationsOf(
  db: Knex,
  dockets: readonly string[],
  dots: readonly number[],
): Promise<RevocationRow[]> {
  if (dockets.length === 0 && dots.length === 0) return [];
  const rows = (await db('fmcsa_revocations')
    .where((q) => {
      if (dockets.length > 0) q.whereIn('docket', [...new Set(dockets)]);
      if (dots.length > 0) q.orWhereIn('dot_number', [...new Set(dots)]);
    })
    .orderBy([
      { column: 'serve_date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select(
      'id',
      'docket',
      'dot_number',
      'authority_type',
      'serve_date',
      'revocation_type',
      'effective_date',
      'source_file',
      'source_date',
    )) as RevocationRow[];
  return rows;
}

/** The facts of one carrier (by USDOT number and/or docket) from rows already read. */
export function factsFrom(
  company: LicensingFacts['company'],
  matchedBy: LicensingFacts['matchedBy'],
  dot: number | null,
  docket: string | null,
  carriers: Map<number, CarrierFacts>,
  revocations: readonly RevocationRow[],
  censusDate: string | null,
): LicensingFacts {
  const carrier = dot === null ? null : (carriers.get(dot) ?? null);
  const mine = revocations.filter(
    (r) =>
      (docket !== null && r.docket === docket) ||
      (dot !== null && r.dot_number !== null && Number(r.dot_number) === dot),
  );
  // A docket the company did not type, but FMCSA ties to its USDOT number.
  const shownDocket = docket ?? mine[0]?.docket ?? null;
  return {
    company,
    matchedBy,
    docket: shownDocket,
    carrier,
    revocations: mine.map(toRevocation),
    censusDate,
  };
}

/** The facts of a page of our companies, through their stored matches (company-matches.ts). */
export async function factsOfCompanies(
  db: Knex,
  companies: readonly CompanyNumbers[],
): Promise<Map<number, LicensingFacts>> {
  const facts = new Map<number, LicensingFacts>();
  if (companies.length === 0) return facts;
  const [matches, censusDate] = await Promise.all([
    db('licensing_company_matches')
      .whereIn(
        'company_id',
        companies.map((c) => c.id),
      )
      .select('company_id', 'dot_number', 'docket', 'matched_by') as Promise<
      Array<{
        company_id: number;
        dot_number: number | null;
        docket: string | null;
        matched_by: 'usdot' | 'mc';
      }>
    >,
    newestCensusDate(db),
  ]);
  const byCompany = new Map(matches.map((m) => [Number(m.company_id), m]));
  // The carrier's numbers: as matched, else as typed (a typed number FMCSA does not list still has none).
  const numbers = new Map(
    companies.map((c) => {
      const match = byCompany.get(c.id);
      const dot =
        match?.dot_number !== undefined && match.dot_number !== null
          ? Number(match.dot_number)
          : (parseUsdot(c.usdot_number ?? '') ?? null);
      const docket = match?.docket ?? parseDocket(c.mc_number ?? '') ?? null;
      return [c.id, { dot, docket }];
    }),
  );
  const dots = [...numbers.values()].flatMap((n) => (n.dot === null ? [] : [n.dot]));
  const dockets = [...numbers.values()].flatMap((n) => (n.docket === null ? [] : [n.docket]));
  const [carriers, revocations] = await Promise.all([
    carriersByDot(db, dots),
    revocationsOf(db, dockets, dots),
  ]);
  for (const company of companies) {
    const { dot, docket } = numbers.get(company.id)!;
    facts.set(
      company.id,
      factsFrom(
        {
          name: company.name,
          usdotNumber: company.usdot_number?.trim() || null,
          mcNumber: company.mc_number?.trim() || null,
          offersInterstate: company.offersInterstate,
        },
        byCompany.get(company.id)?.matched_by ?? null,
        dot,
        docket,
        carriers,
        revocations,
        censusDate,
      ),
    );
  }
  return facts;
}
