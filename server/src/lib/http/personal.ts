import type { IncomingMessage } from 'node:http';

/**
 * Whether a request may be personal (a signed-in person's cookies, an Authorization header): never answered
 * from or into a shared cache, and read from the primary database, so that people see their own edits at once.
 */
export const isPersonal = (req: Pick<IncomingMessage, 'headers'>): boolean =>
  Boolean(req.headers.cookie || req.headers.authorization);
