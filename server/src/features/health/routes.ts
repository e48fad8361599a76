import { Router } from 'express';
import type { Knex } from 'knex';

/** GET /healthz: 200 when the database answers, 503 when it does not (load balancers take the process out). */
export function healthRoutes(db: Knex): Router {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    const started = performance.now();
    try {
      await db.raw('SELECT 1');
      res.set('Cache-Control', 'no-store');
      res.json({
        status: 'ok',
        database: 'ok',
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
      });
    } catch {
      res.set('Cache-Control', 'no-store');
      res.status(503).json({
        status: 'unavailable',
        database: 'unreachable',
        error: 'The database is unreachable',
      });
    }
  });
  return router;
}
