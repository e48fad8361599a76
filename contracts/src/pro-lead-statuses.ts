/**
 * A mover's own progress with a lead (issue 17), free of zod so the /pro screens can name them without it.
 * Not the staff's lead status (LEAD_STATUSES): each company named in a lead keeps its own.
 */
export const COMPANY_LEAD_STATUSES = ['new', 'contacted', 'quoted', 'booked', 'lost'] as const;
export type CompanyLeadStatus = (typeof COMPANY_LEAD_STATUSES)[number];

export const COMPANY_LEAD_STATUS_LABELS: Readonly<Record<CompanyLeadStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  booked: 'Booked',
  lost: 'Lost',
};

/** The inbox's sorts: when the lead arrived, or the day of the move. */
export const PRO_LEAD_SORTS = ['received', 'move_date'] as const;
export type ProLeadSort = (typeof PRO_LEAD_SORTS)[number];
export const PRO_LEAD_PAGE_SIZES = [10, 25, 50, 100] as const;

/** Below /api/pro/companies/:companyId (proCompanyPath in pro-api-paths.ts). */
export const PRO_LEADS_PATH = 'leads';
export const PRO_OVERVIEW_PATH = 'overview';
