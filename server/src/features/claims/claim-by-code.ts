/**
 * The end of a claim by code: the right code and a good password make (or find) the mover's account, make it
 * the listing's owner, mark the listing claimed and sign the mover in. The code proves the claimant reads the
 * listing's mailbox, not that the address they typed is theirs: so an address that already has an account
 * needs that account's password (a wrong one spends one of the code's tries), and one waiting for an
 * invitation link is refused — a code never opens someone else's account.
 */
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import type { ClaimVerified, ClaimVerify } from '@moveratlas/contracts';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../audit';
import { hashPassword, passwordProblemOffThread, verifyPassword } from '../auth';
import { addCompanyUser, findOrCreateMoverUser, startMoverSession } from '../movers';
import type { ClaimsContext } from './context';
import { checkClaimCode, spendClaimCodeTry, useClaimCode } from './claim-codes';
import { ALREADY_CLAIMED, hasOwner, type ClaimTarget } from './claim-target';

interface MoverRow {
  id: number | string;
  password_hash: string | null;
  status: string;
}

export async function claimByCode(
  ctx: ClaimsContext,
  req: Request,
  res: Response,
  target: ClaimTarget,
  input: ClaimVerify,
  now: number,
): Promise<ClaimVerified> {
  const { db } = ctx;
  const code = await checkClaimCode(db, target, input.email, input.code, now);

  const existing = (await db('mover_users')
    .where({ email: input.email })
    .first('id', 'password_hash', 'status')) as MoverRow | undefined;
  let passwordHash: string | null = null;
  if (existing) {
    if (existing.status !== 'active')
      throw new HttpError(
        403,
        'The account with this e-mail address is suspended. Write to us to have it restored, or use another address.',
      );
    if (existing.password_hash === null)
      throw new HttpError(
        409,
        'An account with this e-mail address is waiting for its invitation to be accepted. Accept the invitation first, or claim with another address.',
      );
    if (!(await verifyPassword(existing.password_hash, input.password))) {
      await spendClaimCodeTry(db, code.id, now);
      throw new HttpError(
        400,
        'You already have an account with this e-mail address: enter its password (that counts as a try of the code), or claim with another address.',
      );
    }
  } else {
    const problem = await passwordProblemOffThread(input.password, input.email.split('@')[0]);
    if (problem) throw new HttpError(400, problem);
    // Outside the transaction: argon2 would hold SQLite's one connection for the hash's time.
    passwordHash = await hashPassword(input.password);
  }

  const userId = await db.transaction(async (trx: Knex.Transaction) => {
    if (!(await useClaimCode(trx, code.id, now)))
      throw new HttpError(
        400,
        'This code was used already or no longer works. Ask for a new one on the claim page.',
      );
    if (await hasOwner(trx, target.id)) throw new HttpError(409, ALREADY_CLAIMED);
    const user = await findOrCreateMoverUser(
      trx,
      { email: input.email, name: code.claimantName },
      now,
    );
    if (passwordHash !== null)
      await trx('mover_users')
        .where({ id: user.id })
        .whereNull('password_hash')
        .update({ password_hash: passwordHash, updated_at: now });
    // The listing's first owner: addCompanyUser sets companies.claimed_at.
    await addCompanyUser(trx, { companyId: target.id, userId: user.id, role: 'owner' }, now);
    await recordAudit(
      trx,
      { id: null, username: input.email, role: null, ip: req.ip ?? null, mover: { id: user.id } },
      {
        action: 'company.claim',
        entityType: 'company',
        entityId: target.id,
        companyId: target.id,
        summary: `${code.claimantName} claimed ${target.name} with a code sent to the listing’s address`,
        after: {
          owner: input.email,
          method: 'code sent to the listing’s e-mail address',
          new_account: user.created,
        },
      },
    );
    return user.id;
  });
  await startMoverSession(ctx, req, res, userId);
  return { ok: true, companyId: target.id, next: '/pro' };
}
