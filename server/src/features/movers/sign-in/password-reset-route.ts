/**
 * POST /api/pro/password/reset: a reset link's token and a new password. The link is used up (once only),
 * the password judged like every new password, every other session of the account ended, and this browser
 * signed in. A used or expired link is refused in plain words, with no hint whose it was.
 */
import type { RequestHandler } from 'express';
import {
  PRO_LINK_USED_OR_EXPIRED,
  proResetPasswordSchema,
  type ProLoginResponse,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { hashPassword, passwordProblemOffThread } from '../../auth';
import { peekLinkToken, useLinkToken } from '../link-tokens';
import { endUserSessions, startMoverSession } from '../mover-sessions';

export function proPasswordResetRoute(ctx: ProContext): RequestHandler {
  const { db, logger } = ctx;
  return async (req, res) => {
    const { token, password } = parseInput(proResetPasswordSchema, req.body, 'body');
    const link = await peekLinkToken(db, token, 'password-reset');
    if (!link?.user_id) throw new HttpError(400, PRO_LINK_USED_OR_EXPIRED);
    const problem = await passwordProblemOffThread(password, link.email.split('@')[0]);
    if (problem) throw new HttpError(400, problem);
    const hash = await hashPassword(password);
    const userId = await db.transaction(async (trx) => {
      const used = await useLinkToken(trx, token, 'password-reset');
      if (!used?.user_id) return undefined;
      const changed = await trx('mover_users')
        .where({ id: used.user_id, status: 'active' })
        .update({ password_hash: hash, updated_at: Date.now() });
      if (changed !== 1) return undefined;
      await endUserSessions(trx, used.user_id);
      return used.user_id;
    });
    if (userId === undefined) throw new HttpError(400, PRO_LINK_USED_OR_EXPIRED);
    await startMoverSession(ctx, req, res, userId);
    const user = (await db('mover_users').where({ id: userId }).first('id', 'email', 'name')) as {
      id: number;
      email: string;
      name: string;
    };
    logger.info({ moverId: userId }, 'mover password reset');
    const answer: ProLoginResponse = {
      ok: true,
      user: { id: Number(user.id), email: user.email, name: user.name },
    };
    res.json(answer);
  };
}
