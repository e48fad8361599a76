/** GET /api/admin/settings/alert-emails: who is e-mailed when something starts failing. */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { alertEmails } from '../alert-emails';

export function alertEmailsRoute(db: Knex): RequestHandler {
  return async (_req, res) => {
    res.json(await alertEmails(db));
  };
}
