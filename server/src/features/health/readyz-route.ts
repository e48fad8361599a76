/**
 * GET /readyz: whether a balancer should send this process traffic. 200 when the database answers, 503 with
 * the reason when it does not. The check a balancer should use (README, Operations): it answers within about a
 * second and a half whatever the database does, and costs at most one query a second (database-check.ts).
 *
 * A process that is refusing requests as busy stays ready and says so (`load: "shedding"`). Under the bench's
 * fleet load (bench/fleet.bench.ts) every process sheds at once; answering 503 then took every one out of the
 * balancer together and turned overload into an outage. Its own fast 503s with Retry-After already bound the
 * load it takes (decision 017).
 */
import type { RequestHandler } from 'express';
import type { DatabaseCheck } from './database-check';
import type { LoadLocals } from './server-load';

export function readyzRoute(check: DatabaseCheck): RequestHandler {
  return async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const database = await check.answers();
    if (database === undefined) {
      res.status(503).json({ status: 'unavailable', error: 'The database is not answering' });
      return;
    }
    const shedding = (req.app.locals as LoadLocals).loadShedder?.refusingNow() === true;
    res.json({ status: 'ready', database: 'ok', load: shedding ? 'shedding' : 'normal' });
  };
}
