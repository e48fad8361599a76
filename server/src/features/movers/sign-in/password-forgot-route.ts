/**
 * POST /api/pro/password/forgot: e-mails a single-use reset link (30 minutes) to an active account's
 * address. The answer is the same whether or not the address has an account, so it tells nobody who has
 * one. At most one link per address every two minutes (a form sent twice, or someone filling a mailbox);
 * the per-address rate limit in front of the route bounds the rest.
 */
import type { RequestHandler } from 'express';
import { proForgotPasswordSchema } from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { parseInput } from '../../../lib/validate';
import { sendMail } from '../../mail';
import { findMoverUserByEmail } from '../accounts';
import { createLinkToken, RESET_LINK_MINUTES } from '../link-tokens';

const ONE_LINK_PER_MS = 2 * 60_000;

export function proPasswordForgotRoute({ config, db, logger, jobs }: ProContext): RequestHandler {
  return async (req, res) => {
    const body: unknown = { email: '', ...(req.body as object | undefined) };
    const { email } = parseInput(proForgotPasswordSchema, body, 'body');
    const user = await findMoverUserByEmail(db, email);
    if (user && user.status === 'active') {
      const now = Date.now();
      const sent = await db.transaction(async (trx) => {
        const recent = (await trx('mover_tokens')
          .where({ email: user.email, purpose: 'password-reset' })
          .andWhere('created_at', '>', now - ONE_LINK_PER_MS)
          .first('id')) as { id: number } | undefined;
        if (recent) return false;
        const token = await createLinkToken(
          trx,
          {
            purpose: 'password-reset',
            email: user.email,
            userId: user.id,
            validMs: RESET_LINK_MINUTES * 60_000,
          },
          now,
        );
        await sendMail(
          trx,
          {
            to: user.email,
            template: 'mover-password-reset',
            data: {
              name: user.name,
              resetPath: `/pro/reset-password?token=${token}`,
              validMinutes: RESET_LINK_MINUTES,
            },
          },
          config,
        );
        return true;
      });
      if (sent) jobs?.kick();
      logger.info({ moverId: user.id, sent }, 'mover password reset asked');
    }
    res.status(202).json({ ok: true });
  };
}
