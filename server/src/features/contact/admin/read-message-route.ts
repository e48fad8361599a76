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

export function readMessageRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const id = parseInput(AdminContactMessageIdSchema, req.params.id, 'params');
    await markRead(db, id, adminOf(res).username);
    res.json(await messageDetail(db, id));
  };
}
