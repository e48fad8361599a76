/** Lead rows as the mover's inbox shows them. */
import type { CompanyLeadStatus, ProLeadSummary } from '@moveratlas/contracts';
import { isoTime } from '../admin/lead-rows';
import { qualityFlags, qualitySource } from '../quality';

/** The columns of `leads` (as `l`) the inbox shows. */
export const LEAD_COLUMNS = [
  'l.id',
  'l.public_id',
  'l.first_name',
  'l.last_name',
  'l.email',
  'l.phone',
  'l.from_location',
  'l.from_city',
  'l.to_location',
  'l.to_city',
  // What qualityFlags reads, besides the phone.
  'l.quality',
  'l.repeat_of_lead_id',
] as const;

/** The columns of `company_leads` (as `cl`) the inbox shows, named apart from the lead's. */
export const COMPANY_LEAD_COLUMNS = [
  'cl.id as cl_id',
  'cl.status',
  'cl.received_at',
  'cl.move_on',
  'cl.move_size',
  'cl.status_changed_at',
  'cl.note',
  'cl.consent_withdrawn_at',
] as const;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
export const nullableText = (v: unknown) =>
  v === null || v === undefined || v === '' ? null : String(v);
export const epochIso = (v: unknown) =>
  v === null || v === undefined || v === '' ? null : new Date(Number(v)).toISOString();

export function toProLeadSummary(row: Record<string, unknown>): ProLeadSummary {
  return {
    id: Number(row.id),
    publicId: text(row.public_id),
    receivedAt: isoTime(row.received_at),
    firstName: text(row.first_name),
    lastName: text(row.last_name),
    email: text(row.email),
    phone: text(row.phone),
    fromLocation: text(row.from_location),
    fromCity: nullableText(row.from_city),
    toLocation: text(row.to_location),
    toCity: nullableText(row.to_city),
    moveDate: nullableText(row.move_on),
    moveSize: nullableText(row.move_size),
    status: row.status as CompanyLeadStatus,
    statusChangedAt: epochIso(row.status_changed_at),
    consentWithdrawnAt: epochIso(row.consent_withdrawn_at),
    qualityFlags: qualityFlags(qualitySource(row)),
  };
}

/** Orders text as both engines' ORDER BY does for these ASCII keys (dates, day stamps): NULL first. */
export function compareNullsFirst(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}
