/**
 * The inbox's filters and sorts, applied to one company's company_leads rows: shared by the list and the CSV
 * export so the export is exactly the filtered list. The status, received day and move size are columns of
 * company_leads with indexes that start at the company, and so is the text the search box matches.
 * Every value is bound; sorts come from a whitelist. There is no quality filter: the flags live on `leads`,
 * so one would leave company_leads' own indexes (the list shows them as badges instead).
 */
import type { Knex } from 'knex';
import type { ProLeadFilters, ProLeadListQuery } from '@moveratlas/contracts';
import { LIKE_ESCAPE, likeContains } from '../../../lib/sql-like';
import { dayStart, nextDay } from '../admin/lead-rows';

/** company_leads as `cl` of one company, filtered; joined to `leads` as `l` when asked (the export). */
export function companyLeadsQuery(
  db: Knex,
  companyId: number,
  filters: ProLeadFilters,
  options: { joinLeads?: boolean } = {},
): Knex.QueryBuilder {
  const qb = db({ cl: 'company_leads' }).where('cl.company_id', companyId);
  if (filters.status) qb.where('cl.status', filters.status);
  if (filters.from) qb.where('cl.received_at', '>=', dayStart(filters.from));
  if (filters.to) qb.where('cl.received_at', '<', dayStart(nextDay(filters.to)));
  if (filters.moveSize) qb.where('cl.move_size', filters.moveSize);
  if (options.joinLeads) qb.join({ l: 'leads' }, 'l.id', 'cl.lead_id');
  // Every word must be in the names, the e-mail address or the cities: "ada austin" finds Ada moving to
  // Austin. search_text holds them in lower case, so the scan stays on company_leads' own index.
  const words = (filters.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  for (const word of words)
    qb.whereRaw(`cl.search_text LIKE ? ${LIKE_ESCAPE}`, [likeContains(word)]);
  return qb;
}

/** ORDER BY for the inbox; the row id breaks ties so pages never overlap. */
export function sortCompanyLeads(
  qb: Knex.QueryBuilder,
  sort: ProLeadListQuery['sort'] = 'received',
  dir: ProLeadListQuery['dir'] = sort === 'received' ? 'desc' : 'asc',
): Knex.QueryBuilder {
  const direction = dir === 'desc' ? 'desc' : 'asc';
  if (sort === 'move_date') return qb.orderBy('cl.move_on', direction).orderBy('cl.id', direction);
  return qb.orderBy('cl.received_at', direction).orderBy('cl.id', direction);
}
