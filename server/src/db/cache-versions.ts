/**
 * Caches that every server process of a fleet empties together (issue 14, decision 018). Each process keeps
 * public reads for a few seconds (the API's answers, rendered pages, counts, settings, partners); a write the
 * public must see moves this process's public generation at once (lib/public-generation.ts: every such cache
 * then treats what it holds as gone) and adds one to a counter in the database (`cache_versions`); every
 * process reads that counter about once a second and moves its own generation when it moved. So an edit shows on the process that saved it at once and on every other within about two seconds,
 * with no broker to run: the database every process already shares is the channel.
 */
import type { Knex } from 'knex';
import { publicReadsChanged } from '../lib/public-generation';

/** How often each serving process reads the counter: one primary-key read a second. */
export const CACHE_SYNC_INTERVAL_MS = 1000;

/** The one family today: everything the public directory shows. */
const PUBLIC = 'public';

const byDatabase = new WeakMap<Knex, SharedCaches>();

export class SharedCaches {
  /** The counter as this process last read it; undefined before the first read. */
  private seen: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private watchers = 0;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly db: Knex,
    private readonly intervalMs = CACHE_SYNC_INTERVAL_MS,
  ) {}

  /** This process's instance for `db` (the primary: the counter is written and read there). */
  static for(db: Knex): SharedCaches {
    let caches = byDatabase.get(db);
    if (!caches) {
      caches = new SharedCaches(db);
      byDatabase.set(db, caches);
    }
    return caches;
  }

  /**
   * Call after a write the public must see has committed: this process's caches empty at once, every other
   * process's within about a second. Never throws: when the counter cannot be written (the database just
   * went away), the others' caches still expire by their own time-to-live, as before this existed.
   */
  async changed(): Promise<boolean> {
    publicReadsChanged();
    try {
      await this.db('cache_versions')
        .where({ name: PUBLIC })
        .update({ version: this.db.raw('version + 1'), changed_at: Date.now() });
      // Our own move need not come back as news a second later (it would restart the replicas' window,
      // db/read-replicas.ts). Only when ours was the one move since the last read: another process's
      // change in between must still empty the caches when the watch sees it.
      const version = await this.readVersion();
      if (this.seen !== undefined && version === this.seen + 1) this.seen = version;
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Starts reading the counter every interval (a serving process: app.ts starts it when its server listens
   * and stops it when that server closes). Counted, so two servers of one process share one timer.
   */
  watch(): () => void {
    this.watchers += 1;
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      // A process that has nothing else to do may exit: this timer keeps nothing alive.
      this.timer.unref();
      void this.check();
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.watchers -= 1;
      if (this.watchers === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  /** Reads the counter once and empties the caches when another process moved it. */
  check(): Promise<void> {
    this.checking ??= this.readCounter().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async readVersion(): Promise<number> {
    const row = (await this.db('cache_versions').where({ name: PUBLIC }).first('version')) as
      { version: number | string } | undefined;
    return Number(row?.version ?? 0);
  }

  private async readCounter(): Promise<void> {
    let version: number;
    try {
      version = await this.readVersion();
    } catch {
      // Unreachable for now: the caches keep their own time-to-live, and the next read catches up.
      return;
    }
    if (this.seen !== undefined && version !== this.seen) publicReadsChanged();
    this.seen = version;
  }
}
