/**
 * GET /api/pro/companies/:companyId/leads: one page of the company's filtered, sorted leads and the total for
 * the pager. The page's ids are found on company_leads' own indexes alone (selecting only the id keeps the
 * read inside the index, so a deep page skips index entries, not rows); then the rows of that page alone are
 * read by id, with their leads. Page 1 of 20,000 leads costs what page 1 of 20 does.
 */
import type { Knex } from 'knex';
import type { ProLeadList, ProLeadListQuery } from '@moveratlas/contracts';
import { companyLeadsQuery, sortCompanyLeads } from './inbox-query';
import { COMPANY_LEAD_COLUMNS, LEAD_COLUMNS, toProLeadSummary } from './lead-views';

export async function listCompanyLeads(
  db: Knex,
  companyId: number,
  query: ProLeadListQuery,
): Promise<ProLeadList> {
  const counted = (await companyLeadsQuery(db, companyId, query).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  const total = Number(counted?.n ?? 0);
  const offset = (query.page - 1) * query.pageSize;
  const empty = { leads: [], total, page: query.page, pageSize: query.pageSize };
  if (total <= offset) return empty;
  const ids = (
    (await sortCompanyLeads(companyLeadsQuery(db, companyId, query), query.sort, query.dir)
      .select('cl.id')
      .limit(query.pageSize)
      .offset(offset)) as Array<{ id: number }>
  ).map((r) => Number(r.id));
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
