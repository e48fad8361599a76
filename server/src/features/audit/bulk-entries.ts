/**
 * A bulk action's audit trail: one entry per row it changed, written in the bulk action's own transaction,
 * so a bulk change reads in the log exactly as the same changes made one by one would (issue 16).
 */
import type { Knex } from 'knex';
import { changedFields, recordAudit, type AuditActor, type AuditFields } from './audit-store';

export interface BulkAuditRow {
  id: number;
  outcome: string;
  before?: unknown;
  after?: unknown;
}

export async function recordBulkAudit(
  trx: Knex.Transaction,
  actor: AuditActor | undefined,
  rows: readonly BulkAuditRow[],
  how: {
    action: string;
    entityType: string;
    summary: (row: BulkAuditRow) => string;
    /** Fields that say why (staff's reason), added to each entry's after. */
    note?: AuditFields;
  },
): Promise<void> {
  if (!actor) return;
  const entries = rows
    .filter((row) => row.outcome === 'done')
    .map((row) => {
      const before = (row.before ?? null) as AuditFields | null;
      const after = (row.after ?? null) as AuditFields | null;
      // A delete keeps the whole record; a change only what moved.
      const changed = before && after ? changedFields(before, after) : null;
      return {
        action: how.action,
        entityType: how.entityType,
        entityId: row.id,
        summary: how.summary(row),
        before: changed ? changed.before : before,
        after: how.note
          ? { ...(changed ? changed.after : after), ...how.note }
          : changed
            ? changed.after
            : after,
      };
    });
  await recordAudit(trx, actor, entries);
}
