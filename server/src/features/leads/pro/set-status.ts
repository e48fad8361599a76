/**
 * PATCH /api/pro/companies/:companyId/leads/:leadId/status: the company's own status of a lead, with a note.
 * The row, its history entry and the audit record are written in one transaction; the update is guarded by
 * the status read, so of two colleagues changing the same lead at once one wins and neither is lost.
 */
import type { Knex } from 'knex';
import {
  COMPANY_LEAD_STATUS_LABELS,
  type CompanyLeadStatus,
  type ProLeadStatusRequest,
} from '@moveratlas/contracts';
import { recordAudit, type AuditActor } from '../../audit';
import { withTransactionRetry } from '../../../db/dialect';
import { HttpError, notFound } from '../../../lib/http-error';

export const NO_SUCH_LEAD = 'No such lead';

export async function setCompanyLeadStatus(
  db: Knex,
  actor: { audit: AuditActor; userId: number },
  companyId: number,
  leadId: number,
  change: ProLeadStatusRequest,
  now = Date.now(),
): Promise<void> {
  await withTransactionRetry(db, async (trx) => {
    const row = (await trx({ cl: 'company_leads' })
      .join({ l: 'leads' }, 'l.id', 'cl.lead_id')
      .where({ 'cl.company_id': companyId, 'cl.lead_id': leadId })
      .first('cl.id', 'cl.status', 'cl.note', 'l.public_id')) as
      { id: number; status: CompanyLeadStatus; note: string | null; public_id: string } | undefined;
    if (!row) throw notFound(NO_SUCH_LEAD);
    const note = change.note ? change.note : null;
    // The same status without a note changes nothing and records nothing.
    if (row.status === change.status && note === null) return;
    const updated = await trx('company_leads')
      .where({ id: row.id, status: row.status })
      .update({
        status: change.status,
        ...(note !== null ? { note } : {}),
        status_changed_at: now,
        status_changed_by_user_id: actor.userId,
      });
    if (updated !== 1)
      throw new HttpError(
        409,
        'A colleague changed this lead a moment ago. Reload it and try again.',
      );
    await trx('company_lead_events').insert({
      company_lead_id: row.id,
      from_status: row.status,
      to_status: change.status,
      note,
      changed_by_user_id: actor.userId,
      changed_at: now,
    });
    const label = COMPANY_LEAD_STATUS_LABELS[change.status].toLowerCase();
    await recordAudit(trx, actor.audit, {
      action: 'company_lead.status',
      entityType: 'lead',
      entityId: leadId,
      summary:
        row.status === change.status
          ? `Added a note to lead ${row.public_id}`
          : `Marked lead ${row.public_id} as ${label}`,
      before: { status: row.status, note: row.note },
      after: { status: change.status, ...(note !== null ? { note } : {}) },
      companyId,
    });
  });
}
