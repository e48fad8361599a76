/** GET /api/admin/mail: one page of outgoing mail, newest first, searched by recipient and status. */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { AdminMailListQuerySchema } from '@moveratlas/contracts';
import { parseInput } from '../../../lib/validate';
import { listMail } from '../mail-store';

export function listMailRoute(db: Knex, smtp: boolean): RequestHandler {
  return async (req, res) => {
    const query = parseInput(AdminMailListQuerySchema, req.query, 'query');
    res.json(await listMail(db, query, smtp ? 'smtp' : 'kept'));
  };
}
