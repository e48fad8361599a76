/** GET /api/admin/mail/:id: one message, with its text body and how its sending went. */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { AdminMailIdSchema } from '@moveratlas/contracts';
import { parseInput } from '../../../lib/validate';
import { mailDetail } from '../mail-store';

export function mailRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const id = parseInput(AdminMailIdSchema, req.params.id, 'params');
    res.json(await mailDetail(db, id));
  };
}
