import { Router } from 'express';
import type { Knex } from 'knex';
import { serverLoad } from './server-load';

/** A query answered this recently, with no failure since, shows the database answers. */
export const RECENT_ANSWER_MS = 1000;

/**
 * Whether the database answered a query of this app recently. Under load every connection is busy with
 * page and API queries (SQLite has one): a `SELECT 1` of its own would wait behind all of them, and a busy
 * but healthy server would look dead to its load balancer. A failed query since sends /healthz to the
 * database itself, so an outage shows at once.
 */
class DatabaseEvidence {
  private lastAnswer = -Infinity;
  private lastFailure = -Infinity;

  constructor(db: Knex) {
    const failed = () => {
      this.lastFailure = performance.now();
    };
    db.on('query-response', () => {
      this.lastAnswer = performance.now();
    });
    db.on('query-error', failed);
    // A lost server fails before any query runs: opening or lending a connection (tarn's events).
    const pool = (db.client as { pool?: { on(event: string, listener: () => void): void } }).pool;
    pool?.on('createFail', failed);
    pool?.on('acquireFail', failed);
  }

  answeredRecently(): boolean {
    const now = performance.now();
    return now - this.lastAnswer < RECENT_ANSWER_MS && this.lastFailure < this.lastAnswer;
  }
}

/**
 * GET /healthz: 200 when the database answers, 503 when it does not (load balancers take the process out);
 * with the process's load (event-loop delay, requests in flight), which the load shedder never refuses.
 * `checked` says how the database was found answering: a query of the app's own within the last second, or
 * a `SELECT 1` of this request (taking `latencyMs`).
 */
export function healthRoutes(db: Knex): Router {
  const router = Router();
  const evidence = new DatabaseEvidence(db);
  router.get('/healthz', async (req, res) => {
    const started = performance.now();
    res.set('Cache-Control', 'no-store');
    try {
      const recent = evidence.answeredRecently();
      if (!recent) await db.raw('SELECT 1');
      res.json({
        status: 'ok',
        database: 'ok',
        checked: recent ? 'recent-query' : 'select-1',
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
        server: serverLoad(req.app),
      });
    } catch {
      res.status(503).json({
        status: 'unavailable',
        database: 'unreachable',
        error: 'The database is unreachable',
        server: serverLoad(req.app),
      });
    }
  });
  return router;
}
