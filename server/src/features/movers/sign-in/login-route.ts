/**
 * POST /api/pro/login: a mover signs in with e-mail and password. The same 401 for an unknown address and a
 * wrong password, after the same argon2 work; the admin's throttle on counters of its own ("pro:" keys). A
 * suspended account is told so only after its password was right, so the answer reveals nothing to others.
 */
import type { RequestHandler } from 'express';
import {
  PRO_INVALID_CREDENTIALS,
  proLoginRequestSchema,
  type ProLoginResponse,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { hashPassword, LoginThrottle, needsRehash, verifyPassword } from '../../auth';
import { findMoverUserByEmail } from '../accounts';
import { startMoverSession } from '../mover-sessions';

let dummyHash: Promise<string> | undefined;
/** A hash of nothing anyone knows, verified against when the address is unknown, to spend the same time. */
const hashForUnknownUsers = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

export const PRO_THROTTLE_PREFIX = 'pro:';

export function proLoginRoute(ctx: ProContext): RequestHandler {
  const { config, db, logger } = ctx;
  const throttle = new LoginThrottle(db, config.adminAuth);
  return async (req, res) => {
    const body: unknown = { email: '', password: '', ...(req.body as object | undefined) };
    const { email, password } = parseInput(proLoginRequestSchema, body, 'body');
    const attempt = await throttle.beginAccount(PRO_THROTTLE_PREFIX, email, req.ip);
    const user = await findMoverUserByEmail(db, email);
    const valid = await verifyPassword(
      user?.password_hash ?? (await hashForUnknownUsers()),
      password,
    );
    if (!user || !user.password_hash || !valid) {
      logger.warn({ email, ip: req.ip }, 'mover sign-in failed');
      throw new HttpError(401, PRO_INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    if (user.status !== 'active')
      throw new HttpError(
        403,
        'This account is suspended. Please contact us if you think this is a mistake.',
      );
    if (needsRehash(user.password_hash))
      await db('mover_users')
        .where({ id: user.id })
        .update({ password_hash: await hashPassword(password), updated_at: Date.now() });
    await startMoverSession(ctx, req, res, user.id);
    logger.info({ moverId: user.id, ip: req.ip }, 'mover signed in');
    const answer: ProLoginResponse = {
      ok: true,
      user: { id: user.id, email: user.email, name: user.name },
    };
    res.json(answer);
  };
}
