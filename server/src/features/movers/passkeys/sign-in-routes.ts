/**
 * Signing in with a passkey, without a session (added to the movers' sign-in router):
 * POST /passkeys/login/options  { email? }: the ceremony's options. Without an e-mail address the browser
 *   offers the passkeys it holds for this site (discoverable credentials); with one, that account's passkeys
 *   are named, and an address without any gets options like any other, so the answer tells nobody who has
 *   an account.
 * POST /passkeys/login/verify   { response }: the signed challenge, checked against the stored public key;
 *   the challenge is used up whatever the outcome. Throttled like the password sign-in (the admin's throttle
 *   on counters of its own, "pro-passkey:") and rate limited per address. A suspended account is refused
 *   after its passkey was right, as after a right password.
 */
import { createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_NOT_VERIFIED,
  PASSKEY_UNKNOWN,
  passkeyLoginOptionsSchema,
  passkeyLoginVerifySchema,
  type ProLoginResponse,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { HttpError } from '../../../lib/http-error';
import { perIpRateLimit } from '../../../lib/rate-limit';
import { parseInput } from '../../../lib/validate';
import { LoginThrottle } from '../../auth';
import { findMoverUserByEmail } from '../accounts';
import { startMoverSession } from '../mover-sessions';
import { challengeOf, saveChallenge, takeChallenge } from './challenges';
import {
  findPasskeyByCredentialId,
  passkeysOf,
  recordPasskeyUse,
  transportsOf,
} from './passkey-store';
import { relyingParty } from './relying-party';

export const PASSKEY_THROTTLE_PREFIX = 'pro-passkey:';
/** Ceremonies one address may start and finish per 10 minutes (options and verify count one each). */
const PASSKEY_REQUESTS_PER_WINDOW = 60;

export function proPasskeySignInRoutes(ctx: ProContext): Router {
  const { config, db, logger } = ctx;
  const router = Router();
  const throttle = new LoginThrottle(db, config.adminAuth);
  const limit: RequestHandler = perIpRateLimit(
    db,
    'pro-passkey',
    'passkey sign-in attempts',
    PASSKEY_REQUESTS_PER_WINDOW,
    600_000,
  );

  router.post('/passkeys/login/options', limit, async (req, res) => {
    const { email } = parseInput(passkeyLoginOptionsSchema, req.body ?? {}, 'body');
    const rp = relyingParty(config, req);
    const user = email === undefined ? undefined : await findMoverUserByEmail(db, email);
    const own = user && user.status === 'active' ? await passkeysOf(db, user.id) : [];
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'preferred',
      ...(own.length > 0
        ? {
            allowCredentials: own.map((row) => ({
              id: row.credential_id,
              transports: transportsOf(row),
            })),
          }
        : {}),
    });
    await saveChallenge(db, { challenge: options.challenge, purpose: 'authentication' });
    res.json(options);
  });

  router.post('/passkeys/login/verify', limit, async (req, res) => {
    const { response } = parseInput(passkeyLoginVerifySchema, req.body, 'body');
    const rp = relyingParty(config, req);
    const passkey = await findPasskeyByCredentialId(db, response.id);
    const owner = passkey
      ? ((await db('mover_users')
          .where({ id: passkey.user_id })
          .first('id', 'email', 'name', 'status')) as
          { id: number; email: string; name: string; status: string } | undefined)
      : undefined;
    // The account's counters when the passkey is known, the credential's own otherwise.
    const account =
      owner?.email ?? `credential:${createHash('sha256').update(response.id).digest('hex')}`;
    const attempt = await throttle.beginAccount(PASSKEY_THROTTLE_PREFIX, account, req.ip);
    const challenge = challengeOf(response.response.clientDataJSON);
    const taken = challenge ? await takeChallenge(db, challenge, 'authentication') : undefined;
    if (!challenge || !taken) throw new HttpError(400, PASSKEY_CHALLENGE_EXPIRED);
    if (!passkey || !owner) {
      logger.warn({ ip: req.ip }, 'passkey sign-in with an unknown passkey');
      throw new HttpError(401, PASSKEY_UNKNOWN);
    }
    // A discoverable passkey names its person: it must be the one the passkey was registered for.
    if (
      response.response.userHandle !== undefined &&
      response.response.userHandle !== passkey.user_handle
    )
      throw new HttpError(401, PASSKEY_UNKNOWN);
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification: false,
      });
    } catch (error) {
      logger.warn({ moverId: owner.id, ip: req.ip, err: error }, 'passkey sign-in refused');
      throw new HttpError(401, PASSKEY_NOT_VERIFIED);
    }
    if (!verification.verified) throw new HttpError(401, PASSKEY_NOT_VERIFIED);
    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    if (
      !(await recordPasskeyUse(db, passkey, { counter: newCounter, backedUp: credentialBackedUp }))
    )
      throw new HttpError(401, PASSKEY_NOT_VERIFIED);
    await attempt.succeeded();
    if (owner.status !== 'active')
      throw new HttpError(
        403,
        'This account is suspended. Please contact us if you think this is a mistake.',
      );
    await startMoverSession(ctx, req, res, Number(owner.id));
    logger.info(
      { moverId: owner.id, passkeyId: passkey.id, ip: req.ip },
      'mover signed in with a passkey',
    );
    const answer: ProLoginResponse = {
      ok: true,
      user: { id: Number(owner.id), email: owner.email, name: owner.name },
    };
    res.json(answer);
  });

  return router;
}
