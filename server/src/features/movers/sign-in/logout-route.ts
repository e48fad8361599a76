/** POST /api/pro/logout: ends the mover's session here (a write: its CSRF token must come with it). */
import type { RequestHandler } from 'express';
import { CSRF_HEADER } from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { HttpError } from '../../../lib/http-error';
import { tokensMatch } from '../../auth';
import { endMoverSession, findMoverSession } from '../mover-sessions';

export function proLogoutRoute({ config, db }: ProContext): RequestHandler {
  return async (req, res) => {
    const session = await findMoverSession(db, config, req);
    const token = req.get(CSRF_HEADER);
    if (session && !(token && tokensMatch(token, session.csrfToken)))
      throw new HttpError(403, 'Missing or invalid CSRF token');
    await endMoverSession(config, db, req, res);
    res.json({ ok: true });
  };
}
