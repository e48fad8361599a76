/**
 * "Check a mover" (issue 20): what FMCSA's public files say about a carrier found by USDOT number, MC docket
 * or name, whether or not it is listed with us, with our listing when it is and the red flags read from the
 * facts. Every lookup is an index range with a small limit: the census is about two million rows, and on
 * SQLite a statement runs on the event loop's own thread.
 */
import type { Knex } from 'knex';
import {
  assessLicensing,
  INTERSTATE_SERVICE,
  nameKey,
  type CarrierCheckAnswer,
  type CarrierCheckResult,
  type LicensingFacts,
} from '@moveratlas/contracts';
import { dialectOf } from '../../../db/dialect';
import { badRequest } from '../../../lib/http-error';
import { carriersByDot, factsFrom, newestCensusDate, revocationsOf } from '../carrier-facts';
import { todayIso } from '../company-licensing';
import { parseDocket, parseUsdot } from '../fmcsa-values';

/** Carriers a name search shows; `more` says when others matched. */
export const NAME_RESULTS = 20;
/** Fewer letters than this would match a large share of two million names. */
export const NAME_MIN_LENGTH = 3;

export type CarrierQuery =
  | { readAs: 'usdot'; dot: number }
  | { readAs: 'mc'; docket: string }
  | { readAs: 'name'; key: string };

// A docket only with its prefix and a digit after it: "MC Movers" is a name, "MC-012345" a docket.
const DOCKET_TEXT = /^(?:MC|FF|MX)[\s#:-]*\d/i;
// Digits alone, or after "USDOT"/"DOT": plain digits are a USDOT number, never an MC number.
const USDOT_TEXT = /^(?:(?:US\s*)?DOT[\s#:-]*)?\d+$/i;

/** How a query is read: a USDOT number, an MC/FF/MX docket, else the start of a name. 400 in words when it cannot be. */
export function readCarrierQuery(q: string): CarrierQuery {
  const text = q.trim();
  if (USDOT_TEXT.test(text)) {
    const dot = parseUsdot(text);
    if (dot === undefined) throw badRequest('A USDOT number has at most 8 digits');
    if (dot === null) throw badRequest('A USDOT number is not all zeros');
    return { readAs: 'usdot', dot };
  }
  if (DOCKET_TEXT.test(text)) {
    const docket = parseDocket(text);
    if (!docket)
      throw badRequest(
        'An MC number is MC followed by up to 8 digits, like MC-123456 (FF and MX numbers the same way)',
      );
    return { readAs: 'mc', docket };
  }
  const key = nameKey(text);
  if (key.replace(/ /g, '').length < NAME_MIN_LENGTH)
    throw badRequest(
      `Enter at least ${NAME_MIN_LENGTH} letters or digits of the company’s name, or its USDOT or MC number`,
    );
  return { readAs: 'name', key };
}

/**
 * USDOT numbers of carriers whose legal or DBA name starts with `key`, in the order of the name that matched
 * (then USDOT number), at most `limit` + 1 (the extra one says there are more). Each side reads its index
 * alone, dot_number included (a covering read), and the two short lists are merged here.
 */
async function dotsByName(db: Knex, key: string, limit: number): Promise<number[]> {
  const dialect = dialectOf(db);
  const side = (column: 'legal_name_key' | 'dba_name_key') => {
    const { sql, bindings } = dialect.startsWith(column, key);
    return db('fmcsa_carriers')
      .whereRaw(sql, bindings)
      .orderBy([{ column }, { column: 'dot_number' }])
      .limit(limit + 1)
      .select({ dot: 'dot_number', key: column }) as Promise<Array<{ dot: number; key: string }>>;
  };
  const [legal, dba] = await Promise.all([side('legal_name_key'), side('dba_name_key')]);
  const firstKey = new Map<number, string>();
  for (const row of [...legal, ...dba]) {
    const dot = Number(row.dot);
    const known = firstKey.get(dot);
    if (known === undefined || row.key < known) firstKey.set(dot, row.key);
  }
  return [...firstKey]
    .sort(([dotA, a], [dotB, b]) => (a < b ? -1 : a > b ? 1 : dotA - dotB))
    .map(([dot]) => dot)
    .slice(0, limit + 1);
}

interface Listing {
  companyId: number;
  dot: number | null;
  docket: string | null;
  matchedBy: 'usdot' | 'mc';
  company: NonNullable<LicensingFacts['company']>;
  listing: { name: string; slug: string };
}

/** Our listed companies matched to these carriers or dockets (licensing_company_matches), the first by id of each. */
async function listingsOf(
  db: Knex,
  dots: readonly number[],
  dockets: readonly string[],
): Promise<Listing[]> {
  if (dots.length === 0 && dockets.length === 0) return [];
  const rows = (await db({ m: 'licensing_company_matches' })
    .join({ c: 'companies' }, 'c.id', 'm.company_id')
    .where('c.is_in_list', true)
    .where((q) => {
      if (dots.length > 0) q.whereIn('m.dot_number', dots);
      if (dockets.length > 0) q.orWhereIn('m.docket', dockets);
    })
    .orderBy('c.id')
    .select(
      'c.id',
      'c.name',
      'c.slug',
      'c.usdot_number',
      'c.mc_number',
      'm.dot_number',
      'm.docket',
      'm.matched_by',
    )) as Array<{
    id: number;
    name: string;
    slug: string;
    usdot_number: string | null;
    mc_number: string | null;
    dot_number: number | null;
    docket: string | null;
    matched_by: 'usdot' | 'mc';
  }>;
  if (rows.length === 0) return [];
  const interstate = new Set(
    (
      (await db('company_services')
        .whereIn(
          'company_id',
          rows.map((r) => r.id),
        )
        .where('service_id', INTERSTATE_SERVICE)
        .pluck('company_id')) as number[]
    ).map(Number),
  );
  return rows.map((row) => ({
    companyId: Number(row.id),
    dot: row.dot_number === null ? null : Number(row.dot_number),
    docket: row.docket,
    matchedBy: row.matched_by,
    company: {
      name: row.name,
      usdotNumber: row.usdot_number?.trim() || null,
      mcNumber: row.mc_number?.trim() || null,
      offersInterstate: interstate.has(Number(row.id)),
    },
    listing: { name: row.name, slug: row.slug },
  }));
}

/** A carrier to answer: its USDOT number (null for a docket FMCSA ties to none) and the docket it was found by. */
interface Found {
  dot: number | null;
  docket: string | null;
}

/** The carriers a query names, in the order they are shown, and whether more matched than are shown. */
async function findCarriers(
  db: Knex,
  query: CarrierQuery,
): Promise<{ found: Found[]; more: boolean }> {
  switch (query.readAs) {
    case 'usdot':
      return { found: [{ dot: query.dot, docket: null }], more: false };
    case 'mc': {
      // A docket's USDOT numbers are those its revocations name; without one, the docket alone.
      const dots = [
        ...new Set(
          (
            (await db('fmcsa_revocations')
              .where('docket', query.docket)
              .whereNotNull('dot_number')
              .distinct('dot_number')) as Array<{ dot_number: number }>
          ).map((r) => Number(r.dot_number)),
        ),
      ].sort((a, b) => a - b);
      if (dots.length === 0) return { found: [{ dot: null, docket: query.docket }], more: false };
      return { found: dots.map((dot) => ({ dot, docket: query.docket })), more: false };
    }
    case 'name': {
      const dots = await dotsByName(db, query.key, NAME_RESULTS);
      return {
        found: dots.slice(0, NAME_RESULTS).map((dot) => ({ dot, docket: null })),
        more: dots.length > NAME_RESULTS,
      };
    }
  }
}

/** The answer of GET /api/licensing/check for a validated query (`q` trimmed, 1–120 characters). */
export async function checkCarrier(
  db: Knex,
  q: string,
  today = todayIso(),
): Promise<CarrierCheckAnswer> {
  const query = readCarrierQuery(q);
  const [{ found, more }, censusDate] = await Promise.all([
    findCarriers(db, query),
    newestCensusDate(db),
  ]);
  const dots = found.flatMap((f) => (f.dot === null ? [] : [f.dot]));
  const queryDockets = found.flatMap((f) => (f.docket === null ? [] : [f.docket]));
  const listings = await listingsOf(db, dots, queryDockets);
  const listingOf = (f: Found) =>
    listings.find((l) => f.dot !== null && l.dot === f.dot) ??
    listings.find((l) => f.docket !== null && l.docket === f.docket);
  // The dockets our listings typed too: their revocations belong on the carrier's answer.
  const dockets = [...new Set([...queryDockets, ...listings.flatMap((l) => l.docket ?? [])])];
  const [carriers, revocations] = await Promise.all([
    carriersByDot(db, dots),
    revocationsOf(db, dockets, dots),
  ]);
  const results: CarrierCheckResult[] = [];
  for (const f of found) {
    const listed = listingOf(f);
    const docket = f.docket ?? listed?.docket ?? null;
    const facts = factsFrom(
      listed?.company ?? null,
      listed?.matchedBy ?? (query.readAs === 'name' ? null : query.readAs),
      f.dot,
      docket,
      carriers,
      revocations,
      censusDate,
    );
    // Nothing in the files under this number: no result (the page says what was searched, and the census date).
    if (facts.carrier === null && facts.revocations.length === 0) continue;
    results.push({
      facts,
      assessment: assessLicensing(facts, today),
      listing: listed?.listing ?? null,
    });
  }
  return { query: q, readAs: query.readAs, results, more, censusDate };
}
