/**
 * A short-lived in-process cache of public GET API responses. The directory is read-mostly and its
 * clients already accept a minute of staleness (spec section 9), so identical URLs within a few seconds
 * share one database round and one serialisation. Each server process keeps its own; writes that must
 * show at once call `clear()`.
 */
import type { RequestHandler } from 'express';

interface Entry {
  body: Buffer;
  headers: Record<string, string>;
  expires: number;
}

/** Headers a cached answer repeats; CORS and security headers are set per request by their middleware. */
const KEPT_HEADERS = ['cache-control', 'x-total-count', 'etag'];

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remember(key: string, entry: Entry): void {
    this.forget(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    // Evict least recently used entries (Map order) past the memory budget.
    for (const [oldKey] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldKey);
    }
  }

  private forget(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.body.length;
    this.entries.delete(key);
  }

  middleware(): RequestHandler {
    return (req, res, next) => {
      if (
        this.ttlMs <= 0 ||
        req.method !== 'GET' ||
        req.headers.authorization ||
        req.headers.cookie
      ) {
        next();
        return;
      }
      const key = req.originalUrl;
      const hit = this.entries.get(key);
      if (hit && hit.expires > Date.now()) {
        // Refresh the entry's place in the LRU order.
        this.entries.delete(key);
        this.entries.set(key, hit);
        res.set(hit.headers).set('X-Cache', 'HIT').type('application/json').send(hit.body);
        return;
      }
      const sendJson = res.json.bind(res);
      res.json = (value: unknown) => {
        if (res.statusCode !== 200) return sendJson(value);
        const body = Buffer.from(JSON.stringify(value));
        res.type('application/json').set('X-Cache', 'MISS');
        res.send(body);
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const v = res.get(name);
          if (v !== undefined) headers[name] = v;
        }
        this.remember(key, { body, headers, expires: Date.now() + this.ttlMs });
        return res;
      };
      next();
    };
  }
}
