/**
 * GET /api/pro/companies/:companyId/leads: one page of the company's filtered, sorted leads and the total for
 * the pager. The page's ids are found on company_leads' own indexes alone (selecting only the id keeps the
 * read inside the index, so a deep page skips index entries, not rows); then the rows of that page alone are
 * read by id, with their leads. Page 1 of 20,000 leads costs what page 1 of 20 does.
 *
 * A text search that matches few leads is paged differently: walking the sort's index until a page is full
 * would visit every row of the company to find three matches (measured: 120 ms on SQLite, 400 ms on
 * MariaDB for 20,000 leads), so its matches are read with their sort keys from the search index, which holds
 * both, and sorted here: one scan of the index gives the page and the total.
 */
import type { Knex } from 'knex';
import type { ProLeadList, ProLeadListQuery } from '@moveratlas/contracts';
import { compareNullsFirst } from './lead-views';
import { companyLeadsQuery, sortCompanyLeads } from './inbox-query';
import { COMPANY_LEAD_COLUMNS, LEAD_COLUMNS, toProLeadSummary } from './lead-views';

/** Up to this many matches a search's page is sorted here; beyond, matches are dense enough to walk to. */
const FEW_MATCHES = 200;

type Match = { id: number; received_at: unknown; move_on: string | null };

/**
 * A search's matches with their sort keys, read from the search index, when there are at most FEW_MATCHES
 * of them (one scan that stops at the first match too many); undefined when there are more.
 */
async function fewMatches(
  db: Knex,
  companyId: number,
  query: ProLeadListQuery,
): Promise<Match[] | undefined> {
  const matches = (await companyLeadsQuery(db, companyId, query)
    .select('cl.id', 'cl.received_at', 'cl.move_on')
    .limit(FEW_MATCHES + 1)) as Match[];
  return matches.length > FEW_MATCHES ? undefined : matches;
}

/** The ids of one page of few matches, sorted as sortCompanyLeads sorts (NULL first, then the id). */
function pageOfMatches(matches: Match[], query: ProLeadListQuery, offset: number): number[] {
  const key = (m: Match) => (query.sort === 'move_date' ? m.move_on : String(m.received_at));
  const dir = query.dir ?? (query.sort === 'move_date' ? 'asc' : 'desc');
  const sign = dir === 'desc' ? -1 : 1;
  return [...matches]
    .sort((a, b) => sign * (compareNullsFirst(key(a), key(b)) || Number(a.id) - Number(b.id)))
    .slice(offset, offset + query.pageSize)
    .map((m) => Number(m.id));
}

export async function listCompanyLeads(
  db: Knex,
  companyId: number,
  query: ProLeadListQuery,
): Promise<ProLeadList> {
  const offset = (query.page - 1) * query.pageSize;
  const few = query.q ? await fewMatches(db, companyId, query) : undefined;
  let total: number;
  let ids: number[];
  if (few) {
    total = few.length;
    ids = pageOfMatches(few, query, offset);
  } else {
    const counted = (await companyLeadsQuery(db, companyId, query).count({ n: '*' }).first()) as
      { n: number | string } | undefined;
    total = Number(counted?.n ?? 0);
    ids =
      total <= offset
        ? []
        : (
            (await sortCompanyLeads(companyLeadsQuery(db, companyId, query), query.sort, query.dir)
              .select('cl.id')
              .limit(query.pageSize)
              .offset(offset)) as Array<{ id: number }>
          ).map((r) => Number(r.id));
  }
  const empty = { leads: [], total, page: query.page, pageSize: query.pageSize };
  if (ids.length === 0) return empty;
  const rows = (await db({ cl: 'company_leads' })
    .join({ l: 'leads' }, 'l.id', 'cl.lead_id')
    .whereIn('cl.id', ids)
    .select(...LEAD_COLUMNS, ...COMPANY_LEAD_COLUMNS)) as Array<Record<string, unknown>>;
  const byId = new Map(rows.map((r) => [Number(r.cl_id), r]));
  return {
    ...empty,
    leads: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toProLeadSummary(row)] : [];
    }),
  };
}
