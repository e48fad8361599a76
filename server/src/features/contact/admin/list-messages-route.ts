/** GET /api/admin/contact-messages: one page of the inbox, newest first, with the status pills' counts. */
import type { RequestHandler } from 'express';
import { AdminContactMessageListQuerySchema } from '@moveratlas/contracts';
import type { Knex } from 'knex';
import { parseInput } from '../../../lib/validate';
import { adminOf } from './admin-of';
import { listMessages } from './message-store';

export function listMessagesRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const query = parseInput(AdminContactMessageListQuerySchema, req.query, 'query');
    res.json(await listMessages(db, query, adminOf(res).id));
  };
}
