/**
 * Read replicas (DATABASE_READ_URL, decision 019): where the directory's anonymous public reads go — the
 * public API's companies, states, search and places, and the data of server-rendered pages. Everything else
 * stays on the primary: writes, sessions, the job queue, the admin, the widget's endpoints, and every request
 * that may be personal (cookies or Authorization), so a person always sees their own edit at once.
 *
 * A replica lags its primary. For `afterChangeMs` after this process learns of a change of the public
 * directory (its own write, or another process's through the shared counter: db/cache-versions.ts), public
 * reads go to the primary too, so the caches that change empties are not filled again from a replica that has
 * not caught up. A replica that fails (refused, unreachable, past its deadline) is left out until a probe once a
 * second finds it answering; with none answering, the primary serves.
 */
import type { IncomingMessage } from 'node:http';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { isPersonal } from '../lib/http/personal';
import { lastPublicChangeAt } from '../lib/public-generation';

/** How often each replica is asked `SELECT 1` while the process serves. */
export const REPLICA_PROBE_INTERVAL_MS = 1000;

export interface ReadReplicaOptions {
  /** Public reads stay on the primary this long after a change (DATABASE_READ_AFTER_CHANGE_MS). */
  afterChangeMs: number;
  logger?: Logger;
}

export class ReadReplicas {
  /** Whether each replica answered its last probe (undefined before the first); only `true` counts. */
  private readonly answering: Array<boolean | undefined>;
  private turn = 0;
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;

  constructor(
    readonly primary: Knex,
    readonly replicas: readonly Knex[],
    private readonly options: ReadReplicaOptions,
  ) {
    this.answering = replicas.map(() => undefined);
    replicas.forEach((replica, index) =>
      replica.on('query-error', (error: unknown) => {
        if (isDatabaseUnavailable(error)) this.mark(index, false, error);
      }),
    );
  }

  /** No replicas: every read on the primary (the embedded default, and tests). */
  static none(primary: Knex): ReadReplicas {
    return new ReadReplicas(primary, [], { afterChangeMs: 0 });
  }

  /** The handle a request's public reads use. */
  for(req: Pick<IncomingMessage, 'headers'>): Knex {
    return isPersonal(req) ? this.primary : this.forAnonymousRead();
  }

  /** The next answering replica in turn; the primary just after a change, or when none answers. */
  forAnonymousRead(): Knex {
    const count = this.replicas.length;
    if (count === 0) return this.primary;
    if (Date.now() - lastPublicChangeAt() < this.options.afterChangeMs) return this.primary;
    for (let tried = 0; tried < count; tried++) {
      const index = this.turn++ % count;
      if (this.answering[index] === true) return this.replicas[index]!;
    }
    return this.primary;
  }

  /** Asks every replica `SELECT 1` once (concurrent callers share the round). */
  probe(): Promise<void> {
    this.probing ??= Promise.all(
      this.replicas.map(async (replica, index) => {
        try {
          await replica.raw('SELECT 1');
          this.mark(index, true);
        } catch (error) {
          this.mark(index, false, error);
        }
      }),
    )
      .then(() => undefined)
      .finally(() => (this.probing = undefined));
    return this.probing;
  }

  /** Probes once a second while a server listens (app.ts); the function returned stops it. */
  watch(): () => void {
    if (this.replicas.length === 0 || this.timer) return () => undefined;
    this.timer = setInterval(() => void this.probe(), REPLICA_PROBE_INTERVAL_MS);
    this.timer.unref();
    void this.probe();
    return () => {
      clearInterval(this.timer);
      this.timer = undefined;
    };
  }

  async destroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.replicas.map((replica) => replica.destroy()));
  }

  private mark(index: number, answering: boolean, error?: unknown): void {
    if (this.answering[index] === answering) return;
    this.answering[index] = answering;
    if (answering) this.options.logger?.info({ replica: index }, 'read replica answering: in use');
    else
      this.options.logger?.warn(
        { replica: index, err: error },
        'read replica not answering: its reads go elsewhere',
      );
  }
}
