/**
 * Does the database answer? What /healthz and /readyz ask, answered cheaply and within a bounded time:
 * - a query of the app's own answered within the last second, with no failure since: yes, no query needed;
 * - else a `SELECT 1` on a connection of the check's own (db/connection.ts PROBE_POOL), never one borrowed
 *   from the request pool, which may be busy or stuck behind a database that stopped answering;
 * - its result is kept for a second and concurrent checks share one probe, so a balancer that checks
 *   often (or several balancers) costs one query a second at most.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { DatabaseConfig } from '../../config';
import { openDatabase, PROBE_POOL } from '../../db/connection';
import { DatabaseEvidence } from './database-evidence';

/** How the database was found answering, as /healthz reports it. */
export type DatabaseAnswer = 'recent-query' | 'select-1';

/** A probe that has not answered by then counts as no answer (its own limits end it soon after). */
export const PROBE_DEADLINE_MS = 1500;
const PROBE_RESULT_KEPT_MS = 1000;

export class DatabaseCheck {
  private readonly evidence: DatabaseEvidence;
  private probeDb: Knex | undefined;
  private last: { at: number; ok: boolean } | undefined;
  private probing: Promise<boolean> | undefined;

  constructor(
    db: Knex,
    private readonly database: DatabaseConfig,
    private readonly logger?: Logger,
  ) {
    this.evidence = new DatabaseEvidence(db);
  }

  /** How the database was found answering, or undefined when it does not. */
  async answers(): Promise<DatabaseAnswer | undefined> {
    if (this.evidence.answeredRecently()) return 'recent-query';
    const last = this.last;
    if (last && performance.now() - last.at < PROBE_RESULT_KEPT_MS)
      return last.ok ? 'select-1' : undefined;
    this.probing ??= this.probe().finally(() => {
      this.probing = undefined;
    });
    return (await this.probing) ? 'select-1' : undefined;
  }

  private async probe(): Promise<boolean> {
    // Opened on first use: most checks are answered by the evidence; an idle probe connection closes itself.
    this.probeDb ??= openDatabase(this.database, this.logger, PROBE_POOL);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_DEADLINE_MS);
    });
    const query = this.probeDb.raw('SELECT 1').then(
      () => true,
      () => false,
    );
    const ok = await Promise.race([query, deadline]);
    clearTimeout(timer);
    this.last = { at: performance.now(), ok };
    return ok;
  }
}
