/** GET /api/admin/contact-messages/:id: the message, its trail and who it can be assigned to. */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { AdminContactMessageIdSchema } from '@moveratlas/contracts';
import { parseInput } from '../../../lib/validate';
import { messageDetail } from './message-store';

export function messageRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const id = parseInput(AdminContactMessageIdSchema, req.params.id, 'params');
    res.json(await messageDetail(db, id));
  };
}
