/**
 * The signed-in mover's own passkeys, behind the pro gate (a session; CSRF on every write):
 * GET    /account/passkeys                        the list
 * POST   /account/passkeys/registration/options   a registration ceremony's options (its challenge kept)
 * POST   /account/passkeys/registration/verify    { response, name }: the new passkey, checked and kept
 * PATCH  /account/passkeys/:id                    { name }: renamed
 * DELETE /account/passkeys/:id                    removed
 * Another person's passkey answers 404, as one that does not exist. Every change is in the audit log.
 */
import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_NOT_VERIFIED,
  passkeyRegistrationVerifySchema,
  passkeyRenameSchema,
  type ProPasskey,
  type ProPasskeyList,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { recordAudit } from '../../audit';
import { proAuditActor, type ProLocals } from '../pro-gate';
import { challengeOf, saveChallenge, takeChallenge } from './challenges';
import {
  findOwnPasskey,
  insertPasskey,
  passkeysOf,
  toProPasskey,
  transportsOf,
} from './passkey-store';
import { relyingParty } from './relying-party';
import { isUniqueViolation } from '../../../db/dialect';

/** Enough for every device a person has; a bound on the rows one account can make. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;
const NO_SUCH_PASSKEY = 'No such passkey';

const passkeyId = (raw: string | undefined) => {
  const id = /^[1-9]\d{0,9}$/.test(raw ?? '') ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new HttpError(404, NO_SUCH_PASSKEY);
  return id;
};

export function proPasskeyAccountRoutes(ctx: ProContext): Router {
  const { config, db, logger } = ctx;
  const router = Router();

  router.get('/account/passkeys', async (_req, res) => {
    const { mover } = res.locals as ProLocals;
    const answer: ProPasskeyList = { passkeys: (await passkeysOf(db, mover.id)).map(toProPasskey) };
    res.json(answer);
  });

  router.post('/account/passkeys/registration/options', async (req, res) => {
    const { mover } = res.locals as ProLocals;
    const rp = relyingParty(config, req);
    const existing = await passkeysOf(db, mover.id);
    if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT)
      throw new HttpError(
        400,
        `You have ${MAX_PASSKEYS_PER_ACCOUNT} passkeys, the most an account can have. Remove one you no longer use first.`,
      );
    // One user handle for all of a person's passkeys: an authenticator then keeps one entry for them here.
    const userHandle = existing[0]?.user_handle ?? randomBytes(32).toString('base64url');
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: mover.email,
      userDisplayName: mover.name,
      userID: Buffer.from(userHandle, 'base64url'),
      attestationType: 'none',
      // The same authenticator twice is refused by the browser itself.
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: transportsOf(row),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await saveChallenge(db, {
      challenge: options.challenge,
      purpose: 'registration',
      userId: mover.id,
      userHandle,
    });
    res.json(options);
  });

  router.post('/account/passkeys/registration/verify', async (req, res) => {
    const { response, name } = parseInput(passkeyRegistrationVerifySchema, req.body, 'body');
    const { mover } = res.locals as ProLocals;
    const rp = relyingParty(config, req);
    const challenge = challengeOf(response.response.clientDataJSON);
    const taken = challenge
      ? await takeChallenge(db, challenge, 'registration', mover.id)
      : undefined;
    const userHandle = taken?.userHandle;
    if (!challenge || !userHandle) throw new HttpError(400, PASSKEY_CHALLENGE_EXPIRED);
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch (error) {
      logger.info({ moverId: mover.id, err: error }, 'passkey registration refused');
      throw new HttpError(400, PASSKEY_NOT_VERIFIED);
    }
    if (!verification.verified) throw new HttpError(400, PASSKEY_NOT_VERIFIED);
    const info = verification.registrationInfo;
    const passkey = await db.transaction(async (trx) => {
      const count = await trx('mover_passkeys').where({ user_id: mover.id }).count({ n: '*' });
      if (Number(count[0]?.n ?? 0) >= MAX_PASSKEYS_PER_ACCOUNT)
        throw new HttpError(
          400,
          `You have ${MAX_PASSKEYS_PER_ACCOUNT} passkeys, the most an account can have. Remove one you no longer use first.`,
        );
      const now = Date.now();
      let id: number;
      try {
        id = await insertPasskey(
          trx,
          {
            userId: mover.id,
            credentialId: info.credential.id,
            publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
            counter: info.credential.counter,
            transports: info.credential.transports ?? response.response.transports ?? [],
            userHandle,
            backedUp: info.credentialBackedUp,
            name,
          },
          now,
        );
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, 'This passkey is already registered.');
        throw error;
      }
      const created: ProPasskey = {
        id,
        name,
        backedUp: info.credentialBackedUp,
        createdAt: now,
        lastUsedAt: null,
      };
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'mover.passkey.add',
        entityType: 'mover_passkey',
        entityId: id,
        summary: `${mover.name} added the passkey "${name}"`,
        after: { name, backedUp: info.credentialBackedUp },
      });
      return created;
    });
    logger.info({ moverId: mover.id, passkeyId: passkey.id }, 'mover added a passkey');
    res.status(201).json(passkey);
  });

  router.patch('/account/passkeys/:id', async (req, res) => {
    const id = passkeyId(req.params.id);
    const { name } = parseInput(passkeyRenameSchema, req.body, 'body');
    const { mover } = res.locals as ProLocals;
    const renamed = await db.transaction(async (trx) => {
      const row = await findOwnPasskey(trx, mover.id, id);
      if (!row) throw new HttpError(404, NO_SUCH_PASSKEY);
      if (row.name !== name) {
        await trx('mover_passkeys').where({ id, user_id: mover.id }).update({ name });
        await recordAudit(trx, proAuditActor(req, res), {
          action: 'mover.passkey.rename',
          entityType: 'mover_passkey',
          entityId: id,
          summary: `${mover.name} renamed the passkey "${row.name}" to "${name}"`,
          before: { name: row.name },
          after: { name },
        });
      }
      return toProPasskey({ ...row, name });
    });
    res.json(renamed);
  });

  router.delete('/account/passkeys/:id', async (req, res) => {
    const id = passkeyId(req.params.id);
    const { mover } = res.locals as ProLocals;
    await db.transaction(async (trx) => {
      const row = await findOwnPasskey(trx, mover.id, id);
      if (!row) throw new HttpError(404, NO_SUCH_PASSKEY);
      await trx('mover_passkeys').where({ id, user_id: mover.id }).delete();
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'mover.passkey.remove',
        entityType: 'mover_passkey',
        entityId: id,
        summary: `${mover.name} removed the passkey "${row.name}"`,
        before: { name: row.name, backedUp: row.backed_up },
      });
    });
    logger.info({ moverId: mover.id, passkeyId: id }, 'mover removed a passkey');
    res.json({ ok: true });
  });

  return router;
}
