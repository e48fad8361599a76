/**
 * The failed-login throttle, with counters in the login_throttle table so every server process shares them.
 * Past a few free failures each one locks its key for a delay that doubles (1 s, 2 s, 4 s, …) up to a cap.
 *
 * Which counters a login meets depends on who is asking (OWASP's device-cookie pattern, devices.ts):
 * - A browser presenting a device cookie of that username (it signed in before) meets only its own
 *   counter, `device:<id>`. Nobody else's failures can slow it: the real admin always gets in from there.
 * - Any other client meets three: `ip:<address>` (every username it tries), `pair:<username>|<address>`
 *   (that username from that address) and `user:<username>` (that username from all such clients
 *   together). A failure adds to the username-wide count only while its pair is within its free attempts,
 *   so one address can never lock a username for the others: that takes failures from several addresses.
 *
 * The attempt is counted before the password is checked, with a compare-and-swap on the row, so a burst of
 * parallel guesses cannot slip in between a read and a write: at one counter value only one attempt goes on.
 * Attempts refused with 429 are not checked and not counted. A success clears the device's or the pair's
 * counter and takes its own attempt back from the shared ones.
 */
import type { Knex } from 'knex';
import { ipKeyGenerator } from 'express-rate-limit';
import { isUniqueViolation } from '../../db/dialect';
import { HttpError } from '../../lib/http-error';
import { findDevice, type KnownDevice } from './devices';

export interface ThrottleLimits {
  /** Failures of one username from one address, or from one device, before delays start. */
  freeAttemptsPerClient: number;
  /** Failures from one address, whatever usernames it tries. */
  freeAttemptsPerIp: number;
  /** Failures of one username from all clients without its device cookie together. */
  freeAttemptsNewDevices: number;
  maxDelayMs: number;
}

interface ThrottleRow {
  failures: number;
  locked_until: number;
  updated_at: number;
}

/** One counter an attempt meets. */
export interface ThrottleKey {
  key: string;
  free: number;
  /** What a success does to it: clear it (the client's own) or take this attempt back (a shared one). */
  onSuccess: 'clear' | 'take-back';
  /** Given the counts so far, whether this attempt adds to this key too (else its lock is only checked). */
  countIf?: (counted: Claim[]) => boolean;
}

export interface Claim {
  key: ThrottleKey;
  failures: number;
  /** The lock this attempt set (0 when none), so a success can lift exactly it. */
  lockedUntil: number;
}

export interface Attempt {
  /** The attempt was right: it is no failure after all. */
  succeeded(): Promise<void>;
}

export interface LoginAttempt extends Attempt {
  /** The device cookie's device, when the login presented a valid one for its username. */
  device: KnownDevice | undefined;
}

const BASE_DELAY_MS = 1000;
/** A counter with no failure for this long starts again from zero. */
const forgetAfterMs = (limits: ThrottleLimits) => Math.max(3_600_000, limits.maxDelayMs * 4);

const keyPart = (value: string) => value.slice(0, 90);
const usernamePart = (username: string) => keyPart(username.trim().toLowerCase());
/** IPv6 clients by their /56 network: one subscriber commonly has all of it, so each address is no new client. */
const addressPart = (ip: string | undefined) => keyPart(ip ? ipKeyGenerator(ip, 56) : 'unknown');

export const userKey = (username: string) => `user:${usernamePart(username)}`;
export const ipKey = (ip: string | undefined) => `ip:${addressPart(ip)}`;
export const pairKey = (username: string, ip: string | undefined) =>
  `pair:${usernamePart(username)}|${addressPart(ip)}`;
export const deviceKey = (deviceId: number) => `device:${deviceId}`;
export const passwordChangeKey = (adminId: number) => `password-change:${adminId}`;

/** The lock after the n-th failure past the free ones (n ≥ 1). */
export function delayAfter(excess: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, BASE_DELAY_MS * 2 ** Math.min(excess - 1, 40));
}

export const LOGIN_FAILURES = 'failed login attempts';

function tooMany(what: string, untilMs: number, now: number): HttpError {
  const seconds = Math.max(1, Math.ceil((untilMs - now) / 1000));
  const wait =
    seconds >= 120
      ? `${Math.ceil(seconds / 60)} minutes`
      : `${seconds} second${seconds === 1 ? '' : 's'}`;
  return new HttpError(429, `Too many ${what}. Please try again in ${wait}.`, {
    'Retry-After': String(seconds),
  });
}

export class LoginThrottle {
  constructor(
    private readonly db: Knex,
    private readonly limits: ThrottleLimits,
  ) {}

  private async read(key: string): Promise<ThrottleRow | undefined> {
    const row = (await this.db('login_throttle')
      .where({ key })
      .first('failures', 'locked_until', 'updated_at')) as ThrottleRow | undefined;
    if (!row) return undefined;
    return {
      failures: Number(row.failures),
      locked_until: Number(row.locked_until),
      updated_at: Number(row.updated_at),
    };
  }

  /** Counts one attempt against `key`; false when another attempt changed the row first. */
  private async claim(
    key: ThrottleKey,
    row: ThrottleRow | undefined,
    now: number,
  ): Promise<Claim | false> {
    const fresh = row !== undefined && now - row.updated_at < forgetAfterMs(this.limits);
    const failures = (fresh ? row.failures : 0) + 1;
    const lockedUntil =
      failures > key.free ? now + delayAfter(failures - key.free, this.limits.maxDelayMs) : 0;
    if (!row) {
      try {
        await this.db('login_throttle').insert({
          key: key.key,
          failures,
          locked_until: lockedUntil,
          updated_at: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
      return { key, failures, lockedUntil };
    }
    const changed = await this.db('login_throttle')
      .where({
        key: key.key,
        failures: row.failures,
        locked_until: row.locked_until,
        updated_at: row.updated_at,
      })
      .update({ failures, locked_until: lockedUntil, updated_at: now });
    return changed === 1 ? { key, failures, lockedUntil } : false;
  }

  /**
   * Lets one attempt go on, counted as a failure on each key until `succeeded` says otherwise; throws a 429
   * (with Retry-After) while any of the keys is locked, counting nothing then.
   */
  async attempt(keys: ThrottleKey[], what: string, now = Date.now()): Promise<Attempt> {
    if (Math.random() < 0.01) void this.sweep(now).catch(() => undefined);
    // Every lock first: an attempt refused by any key must not have counted on the others.
    for (const key of keys) {
      const row = await this.read(key.key);
      if (row && row.locked_until > now) throw tooMany(what, row.locked_until, now);
    }
    const claims: Claim[] = [];
    for (const key of keys) {
      if (key.countIf && !key.countIf(claims)) continue;
      let claim: Claim | false = false;
      // A lost compare-and-swap means a parallel attempt on the same key: read again (it may have locked it).
      for (let tries = 0; tries < 3 && !claim; tries++) {
        const row = await this.read(key.key);
        if (row && row.locked_until > now) throw tooMany(what, row.locked_until, now);
        claim = await this.claim(key, row, now);
      }
      if (!claim) throw tooMany(what, now + BASE_DELAY_MS, now);
      claims.push(claim);
    }
    return { succeeded: () => this.forgive(claims) };
  }

  private async forgive(claims: Claim[]): Promise<void> {
    for (const { key, lockedUntil } of claims) {
      const row = this.db('login_throttle').where({ key: key.key });
      if (key.onSuccess === 'clear') {
        await row.delete();
        continue;
      }
      await row.clone().andWhere('failures', '>', 0).decrement('failures', 1);
      // And any lock the attempt itself set.
      if (lockedUntil > 0)
        await row.clone().andWhere({ locked_until: lockedUntil }).update({ locked_until: 0 });
    }
  }

  /**
   * The counters a client without a device cookie meets: its address's, its (username, address) pair's, and
   * the username's across such clients. `prefix` keeps another sign-in's counters apart (the movers': "pro:").
   */
  private newClientKeys(username: string, ip: string | undefined, prefix: string): ThrottleKey[] {
    const limits = this.limits;
    const pair: ThrottleKey = {
      key: prefix + pairKey(username, ip),
      free: limits.freeAttemptsPerClient,
      onSuccess: 'clear',
    };
    return [
      { key: prefix + ipKey(ip), free: limits.freeAttemptsPerIp, onSuccess: 'take-back' },
      pair,
      {
        key: prefix + userKey(username),
        free: limits.freeAttemptsNewDevices,
        onSuccess: 'take-back',
        // An address past its own free attempts is slowed by its pair; it adds nothing here.
        countIf: (counted) =>
          counted.some((claim) => claim.key === pair && claim.failures <= pair.free),
      },
    ];
  }

  /** A login attempt: throttled by its device when it presents one of that username, else as a new client. */
  async begin(
    username: string,
    ip: string | undefined,
    deviceToken?: string,
    now = Date.now(),
  ): Promise<LoginAttempt> {
    const device = await findDevice(this.db, deviceToken, username, now);
    const keys: ThrottleKey[] = device
      ? [{ key: deviceKey(device.id), free: this.limits.freeAttemptsPerClient, onSuccess: 'clear' }]
      : this.newClientKeys(username, ip, '');
    const attempt = await this.attempt(keys, LOGIN_FAILURES, now);
    return { ...attempt, device };
  }

  /**
   * A sign-in of another kind of account (the movers' at /pro), with no device cookies: throttled as a new
   * client always, on counters of its own (`prefix`), so it neither slows nor is slowed by the admin's.
   */
  beginAccount(
    prefix: string,
    account: string,
    ip: string | undefined,
    now = Date.now(),
  ): Promise<Attempt> {
    return this.attempt(this.newClientKeys(account, ip, prefix), LOGIN_FAILURES, now);
  }

  /** Forgets counters that are neither locked nor recent. */
  async sweep(now = Date.now()): Promise<number> {
    return this.db('login_throttle')
      .where('updated_at', '<', now - forgetAfterMs(this.limits))
      .andWhere('locked_until', '<', now)
      .delete();
  }
}
