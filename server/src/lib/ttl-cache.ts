/**
 * A small in-process cache for aggregate reads (counts, statistics) that are costly to compute and
 * fine to serve a little stale; several server processes each keep their own. One that caches what the
 * public directory shows follows its changes (lib/public-generation.ts): an entry filled before a change is
 * computed again, here at once and in the other processes within about a second.
 */
import { publicGeneration } from './public-generation';

interface Entry<V> {
  value: V;
  expires: number;
  generation: number;
}

export interface TtlCacheOptions {
  maxEntries?: number;
  /** Entries filled before a change of the public directory count as gone (default: they live their time). */
  followsPublicChanges?: boolean;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly pending = new Map<string, { promise: Promise<V>; generation: number }>();
  private readonly maxEntries: number;
  private readonly follows: boolean;

  constructor(
    private readonly ttlMs: number,
    options: TtlCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.follows = options.followsPublicChanges ?? false;
  }

  private generation(): number {
    return this.follows ? publicGeneration() : 0;
  }

  /** Returns the cached value or computes it once, sharing one computation between concurrent callers. */
  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const generation = this.generation();
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now() && hit.generation === generation) return hit.value;
    const inFlight = this.pending.get(key);
    if (inFlight && inFlight.generation === generation) return inFlight.promise;
    const promise = compute()
      .then((value) => {
        if (this.entries.size >= this.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        // Stored with the generation it was read in: after a change since, it is read again.
        this.entries.set(key, { value, expires: Date.now() + this.ttlMs, generation });
        return value;
      })
      .finally(() => {
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
      });
    this.pending.set(key, { promise, generation });
    return promise;
  }

  clear(): void {
    this.entries.clear();
  }
}
