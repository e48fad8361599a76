/** The movers' passkeys (mover_passkeys): one row per credential, found by the SHA-256 of its id. */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { ProPasskey } from '@moveratlas/contracts';

type Db = Knex | Knex.Transaction;
const TABLE = 'mover_passkeys';

export const credentialHash = (credentialId: string) =>
  createHash('sha256').update(credentialId).digest('hex');

export interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  user_handle: string;
  backed_up: boolean;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

const COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'counter',
  'transports',
  'user_handle',
  'backed_up',
  'name',
  'created_at',
  'last_used_at',
] as const;

/** Both engines' numbers as numbers (MariaDB's BIGINT arrives as a string, its booleans as 0/1). */
function normalised(row: Record<string, unknown>): PasskeyRow {
  return {
    ...(row as unknown as PasskeyRow),
    id: Number(row.id),
    user_id: Number(row.user_id),
    counter: Number(row.counter),
    backed_up: Boolean(Number(row.backed_up)),
    created_at: Number(row.created_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

export const transportsOf = (row: Pick<PasskeyRow, 'transports'>) =>
  row.transports === '' ? [] : row.transports.split(',');

export async function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  const rows = (await db(TABLE)
    .where({ user_id: userId })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .select(COLUMNS)) as Array<Record<string, unknown>>;
  return rows.map(normalised);
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const row = (await db(TABLE)
    .where({ credential_hash: credentialHash(credentialId) })
    .first(COLUMNS)) as Record<string, unknown> | undefined;
  // The hash found it; the id itself must match too (exactly: base64url is case-sensitive).
  return row && row.credential_id === credentialId ? normalised(row) : undefined;
}

export async function findOwnPasskey(
  db: Db,
  userId: number,
  id: number,
): Promise<PasskeyRow | undefined> {
  const row = (await db(TABLE).where({ id, user_id: userId }).first(COLUMNS)) as
    Record<string, unknown> | undefined;
  return row && normalised(row);
}

export async function insertPasskey(
  db: Db,
  passkey: {
    userId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    userHandle: string;
    backedUp: boolean;
    name: string;
  },
  now = Date.now(),
): Promise<number> {
  const [id] = (await db(TABLE).insert({
    user_id: passkey.userId,
    credential_hash: credentialHash(passkey.credentialId),
    credential_id: passkey.credentialId,
    public_key: passkey.publicKey,
    counter: passkey.counter,
    transports: passkey.transports.join(',').slice(0, 255),
    user_handle: passkey.userHandle,
    backed_up: passkey.backedUp,
    name: passkey.name,
    created_at: now,
  })) as number[];
  return Number(id);
}

/**
 * Records a use: the authenticator's new signature counter, only if it still reads what this sign-in saw
 * (two sign-ins racing with one counter value: one of them is the clone). False when it changed meanwhile.
 */
export async function recordPasskeyUse(
  db: Db,
  row: PasskeyRow,
  use: { counter: number; backedUp: boolean },
  now = Date.now(),
): Promise<boolean> {
  const changed = await db(TABLE)
    .where({ id: row.id, counter: row.counter })
    .update({ counter: use.counter, backed_up: use.backedUp, last_used_at: now });
  return changed === 1;
}

export function toProPasskey(row: PasskeyRow): ProPasskey {
  return {
    id: row.id,
    name: row.name,
    backedUp: row.backed_up,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}
