/** GET /api/admin/alerts: what is failing now, for the banner across every admin page and the dashboard. */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { AdminAlerts } from '@moveratlas/contracts';
import { currentProblems, toAdminAlert } from '../problems';

export function alertsRoute(db: Knex): RequestHandler {
  return async (_req, res) => {
    const now = Date.now();
    const answer: AdminAlerts = {
      alerts: (await currentProblems(db, now)).map(toAdminAlert),
      checkedAt: new Date(now).toISOString(),
    };
    res.json(answer);
  };
}
