/**
 * The passkey ceremonies' challenges, in the database so that whichever server process answers the verify
 * step finds the challenge another process gave out: kept by their SHA-256 for five minutes, used once
 * (taking one is a DELETE that succeeds for one request only), a registration's bound to its person.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export const CHALLENGE_MINUTES = 5;
export type ChallengePurpose = 'registration' | 'authentication';

const TABLE = 'mover_passkey_challenges';
const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

export async function saveChallenge(
  db: Knex,
  entry: { challenge: string; purpose: ChallengePurpose; userId?: number; userHandle?: string },
  now = Date.now(),
): Promise<void> {
  // Ended challenges go as new ones come: the table stays the size of the ceremonies under way.
  await db(TABLE).where('expires_at', '<', now).delete();
  await db(TABLE).insert({
    challenge_hash: hashOf(entry.challenge),
    purpose: entry.purpose,
    user_id: entry.userId ?? null,
    user_handle: entry.userHandle ?? null,
    created_at: now,
    expires_at: now + CHALLENGE_MINUTES * 60_000,
  });
}

export interface TakenChallenge {
  userId: number | null;
  userHandle: string | null;
}

/**
 * Uses up the challenge the browser signed (read from its clientDataJSON): undefined when it was never
 * given out for `purpose` (and, for a registration, to `userId`), has expired or was already used.
 */
export async function takeChallenge(
  db: Knex,
  challenge: string,
  purpose: ChallengePurpose,
  userId?: number,
  now = Date.now(),
): Promise<TakenChallenge | undefined> {
  const where = { challenge_hash: hashOf(challenge), purpose };
  const row = (await db(TABLE)
    .where(where)
    .andWhere('expires_at', '>', now)
    .first('id', 'user_id', 'user_handle')) as
    { id: number; user_id: number | null; user_handle: string | null } | undefined;
  if (!row) return undefined;
  if (userId !== undefined && Number(row.user_id) !== userId) return undefined;
  const deleted = await db(TABLE).where({ id: row.id }).delete();
  if (deleted !== 1) return undefined;
  return {
    userId: row.user_id === null ? null : Number(row.user_id),
    userHandle: row.user_handle,
  };
}

/** The challenge a browser's answer signed, from its clientDataJSON (base64url JSON); undefined if unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : undefined;
  } catch {
    return undefined;
  }
}
