/**
 * GET /api/pro/companies/:companyId/leads/:leadId: one lead as this company may see it — the contact and the
 * move, the consent that named this company, and this company's own status history. A lead that did not name
 * the company is not found, whoever else it named.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { CompanyLeadStatus, ProLeadDetail } from '@moveratlas/contracts';
import { isoTime } from '../admin/lead-rows';
import { leadDeliveries } from '../../deliveries';
import {
  COMPANY_LEAD_COLUMNS,
  epochIso,
  LEAD_COLUMNS,
  nullableText,
  toProLeadSummary,
} from './lead-views';
import { parseStored } from '../../../lib/stored-json';
import { leadQuality, qualitySource } from '../quality';
import { companyLeadReturn } from '../returns/lead-returns';

/** What the detail shows beyond the list's columns. */
const DETAIL_COLUMNS = [
  'l.from_zip',
  'l.from_state',
  'l.to_zip',
  'l.to_state',
  'l.number_of_rooms',
  'l.needs_auto_transport',
  'l.auto_transport',
] as const;

const CompanyRefs = z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() }));
const AutoTransport = z.object({
  year: z.string(),
  make: z.string(),
  model: z.string(),
  condition: z.string(),
});

export async function companyLeadDetail(
  db: Knex,
  companyId: number,
  leadId: number,
): Promise<ProLeadDetail | undefined> {
  const row = (await db({ cl: 'company_leads' })
    .join({ l: 'leads' }, 'l.id', 'cl.lead_id')
    .where({ 'cl.company_id': companyId, 'cl.lead_id': leadId })
    // Named columns, never l.*: the lead's own status (the staff's) must not meet the company's.
    .first(...LEAD_COLUMNS, ...DETAIL_COLUMNS, ...COMPANY_LEAD_COLUMNS)) as
    Record<string, unknown> | undefined;
  if (!row) return undefined;
  const consent = (await db('lead_consents').where({ lead_id: leadId }).first()) as
    Record<string, unknown> | undefined;
  const events = (await db({ e: 'company_lead_events' })
    .leftJoin({ u: 'mover_users' }, 'u.id', 'e.changed_by_user_id')
    .where('e.company_lead_id', row.cl_id as number)
    .orderBy('e.id')
    .select('e.from_status', 'e.to_status', 'e.note', 'e.changed_at', 'u.name')) as Array<
    Record<string, unknown>
  >;
  const named = consent ? parseStored(CompanyRefs, consent.named_companies, []) : [];
  return {
    lead: {
      ...toProLeadSummary(row),
      fromZip: nullableText(row.from_zip),
      fromState: nullableText(row.from_state),
      toZip: nullableText(row.to_zip),
      toState: nullableText(row.to_state),
      numberOfRooms: Number(row.number_of_rooms),
      needsAutoTransport: Boolean(row.needs_auto_transport),
      autoTransport: parseStored(AutoTransport.nullable(), row.auto_transport, null),
      note: nullableText(row.note),
    },
    consent: consent
      ? {
          version: String(consent.consent_version),
          text: String(consent.consent_text),
          consentedAt: isoTime(consent.consented_at),
          namedAs: named.find((c) => Number(c.id) === companyId)?.name ?? null,
          companiesNamed: named.length,
        }
      : null,
    history: events.map((e) => ({
      fromStatus: e.from_status as CompanyLeadStatus,
      toStatus: e.to_status as CompanyLeadStatus,
      note: nullableText(e.note),
      changedBy: nullableText(e.name),
      changedAt: epochIso(e.changed_at)!,
    })),
    deliveries: await leadDeliveries(db, leadId, companyId),
    quality: await leadQuality(db, qualitySource(row), 'mover'),
    return: await companyLeadReturn(db, Number(row.cl_id)),
  };
}
