/** Lead statuses (new, contacted, scheduled, quoted, converted, lost) and their history, for the admin area. */
import type { Knex } from 'knex';
import type { LeadStatus } from '@moveratlas/contracts';

export interface StatusChange {
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus;
  changedBy: string | null;
  note: string | null;
  changedAt: string;
}

/** The first history row (null → new), written in the transaction that stores the lead. */
export function firstStatusRow(leadId: number, at: string) {
  return {
    lead_id: leadId,
    from_status: null,
    to_status: 'new',
    changed_by: null,
    note: null,
    changed_at: at,
  };
}

/** Moves a lead to a status and records the change; a change to its current status records nothing. */
export async function changeLeadStatus(
  db: Knex,
  leadId: number,
  to: LeadStatus,
  by: { changedBy?: string; note?: string } = {},
): Promise<StatusChange | undefined> {
  return db.transaction(async (trx) => {
    const lead = (await trx('leads').where({ id: leadId }).first('status')) as
      { status: LeadStatus } | undefined;
    if (!lead || lead.status === to) return undefined;
    const change: StatusChange = {
      fromStatus: lead.status,
      toStatus: to,
      changedBy: by.changedBy ?? null,
      note: by.note?.slice(0, 500) ?? null,
      changedAt: new Date().toISOString(),
    };
    // Guarded by the status we read: of two admins changing the same lead at once, one wins, neither is lost.
    const updated = await trx('leads')
      .where({ id: leadId, status: lead.status })
      .update({ status: to, updated_at: trx.fn.now() });
    if (updated !== 1) return undefined;
    await trx('lead_status_history').insert({
      lead_id: leadId,
      from_status: change.fromStatus,
      to_status: change.toStatus,
      changed_by: change.changedBy,
      note: change.note,
      changed_at: change.changedAt,
    });
    return change;
  });
}

export async function leadStatusHistory(db: Knex, leadId: number): Promise<StatusChange[]> {
  const rows = (await db('lead_status_history').where({ lead_id: leadId }).orderBy('id')) as Array<{
    from_status: LeadStatus | null;
    to_status: LeadStatus;
    changed_by: string | null;
    note: string | null;
    changed_at: string;
  }>;
  return rows.map((r) => ({
    fromStatus: r.from_status,
    toStatus: r.to_status,
    changedBy: r.changed_by,
    note: r.note,
    changedAt: r.changed_at,
  }));
}
