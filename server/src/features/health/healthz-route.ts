/**
 * GET /healthz: 200 when the database answers, 503 when it does not; with the process's load (event-loop
 * delay, requests in flight). `checked` says how the database was found answering: a query of the app's own
 * within the last second, or a `SELECT 1` on the check's own connection (database-check.ts).
 */
import type { RequestHandler } from 'express';
import type { DatabaseCheck } from './database-check';
import { serverLoad } from './server-load';

export function healthzRoute(check: DatabaseCheck): RequestHandler {
  return async (req, res) => {
    const started = performance.now();
    res.set('Cache-Control', 'no-store');
    const checked = await check.answers();
    if (checked === undefined) {
      res.status(503).json({
        status: 'unavailable',
        database: 'unreachable',
        error: 'The database is unreachable',
        server: serverLoad(req.app),
      });
      return;
    }
    res.json({
      status: 'ok',
      database: 'ok',
      checked,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      server: serverLoad(req.app),
    });
  };
}
