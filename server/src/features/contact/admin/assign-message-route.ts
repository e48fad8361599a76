/** POST /api/admin/contact-messages/:id/assignee: { adminId } assigns the message, { adminId: null } frees it. */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import {
  AdminContactMessageAssignRequestSchema,
  AdminContactMessageIdSchema,
} from '@moveratlas/contracts';
import { parseInput } from '../../../lib/validate';
import { adminOf } from './admin-of';
import { assignMessage, messageDetail } from './message-store';
import { auditedChange } from '../../audit';
import { assigneeOf } from './message-audit';

export function assignMessageRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const id = parseInput(AdminContactMessageIdSchema, req.params.id, 'params');
    const { adminId } = parseInput(AdminContactMessageAssignRequestSchema, req.body ?? {}, 'body');
    await auditedChange(db, req, res, async (trx, audit) => {
      const before = await assigneeOf(trx, id);
      await assignMessage(trx, id, adminId, adminOf(res).username);
      const after = await assigneeOf(trx, id);
      if (before !== after)
        audit({
          action: 'contact_message.assign',
          entityType: 'contact_message',
          entityId: id,
          summary: after
            ? `Assigned contact message ${id} to ${after}`
            : `Took contact message ${id} off ${before ?? 'nobody'}`,
          before: { assignee: before },
          after: { assignee: after },
        });
    });
    res.json(await messageDetail(db, id));
  };
}
