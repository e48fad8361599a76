/**
 * GET /livez: the process answers. Nothing else is asked — not the database, not the load — so a supervisor
 * restarts a process only when it is truly stuck, never because the database or the traffic is.
 */
import type { RequestHandler } from 'express';

export function livezRoute(): RequestHandler {
  return (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ status: 'live', uptimeSeconds: Math.round(process.uptime()) });
  };
}
