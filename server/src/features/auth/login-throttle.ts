/**
 * The failed-login throttle: counters per username and per client address in the login_throttle table, so
 * every server process shares them. Past a few free failures each one locks its key for a delay that doubles
 * (1 s, 2 s, 4 s, …) up to a cap, so guessing gets slow fast while the real admin is never locked out for
 * good: the longest wait is the cap. A successful login clears its username's counter.
 *
 * The attempt is counted before the password is checked, with a compare-and-swap on the row, so a burst of
 * parallel guesses cannot slip in between a read and a write: at one counter value only one attempt goes on.
 * Attempts refused with 429 are not counted, or an attacker could keep the real admin waiting forever.
 */
import type { Knex } from 'knex';
import { isUniqueViolation } from '../../db/dialect';
import { HttpError } from '../../lib/http-error';

export interface ThrottleLimits {
  freeAttemptsPerUser: number;
  freeAttemptsPerIp: number;
  maxDelayMs: number;
}

interface ThrottleRow {
  failures: number;
  locked_until: number;
  updated_at: number;
}

interface Claim {
  key: string;
  /** The lock this attempt set (0 when none), so a success can lift exactly it. */
  lockedUntil: number;
}

const BASE_DELAY_MS = 1000;
/** A counter with no failure for this long starts again from zero. */
const forgetAfterMs = (limits: ThrottleLimits) => Math.max(3_600_000, limits.maxDelayMs * 4);

export const userKey = (username: string) => `user:${username.trim().toLowerCase()}`.slice(0, 191);
export const ipKey = (ip: string | undefined) => `ip:${ip ?? 'unknown'}`.slice(0, 191);

/** The lock after the n-th failure past the free ones (n ≥ 1). */
export function delayAfter(excess: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, BASE_DELAY_MS * 2 ** Math.min(excess - 1, 40));
}

function tooMany(untilMs: number, now: number): HttpError {
  const seconds = Math.max(1, Math.ceil((untilMs - now) / 1000));
  const wait =
    seconds >= 120
      ? `${Math.ceil(seconds / 60)} minutes`
      : `${seconds} second${seconds === 1 ? '' : 's'}`;
  return new HttpError(429, `Too many failed login attempts. Please try again in ${wait}.`, {
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
    key: string,
    row: ThrottleRow | undefined,
    free: number,
    now: number,
  ): Promise<Claim | false> {
    const fresh = row !== undefined && now - row.updated_at < forgetAfterMs(this.limits);
    const failures = (fresh ? row.failures : 0) + 1;
    const lockedUntil =
      failures > free ? now + delayAfter(failures - free, this.limits.maxDelayMs) : 0;
    if (!row) {
      try {
        await this.db('login_throttle').insert({
          key,
          failures,
          locked_until: lockedUntil,
          updated_at: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
      return { key, lockedUntil };
    }
    const changed = await this.db('login_throttle')
      .where({
        key,
        failures: row.failures,
        locked_until: row.locked_until,
        updated_at: row.updated_at,
      })
      .update({ failures, locked_until: lockedUntil, updated_at: now });
    return changed === 1 ? { key, lockedUntil } : false;
  }

  /**
   * Lets one login attempt go on, counted as a failure until `succeeded` says otherwise; throws a 429 (with
   * Retry-After) while the username or the address is locked.
   */
  async begin(
    username: string,
    ip: string | undefined,
    now = Date.now(),
  ): Promise<{ succeeded(): Promise<void> }> {
    const keys: Array<[string, number]> = [
      [userKey(username), this.limits.freeAttemptsPerUser],
      [ipKey(ip), this.limits.freeAttemptsPerIp],
    ];
    if (Math.random() < 0.01) void this.sweep(now).catch(() => undefined);
    const claims: Claim[] = [];
    for (const [key, free] of keys) {
      let claim: Claim | false = false;
      // A lost compare-and-swap means a parallel attempt on the same key: read again (it may have locked it).
      for (let tries = 0; tries < 3 && !claim; tries++) {
        const row = await this.read(key);
        if (row && row.locked_until > now) throw tooMany(row.locked_until, now);
        claim = await this.claim(key, row, free, now);
      }
      if (!claim) throw tooMany(now + BASE_DELAY_MS, now);
      claims.push(claim);
    }
    const [user, address] = claims as [Claim, Claim];
    return {
      succeeded: async () => {
        await this.db('login_throttle').where({ key: user.key }).delete();
        // The address's counter takes back this attempt, and any lock the attempt itself set.
        await this.db('login_throttle')
          .where({ key: address.key })
          .andWhere('failures', '>', 0)
          .decrement('failures', 1);
        if (address.lockedUntil > 0)
          await this.db('login_throttle')
            .where({ key: address.key, locked_until: address.lockedUntil })
            .update({ locked_until: 0 });
      },
    };
  }

  /** Forgets counters that are neither locked nor recent. */
  async sweep(now = Date.now()): Promise<number> {
    return this.db('login_throttle')
      .where('updated_at', '<', now - forgetAfterMs(this.limits))
      .andWhere('locked_until', '<', now)
      .delete();
  }
}
