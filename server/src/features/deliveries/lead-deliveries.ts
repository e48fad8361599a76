/** A lead's deliveries as its page lists them: to every mover (staff) or to one company (that mover). */
import type { Knex } from 'knex';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  type LeadDeliveryEntry,
} from '@moveratlas/contracts';
import { storedChoice } from '../../lib/stored-json';

export async function leadDeliveries(
  db: Knex,
  leadId: number,
  companyId?: number,
): Promise<LeadDeliveryEntry[]> {
  const query = db('lead_deliveries as d')
    .join('companies as c', 'c.id', 'd.company_id')
    .where('d.lead_id', leadId)
    .orderBy(['c.name', 'd.channel'])
    .select(
      'd.company_id',
      'c.name',
      'd.channel',
      'd.status',
      'd.attempts',
      'd.detail',
      'd.delivered_at',
    );
  if (companyId !== undefined) query.where('d.company_id', companyId);
  const rows = (await query) as Array<{
    company_id: number;
    name: string;
    channel: string;
    status: string;
    attempts: number | string;
    detail: string | null;
    delivered_at: number | string | null;
  }>;
  return rows.map((row) => ({
    companyId: Number(row.company_id),
    companyName: row.name,
    channel: storedChoice(DELIVERY_CHANNELS, row.channel, 'email'),
    status: storedChoice(DELIVERY_STATUSES, row.status, 'queued'),
    attempts: Number(row.attempts),
    detail: row.detail,
    deliveredAt:
      row.delivered_at === null ? null : new Date(Number(row.delivered_at)).toISOString(),
  }));
}
