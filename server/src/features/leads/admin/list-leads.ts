/** GET /api/admin/leads: one page of the filtered, sorted lead list, with the total for the pager. */
import type { Knex } from 'knex';
import type { AdminLeadFacets, AdminLeadList, AdminLeadListQuery } from '@moveratlas/contracts';
import { listPartners } from '../../partners';
import { applyLeadFilters, applyLeadSort } from './lead-filters';
import { leadSummaries, SUMMARY_COLUMNS, type LeadSummaryRow } from './lead-rows';

export async function listLeads(db: Knex, query: AdminLeadListQuery): Promise<AdminLeadList> {
  const filtered = () => applyLeadFilters(db, db('leads'), query);
  const [counted, rows] = await Promise.all([
    filtered().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
    applyLeadSort(db, filtered(), query.sort, query.dir)
      .select(SUMMARY_COLUMNS.map((c) => `leads.${c}`))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize) as Promise<LeadSummaryRow[]>,
  ]);
  return {
    leads: await leadSummaries(db, rows),
    total: Number(counted?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The partner filter's choices: the partners, and any site id a lead carries that is not (or no longer) one. */
export async function leadFacets(db: Knex): Promise<AdminLeadFacets> {
  const [partners, siteIds] = await Promise.all([
    listPartners(db),
    db('leads').distinct('site_id').orderBy('site_id').limit(500) as Promise<
      Array<{ site_id: string }>
    >,
  ]);
  const known = new Map(partners.map((p) => [p.siteId, p.name]));
  for (const { site_id } of siteIds) if (!known.has(site_id)) known.set(site_id, site_id);
  return {
    partners: [...known]
      .map(([siteId, name]) => ({ siteId, name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
