/**
 * Cancels what has not gone out yet of a lead's deliveries to one company (the visitor withdrew): queued and
 * retrying rows become cancelled now, so the log says so at once; a job that is running reads the consent
 * again before its attempt and stops there. Delivered rows stay as they are: they happened.
 */
import type { Knex } from 'knex';

export async function cancelDeliveries(
  trx: Knex.Transaction,
  leadId: number,
  companyId: number,
  detail: string,
): Promise<number> {
  return trx('lead_deliveries')
    .where({ lead_id: leadId, company_id: companyId })
    .whereIn('status', ['queued', 'retrying'])
    .update({ status: 'cancelled', detail, updated_at: Date.now() });
}
