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

export function assignMessageRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const id = parseInput(AdminContactMessageIdSchema, req.params.id, 'params');
    const { adminId } = parseInput(AdminContactMessageAssignRequestSchema, req.body ?? {}, 'body');
    await assignMessage(db, id, adminId, adminOf(res).username);
    res.json(await messageDetail(db, id));
  };
}
