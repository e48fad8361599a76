/** GET /api/pro/companies: the companies the signed-in mover belongs to, with their role in each. */
import type { RequestHandler } from 'express';
import type { ProContext } from '../../../app-context';
import { companiesOf } from '../accounts';
import type { ProLocals } from '../pro-gate';

export function proCompaniesRoute({ db }: ProContext): RequestHandler {
  return async (_req, res) => {
    res.json({ companies: await companiesOf(db, (res.locals as ProLocals).mover.id) });
  };
}
