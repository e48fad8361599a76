/**
 * The answers of the static file routes (/assets, /widget) when there is no file to send: JSON `{ "error" }`
 * like every other refusal of this server, never serve-static's bare status with an empty body.
 */
import type { RequestHandler } from 'express';

/** Files are only read: any other method is refused with the methods that work. */
export const readOnlyFiles: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  res
    .status(405)
    .set({ Allow: 'GET, HEAD', 'Cache-Control': 'no-store' })
    .type('json')
    .json({ error: `Files here can only be downloaded (GET), not changed with ${req.method}` });
};

export const fileNotFound: RequestHandler = (_req, res) => {
  res
    .status(404)
    .set('Cache-Control', 'no-store')
    .type('json')
    .json({ error: 'There is no such file' });
};
