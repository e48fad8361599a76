/**
 * Which FMCSA carrier each of our companies is: by the USDOT number people typed (leading zeros, "USDOT"
 * and spaces ignored), else by the MC docket they typed, through the L&I files (which give a docket's USDOT
 * number). What people typed is read, never rewritten. The matches are refreshed after each import, a page
 * of companies at a time; only the rows that change are written, so a re-import changes nothing.
 */
import type { Knex } from 'knex';
import { withTransactionRetry } from '../../db/dialect';
import { yieldToServer } from '../../lib/time-slice';
import { authorityOf, type LicensingAuthority } from '@moveratlas/contracts';
import { carriersByDot, factsFrom, revocationsOf } from './carrier-facts';
import { parseDocket, parseUsdot } from './fmcsa-values';

const PAGE = 500;

interface Match {
  dot_number: number | null;
  docket: string | null;
  matched_by: 'usdot' | 'mc';
  /** The carrier's for-hire authority (contracts' authorityOf), for the filters that read it. */
  authority: LicensingAuthority;
}

interface CompanyNumbers {
  id: number;
  usdot_number: string | null;
  mc_number: string | null;
}

/** The matches of a page of companies, read from the carriers and revocations we hold. */
async function matchPage(db: Knex, companies: CompanyNumbers[]): Promise<Map<number, Match>> {
  const typed = companies.map((c) => ({
    id: Number(c.id),
    dot: parseUsdot(c.usdot_number ?? '') ?? null,
    docket: parseDocket(c.mc_number ?? '') ?? null,
  }));
  const dots = [...new Set(typed.flatMap((t) => (t.dot === null ? [] : [t.dot])))];
  const dockets = [...new Set(typed.flatMap((t) => (t.docket === null ? [] : [t.docket])))];
  const carriers = new Set(
    dots.length === 0
      ? []
      : (
          (await db('fmcsa_carriers').whereIn('dot_number', dots).pluck('dot_number')) as number[]
        ).map(Number),
  );
  // A docket's USDOT number: from its latest revocation that names one.
  const docketDots = new Map<string, number | null>();
  if (dockets.length > 0) {
    const rows = (await db('fmcsa_revocations')
      .whereIn('docket', dockets)
      .orderBy('serve_date')
      .select('docket', 'dot_number')) as Array<{ docket: string; dot_number: number | null }>;
    for (const row of rows) {
      const known = docketDots.get(row.docket);
      docketDots.set(
        row.docket,
        row.dot_number === null ? (known ?? null) : Number(row.dot_number),
      );
    }
  }
  const found = new Map<number, Omit<Match, 'authority'>>();
  for (const t of typed) {
    if (t.dot !== null && carriers.has(t.dot))
      found.set(t.id, { dot_number: t.dot, docket: t.docket, matched_by: 'usdot' });
    else if (t.docket !== null && docketDots.has(t.docket))
      found.set(t.id, {
        dot_number: docketDots.get(t.docket) ?? null,
        docket: t.docket,
        matched_by: 'mc',
      });
  }
  const matchedDots = [...found.values()].flatMap((m) =>
    m.dot_number === null ? [] : [m.dot_number],
  );
  const matchedDockets = [...found.values()].flatMap((m) => (m.docket === null ? [] : [m.docket]));
  const [facts, revocations] = await Promise.all([
    carriersByDot(db, matchedDots),
    revocationsOf(db, matchedDockets, matchedDots),
  ]);
  const matches = new Map<number, Match>();
  for (const [id, match] of found) {
    const authority = authorityOf(
      factsFrom(null, match.matched_by, match.dot_number, match.docket, facts, revocations, null),
    );
    matches.set(id, { ...match, authority });
  }
  return matches;
}

const sameMatch = (a: Match, b: Match) =>
  a.matched_by === b.matched_by &&
  (a.dot_number === null ? null : Number(a.dot_number)) ===
    (b.dot_number === null ? null : Number(b.dot_number)) &&
  a.docket === b.docket &&
  a.authority === b.authority;

/**
 * Matches every company (or the given ones) to the FMCSA files held now, writing only what changed.
 * Answers how many companies are matched.
 */
export async function refreshCompanyMatches(
  db: Knex,
  options: { companyIds?: readonly number[] } = {},
): Promise<number> {
  let matched = 0;
  for (let afterId = 0; ;) {
    const query = db('companies')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(PAGE)
      .select('id', 'usdot_number', 'mc_number');
    if (options.companyIds) query.whereIn('id', options.companyIds);
    const companies = (await query) as CompanyNumbers[];
    if (companies.length === 0) return matched;
    afterId = Number(companies.at(-1)!.id);
    const ids = companies.map((c) => Number(c.id));
    const found = await matchPage(db, companies);
    matched += found.size;
    const stored = new Map(
      (
        (await db('licensing_company_matches')
          .whereIn('company_id', ids)
          .select('company_id', 'dot_number', 'docket', 'matched_by', 'authority')) as Array<
          Match & { company_id: number }
        >
      ).map((row) => [Number(row.company_id), row]),
    );
    const gone = ids.filter((id) => stored.has(id) && !found.has(id));
    const changed = [...found].filter(([id, match]) => {
      const before = stored.get(id);
      return !before || !sameMatch(before, match);
    });
    if (gone.length > 0 || changed.length > 0) {
      const now = Date.now();
      await withTransactionRetry(db, async (trx) => {
        if (gone.length > 0)
          await trx('licensing_company_matches').whereIn('company_id', gone).delete();
        if (changed.length > 0)
          await trx('licensing_company_matches')
            .insert(changed.map(([id, match]) => ({ company_id: id, ...match, matched_at: now })))
            .onConflict('company_id')
            .merge();
      });
    }
    // Between pages the server answers others; never inside a caller's transaction: on SQLite a turn of the
    // event loop there lets another connection start a write and wait on our lock, holding the thread.
    if (!('isTransaction' in db && db.isTransaction)) await yieldToServer();
  }
}
