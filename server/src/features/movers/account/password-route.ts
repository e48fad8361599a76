/**
 * POST /api/pro/account/password: the signed-in mover changes their password, giving the current one. Every
 * other session of the account ends (whoever held the old password is signed out); this one stays.
 */
import type { RequestHandler } from 'express';
import { proChangePasswordSchema } from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { hashPassword, passwordProblemOffThread, verifyPassword } from '../../auth';
import { recordAudit } from '../../audit';
import { endUserSessions } from '../mover-sessions';
import { proAuditActor, type ProLocals } from '../pro-gate';

export function proAccountPasswordRoute({ db }: ProContext): RequestHandler {
  return async (req, res) => {
    const { currentPassword, newPassword } = parseInput(proChangePasswordSchema, req.body, 'body');
    const { mover, moverSessionId } = res.locals as ProLocals;
    const row = (await db('mover_users').where({ id: mover.id }).first('password_hash')) as
      { password_hash: string | null } | undefined;
    if (!row?.password_hash || !(await verifyPassword(row.password_hash, currentPassword)))
      throw new HttpError(400, 'Your current password is not right');
    const problem = await passwordProblemOffThread(newPassword, mover.email.split('@')[0]);
    if (problem) throw new HttpError(400, problem);
    const hash = await hashPassword(newPassword);
    await db.transaction(async (trx) => {
      await trx('mover_users')
        .where({ id: mover.id })
        .update({ password_hash: hash, updated_at: Date.now() });
      await endUserSessions(trx, mover.id, moverSessionId);
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'mover.password.change',
        entityType: 'mover_user',
        entityId: mover.id,
        summary: `${mover.name} changed their password`,
        after: { password_hash: 'changed' },
      });
    });
    res.json({ ok: true });
  };
}
