/**
 * GET /readyz: whether a balancer should send this process traffic. 200 when the database answers and the
 * process is not refusing requests as busy; 503 with the reason otherwise. The check a balancer should use
 * (README, Operations): it answers within about a second and a half whatever the database does, and costs at
 * most one query a second (database-check.ts).
 */
import type { RequestHandler } from 'express';
import type { DatabaseCheck } from './database-check';
import type { LoadLocals } from './server-load';

export function readyzRoute(check: DatabaseCheck): RequestHandler {
  return async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const shedder = (req.app.locals as LoadLocals).loadShedder;
    if (shedder?.refusingNow()) {
      res.status(503).json({
        status: 'overloaded',
        error: 'This server is refusing requests as busy; send them to another for now',
      });
      return;
    }
    const database = await check.answers();
    if (database === undefined) {
      res.status(503).json({ status: 'unavailable', error: 'The database is not answering' });
      return;
    }
    res.json({ status: 'ready', database: 'ok' });
  };
}
