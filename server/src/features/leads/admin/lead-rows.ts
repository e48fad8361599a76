/**
 * Reading lead rows for the admin screens: their timestamps as ISO 8601 UTC, the summary the lists show, and
 * where each lead's forwarding stands — the lead row says only pending or delivered, the outbox job says
 * whether it is retrying or has given up.
 */
import type { Knex } from 'knex';
import type { AdminLeadSummary, LeadDeliveryState, LeadStatus } from '@moveratlas/contracts';
import { LEAD_FORWARD_JOB } from '../outbox';
import { qualityFlags, qualitySource } from '../quality';

/**
 * A database timestamp as ISO 8601 UTC. Both engines hand TIMESTAMP columns back as 'YYYY-MM-DD HH:MM:SS'
 * in UTC (SQLite's CURRENT_TIMESTAMP; MySQL with dateStrings on a UTC session); the job tables keep epoch ms.
 */
export function isoTime(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)))
    return new Date(Number(value)).toISOString();
  const text = String(value ?? '');
  const plain = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(text);
  if (plain) return `${plain[1]}T${plain[2]}${(plain[3] ?? '.000').padEnd(4, '0').slice(0, 4)}Z`;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString();
}

export const isoTimeOrNull = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : isoTime(value);

/** The start of a UTC day, as the timestamp columns are compared: 'YYYY-MM-DD 00:00:00'. */
export const dayStart = (day: string): string => `${day} 00:00:00`;

/** The UTC day after `day` (both YYYY-MM-DD). */
export function nextDay(day: string, days = 1): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The payload of a lead's forwarding job, exactly as the intake enqueues it. */
export const forwardPayload = (leadId: number): string => JSON.stringify({ leadId });

export const SUMMARY_COLUMNS = [
  'id',
  'public_id',
  'created_at',
  'first_name',
  'last_name',
  'email',
  'phone',
  'from_location',
  'from_state',
  'to_location',
  'to_state',
  'move_size',
  'move_date',
  'site_id',
  'status',
  'delivery_status',
  // What qualityFlags reads, besides the phone.
  'quality',
  'repeat_of_lead_id',
] as const;

export type LeadSummaryRow = Record<(typeof SUMMARY_COLUMNS)[number], unknown>;

/** Job statuses of a forwarding that gave up: dead after its last attempt, or cancelled (failed) by hand. */
export const GAVE_UP_JOB_STATUSES = ['dead', 'failed', 'cancelled'] as const;

export interface ForwardJobState {
  id: number;
  status: string;
  attempts: number;
}

/** The lead's delivery as the admin sees it, from its row and its forwarding job. */
export function deliveryState(
  leadDeliveryStatus: unknown,
  job: ForwardJobState | undefined,
): LeadDeliveryState {
  if (leadDeliveryStatus === 'delivered' || job?.status === 'succeeded') return 'delivered';
  if (leadDeliveryStatus === 'dead' || job?.status === 'dead') return 'dead';
  if (job?.status === 'failed' || job?.status === 'cancelled') return 'failed';
  if (job && job.attempts > 0 && job.status === 'queued') return 'retrying';
  return 'pending';
}

/** The forwarding jobs of some leads, by lead id (the newest job if a lead ever had two). */
export async function forwardJobs(
  db: Knex,
  leadIds: readonly number[],
): Promise<Map<number, ForwardJobState & { row: Record<string, unknown> }>> {
  const jobs = new Map<number, ForwardJobState & { row: Record<string, unknown> }>();
  if (leadIds.length === 0) return jobs;
  const byPayload = new Map(leadIds.map((id) => [forwardPayload(id), id]));
  const rows = (await db('jobs')
    .where('type', LEAD_FORWARD_JOB)
    .whereIn('payload', [...byPayload.keys()])
    .orderBy('id')) as Array<Record<string, unknown>>;
  for (const row of rows) {
    const leadId = byPayload.get(String(row.payload));
    if (leadId === undefined) continue;
    jobs.set(leadId, {
      id: Number(row.id),
      status: String(row.status),
      attempts: Number(row.attempts),
      row,
    });
  }
  return jobs;
}

export function toLeadSummary(row: LeadSummaryRow, delivery: LeadDeliveryState): AdminLeadSummary {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const nullable = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return {
    id: Number(row.id),
    publicId: text(row.public_id),
    createdAt: isoTime(row.created_at),
    firstName: text(row.first_name),
    lastName: text(row.last_name),
    email: text(row.email),
    phone: text(row.phone),
    fromLocation: text(row.from_location),
    fromState: nullable(row.from_state),
    toLocation: text(row.to_location),
    toState: nullable(row.to_state),
    moveSize: nullable(row.move_size),
    moveDate: text(row.move_date),
    siteId: text(row.site_id),
    status: row.status as LeadStatus,
    delivery,
    qualityFlags: qualityFlags(qualitySource(row)),
  };
}

/** Summaries of lead rows, their delivery read from the outbox in one query. */
export async function leadSummaries(
  db: Knex,
  rows: readonly LeadSummaryRow[],
): Promise<AdminLeadSummary[]> {
  const jobs = await forwardJobs(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) =>
    toLeadSummary(row, deliveryState(row.delivery_status, jobs.get(Number(row.id)))),
  );
}
