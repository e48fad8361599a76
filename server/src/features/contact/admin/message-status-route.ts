/** POST /api/admin/contact-messages/:id/status: new, open, replied or closed; the trail records who and when. */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import {
  AdminContactMessageIdSchema,
  AdminContactMessageStatusRequestSchema,
} from '@moveratlas/contracts';
import { parseInput } from '../../../lib/validate';
import { adminOf } from './admin-of';
import { messageDetail, setStatus } from './message-store';
import { auditedChange } from '../../audit';
import { statusOf } from './message-audit';

export function messageStatusRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const id = parseInput(AdminContactMessageIdSchema, req.params.id, 'params');
    const { status } = parseInput(AdminContactMessageStatusRequestSchema, req.body ?? {}, 'body');
    await auditedChange(db, req, res, async (trx, audit) => {
      const before = await statusOf(trx, id);
      await setStatus(trx, id, status, adminOf(res).username);
      if (before !== status)
        audit({
          action: 'contact_message.status',
          entityType: 'contact_message',
          entityId: id,
          summary: `Set contact message ${id} to ${status}`,
          before: { status: before ?? null },
          after: { status },
        });
    });
    res.json(await messageDetail(db, id));
  };
}
