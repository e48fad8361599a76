/**
 * The audit log in plain words: what an action was ("Edit a company"), what a field is ("ZIP code", not
 * zip_code), and a change as a person reads it ("Name: 'Acme Movers' → 'Acme Moving Co.'").
 */
import {
  ADMIN_ROUTE_POLICY,
  COMPANY_FIELD_LABELS,
  PARTNER_FIELD_LABELS,
  fieldLabel,
  type AdminRoutePolicy,
  type AuditEvent,
} from '@moveratlas/contracts';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Each audited action's words, from the policy table (the route that records it says what it does). */
const ACTION_WORDS = new Map<string, string>();
for (const policy of Object.values(ADMIN_ROUTE_POLICY) as AdminRoutePolicy[])
  if (policy.audit && !ACTION_WORDS.has(policy.audit))
    ACTION_WORDS.set(policy.audit, capitalise(policy.does));

/** The words of the kinds of record, for the filter and the rows. */
const ENTITY_WORDS: Record<string, string> = {
  company: 'Company',
  company_application: 'Application',
  company_import: 'Companies import',
  review: 'Review',
  lead: 'Lead',
  leads: 'Leads',
  partner: 'Partner',
  admin_user: 'Admin user',
  site_settings: 'Site settings',
  database: 'Database',
  job: 'Job',
  jobs: 'Jobs',
  script: 'Script',
  scripts: 'Scripts',
  schedule: 'Schedule',
  schedules: 'Schedules',
  seo_crawl: 'SEO crawl',
  seo_task: 'SEO task',
  seo_page: 'Page analysis',
  seo_health: 'SEO health',
  qa_run: 'QA run',
  qa_automation: 'QA automation',
  contact_message: 'Contact message',
  contact_messages: 'Contact messages',
  audit: 'Audit log',
  settings: 'Settings',
  upload: 'Companies import',
  dashboard: 'Dashboard',
  statistics: 'Statistics',
};

/** Any kind of record we have no words for yet still reads: "company_application" → "Company application". */
export const entityWords = (type: string) => ENTITY_WORDS[type] ?? fieldLabel(type);

export function actionWords(action: string): string {
  const known = ACTION_WORDS.get(action);
  if (known) return known;
  // A refused read is filed as "<what>.read".
  if (action.endsWith('.read')) return `Read ${entityWords(action.slice(0, -5)).toLowerCase()}`;
  return fieldLabel(action);
}

/**
 * The fields the log records, in the words of the screens they were changed on: the company and partner
 * forms' labels, and the few others whose code name does not read as plain words by itself (fieldLabel).
 */
const FIELD_WORDS: Record<string, string> = {
  ...COMPANY_FIELD_LABELS,
  ...PARTNER_FIELD_LABELS,
  company_id: 'Company',
  delivery_status: 'Delivery',
  endedSessions: 'Other sessions ended',
  assignee: 'Assigned to',
  jobId: 'Job',
  params: 'Settings of the run',
  cron: 'Schedule (cron)',
  timezone: 'Time zone',
  bytes: 'Size (bytes)',
  filename: 'File name',
};

export const fieldWords = (field: string) => FIELD_WORDS[field] ?? fieldLabel(field);

/** A value as the diff shows it: text in quotes, yes/no, lists by commas, nothing as "(empty)". */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value}'`;
  if (Array.isArray(value))
    return value.length === 0 ? '(none)' : value.map((v) => valueWords(v)).join(', ');
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => v !== undefined && v !== null && v !== '',
  );
  return entries.length === 0
    ? '(none)'
    : entries.map(([k, v]) => `${fieldWords(k)} ${valueWords(v)}`).join('; ');
}

export interface FieldChange {
  field: string;
  label: string;
  /** "Name: 'Acme Movers' → 'Acme Moving Co.'"; a create or a delete shows one side. */
  text: string;
}

/** The entry's fields, before → after, in the order the record lists them. */
export function fieldChanges(event: Pick<AuditEvent, 'before' | 'after'>): FieldChange[] {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const label = fieldWords(field);
    const had = field in before;
    const has = field in after;
    const text =
      had && has
        ? `${label}: ${valueWords(before[field])} → ${valueWords(after[field])}`
        : has
          ? `${label}: ${valueWords(after[field])}`
          : `${label}: was ${valueWords(before[field])}`;
    return { field, label, text };
  });
}
