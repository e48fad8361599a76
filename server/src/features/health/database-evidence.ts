/**
 * Whether the database answered a query of this app recently. Under load every connection is busy with page
 * and API queries (SQLite has one): a `SELECT 1` of a health check's own would wait behind all of them, and a
 * busy but healthy server would look dead to its balancer. A failed query since means the evidence is stale,
 * so an outage shows at once.
 */
import type { Knex } from 'knex';

/** A query answered this recently, with no failure since, shows the database answers. */
export const RECENT_ANSWER_MS = 1000;

export class DatabaseEvidence {
  private lastAnswer = -Infinity;
  private lastFailure = -Infinity;

  constructor(db: Knex) {
    const failed = () => {
      this.lastFailure = performance.now();
    };
    db.on('query-response', () => {
      this.lastAnswer = performance.now();
    });
    db.on('query-error', failed);
    // A lost server fails before any query runs: opening or lending a connection (tarn's events).
    const pool = (db.client as { pool?: { on(event: string, listener: () => void): void } }).pool;
    pool?.on('createFail', failed);
    pool?.on('acquireFail', failed);
  }

  answeredRecently(): boolean {
    const now = performance.now();
    return now - this.lastAnswer < RECENT_ANSWER_MS && this.lastFailure < this.lastAnswer;
  }
}
