/**
 * company_leads: the leads each company was named in, one row per lead and named company (issue 17). Written
 * by the intake in the lead's own transaction; a mover's inbox reads it, keeps its own status there, and the
 * delivery of leads to movers (the next issue) hangs from it.
 */
import type { Knex } from 'knex';

/** MM/DD/YYYY (the backend's format) as YYYY-MM-DD, which sorts; null when it is not a date. */
export function moveOnDay(value: unknown): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(String(value ?? ''));
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

/** The words the inbox's search box matches: names, e-mail address and cities, in lower case. */
export function leadSearchText(lead: {
  firstName: string;
  lastName: string;
  email: string;
  fromCity: string | null;
  toCity: string | null;
}): string {
  return [lead.firstName, lead.lastName, lead.email, lead.fromCity, lead.toCity]
    .map((v) => (v ?? '').trim())
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    .slice(0, 600);
}

export interface NamedLead {
  leadId: number;
  companyIds: readonly number[];
  /** The lead row's created_at exactly as the database returned it. */
  receivedAt: unknown;
  moveDate: string;
  moveSize: string | null;
  searchText: string;
}

/**
 * Writes the company_leads rows of freshly stored leads, for the named companies that are in the directory
 * (an id the widget sent that names no company is kept in the consent only); answers the pairs written.
 */
export async function insertCompanyLeads(
  trx: Knex,
  leads: readonly NamedLead[],
): Promise<Array<{ leadId: number; companyId: number }>> {
  const wanted = [...new Set(leads.flatMap((l) => l.companyIds))];
  if (wanted.length === 0) return [];
  const found = (await trx('companies').whereIn('id', wanted).select('id')) as Array<{
    id: number;
  }>;
  const existing = new Set(found.map((r) => Number(r.id)));
  const now = Date.now();
  const rows = leads.flatMap((lead) =>
    lead.companyIds
      .filter((id) => existing.has(id))
      .map((companyId) => ({
        lead_id: lead.leadId,
        company_id: companyId,
        status: 'new',
        received_at: lead.receivedAt,
        move_on: moveOnDay(lead.moveDate),
        move_size: lead.moveSize,
        search_text: lead.searchText,
        created_at: now,
      })),
  );
  if (rows.length > 0) await trx('company_leads').insert(rows);
  return rows.map((row) => ({ leadId: row.lead_id, companyId: row.company_id }));
}
