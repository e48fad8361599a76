/**
 * GET /api/pro/companies/:companyId/leads: one page of the company's filtered, sorted leads and the total for
 * the pager. The page's ids are found on company_leads' own indexes; the lead rows of that page alone are
 * read after (one primary-key lookup each), so page 1 of 20,000 leads costs what page 1 of 20 does.
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
  if (total <= offset) return { leads: [], total, page: query.page, pageSize: query.pageSize };
  const page = (await sortCompanyLeads(
    companyLeadsQuery(db, companyId, query),
    query.sort,
    query.dir,
  )
    .select(...COMPANY_LEAD_COLUMNS, 'cl.lead_id')
    .limit(query.pageSize)
    .offset(offset)) as Array<Record<string, unknown>>;
  const leads = (await db({ l: 'leads' })
    .whereIn(
      'l.id',
      page.map((r) => Number(r.lead_id)),
    )
    .select(...LEAD_COLUMNS)) as Array<Record<string, unknown>>;
  const byId = new Map(leads.map((l) => [Number(l.id), l]));
  return {
    leads: page.flatMap((row) => {
      const lead = byId.get(Number(row.lead_id));
      return lead ? [toProLeadSummary({ ...lead, ...row, id: lead.id })] : [];
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
