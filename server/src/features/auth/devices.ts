/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a successful login leaves
 * a random id in the browser, bound to that admin in the admin_devices table (only its SHA-256 is stored).
 * A later login that presents it for the same username is throttled on that device's own counter and never
 * by the username-wide or per-address ones (login-throttle.ts): failures from anywhere else cannot keep
 * the real admin out of a browser that has signed in before. A new id replaces the old at every login.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { hashSessionId } from './sessions';

/** A device unused for this long is forgotten (the cookie lasts as long; each login renews both). */
export const DEVICE_TTL_MS = 90 * 24 * 3_600_000;
/** The newest this many devices of an admin are kept, so a script that logs in again and again cannot grow the table. */
const MAX_DEVICES_PER_ADMIN = 20;

const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export interface KnownDevice {
  id: number;
  adminId: number;
}

/** The device a cookie names, if it was given to the admin of that username and is still remembered. */
export async function findDevice(
  db: Knex,
  token: string | undefined,
  username: string,
  now = Date.now(),
): Promise<KnownDevice | undefined> {
  if (!token || !WELL_FORMED.test(token)) return undefined;
  // The username is matched as the login matches it (MySQL without regard to case, SQLite with).
  const row = (await db('admin_devices as d')
    .join('admin_users as u', 'u.id', 'd.admin_id')
    .where('d.token_hash', hashSessionId(token))
    .andWhere('u.username', username)
    .andWhere('d.last_login_at', '>', now - DEVICE_TTL_MS)
    .first('d.id', 'd.admin_id')) as { id: number; admin_id: number } | undefined;
  return row && { id: Number(row.id), adminId: Number(row.admin_id) };
}

/**
 * After a successful login: a new device id for this browser, replacing the one it presented (when that was
 * this admin's), and the admin's forgotten or surplus devices deleted. Answers the id for the cookie.
 */
export async function issueDevice(
  db: Knex,
  adminId: number,
  previous: KnownDevice | undefined,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashSessionId(token);
  if (previous && previous.adminId === adminId) {
    await db('admin_devices')
      .where({ id: previous.id })
      .update({ token_hash: tokenHash, last_login_at: now });
  } else {
    await db('admin_devices').insert({
      token_hash: tokenHash,
      admin_id: adminId,
      created_at: now,
      last_login_at: now,
    });
  }
  await db('admin_devices')
    .where({ admin_id: adminId })
    .andWhere('last_login_at', '<=', now - DEVICE_TTL_MS)
    .delete();
  const surplus = (await db('admin_devices')
    .where({ admin_id: adminId })
    .orderBy([
      { column: 'last_login_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(MAX_DEVICES_PER_ADMIN)
    .limit(1000)
    .pluck('id')) as number[];
  if (surplus.length > 0) await db('admin_devices').whereIn('id', surplus).delete();
  return token;
}

/** Forgets every device of an admin (a password reset: whoever signed in with the old one is a stranger again). */
export function forgetDevices(db: Knex, adminId: number): Promise<number> {
  return db('admin_devices').where({ admin_id: adminId }).delete();
}
