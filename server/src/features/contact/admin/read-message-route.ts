/**
 * POST /api/admin/contact-messages/:id/read: the message screen sends it on opening a new message. A POST
 * (with the CSRF token) and not a side effect of the GET, so no link or prefetch can change a message.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { AdminContactMessageIdSchema } from '@moveratlas/contracts';
import { parseInput } from '../../../lib/validate';
import { adminOf } from './admin-of';
import { markRead, messageDetail } from './message-store';
import { auditedChange } from '../../audit';
import { statusOf } from './message-audit';

export function readMessageRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const id = parseInput(AdminContactMessageIdSchema, req.params.id, 'params');
    await auditedChange(db, req, res, async (trx, audit) => {
      const before = await statusOf(trx, id);
      await markRead(trx, id, adminOf(res).username);
      if (before === 'new')
        audit({
          action: 'contact_message.read',
          entityType: 'contact_message',
          entityId: id,
          summary: `Opened contact message ${id}`,
          before: { status: 'new' },
          after: { status: 'open' },
        });
    });
    res.json(await messageDetail(db, id));
  };
}
