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

export function messageStatusRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const id = parseInput(AdminContactMessageIdSchema, req.params.id, 'params');
    const { status } = parseInput(AdminContactMessageStatusRequestSchema, req.body ?? {}, 'body');
    await setStatus(db, id, status, adminOf(res).username);
    res.json(await messageDetail(db, id));
  };
}
