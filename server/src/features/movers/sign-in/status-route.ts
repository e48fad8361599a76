/** GET /api/pro/auth/status: who is signed in at /pro, and their companies (the /pro screens' guard). */
import type { RequestHandler } from 'express';
import type { ProAuthStatus } from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { companiesOf } from '../accounts';
import { clearProCookies, findMoverSession, readProSessionCookie } from '../mover-sessions';

export function proStatusRoute({ config, db }: ProContext): RequestHandler {
  return async (req, res) => {
    const session = await findMoverSession(db, config, req);
    if (!session && readProSessionCookie(config, req) !== undefined)
      clearProCookies(config, req, res);
    const status: ProAuthStatus = session
      ? {
          isAuthenticated: true,
          user: session.user,
          companies: await companiesOf(db, session.user.id),
        }
      : { isAuthenticated: false };
    res.json(status);
  };
}
