/**
 * Per-IP rate limits whose counters live in the database (rate_limit_hits), so every server process behind a
 * load balancer counts the same hits. A limit of 0 turns the limiter off. When the counter store cannot be
 * reached the request goes through: the limiter must never be why a real visitor's lead is lost.
 */
import type { RequestHandler } from 'express';
import { rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Knex } from 'knex';
import { dialectOf } from '../db/dialect';
import { HttpError } from './http-error';

export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly db: Knex,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string) {
    const now = Date.now();
    const { hits, resetAt } = await dialectOf(this.db).countHit(
      this.prefix + key,
      this.windowMs,
      now,
    );
    // Now and then sweep counters whose window ended long ago, so the table stays the size of the traffic.
    // Safe beside concurrent hits: a row is deleted only while its window is over, and a hit on it then
    // starts a new window at 1 whether it comes before the delete or after.
    if (Math.random() < 0.002) {
      void this.db('rate_limit_hits')
        .where('reset_at', '<', now - this.windowMs)
        .delete()
        .catch(() => undefined);
    }
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }

  // One statement each, so concurrent calls cannot lose an update; a counter never goes below zero.
  // express-rate-limit sends no decrement once the hit's window has ended (and none at all unless a limiter
  // skips failed or successful requests), so an old hit never lowers a new window's count.
  async decrement(key: string): Promise<void> {
    await this.db('rate_limit_hits')
      .where({ key: this.prefix + key })
      .andWhere('hits', '>', 0)
      .decrement('hits', 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.db('rate_limit_hits')
      .where({ key: this.prefix + key })
      .delete();
  }
}

export function perIpRateLimit(
  db: Knex,
  name: string,
  what: string,
  limit: number,
  windowMs: number,
): RequestHandler {
  if (limit <= 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs,
    limit,
    store: new DatabaseRateLimitStore(db, `${name}:`),
    // Sets Retry-After (and RateLimit headers) on every 429.
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    passOnStoreError: true,
    handler: (req, _res, next) => {
      const reset = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 60;
      next(
        new HttpError(
          429,
          `Too many ${what} from this address; please try again in ${seconds} seconds`,
        ),
      );
    },
  });
}
