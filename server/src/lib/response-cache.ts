/**
 * A short-lived in-process cache of public GET API responses. The directory is read-mostly and its
 * clients already accept a minute of staleness (spec section 9), so identical URLs within a few seconds
 * share one database round and one serialisation. Each server process keeps its own; an answer stored before
 * a change of the public directory (lib/public-generation.ts) counts as gone, in every process.
 */
import type { RequestHandler } from 'express';
import { publicGeneration } from './public-generation';

interface Entry {
  body: Buffer;
  headers: Record<string, string | number | string[]>;
  /** The answer's Vary, merged into whatever the request's own middleware varies on. */
  vary: string | undefined;
  expires: number;
  /** The public generation the answer was read in. */
  generation: number;
}

/**
 * Headers never repeated from a stored answer: per connection or per response (the compression middleware
 * encodes each response for its own client), this cache's own, and Vary, which is merged instead.
 */
const NOT_KEPT = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'x-cache',
  'vary',
]);

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
      const generation = publicGeneration();
      const hit = this.entries.get(key);
      if (hit && hit.expires > Date.now() && hit.generation === generation) {
        // Refresh the entry's place in the LRU order.
        this.entries.delete(key);
        this.entries.set(key, hit);
        for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
        if (hit.vary) res.vary(hit.vary);
        res.set('X-Cache', 'HIT').send(hit.body);
        return;
      }
      // Headers set before this point (security, CORS) are set again for every request by their middleware;
      // whatever the route adds after it belongs to the answer and is kept with it.
      const setBefore = new Set(res.getHeaderNames());
      const sendJson = res.json.bind(res);
      res.json = (value: unknown) => {
        if (res.statusCode !== 200) return sendJson(value);
        const body = Buffer.from(JSON.stringify(value));
        res.type('application/json').set('X-Cache', 'MISS');
        res.send(body);
        const headers: Entry['headers'] = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value !== undefined && !setBefore.has(name) && !NOT_KEPT.has(name))
            headers[name] = value;
        }
        const vary = res.getHeader('vary');
        this.remember(key, {
          body,
          headers,
          vary: vary === undefined ? undefined : String(vary),
          expires: Date.now() + this.ttlMs,
          // The generation the request began in: read before a change, it is read again after it.
          generation,
        });
        return res;
      };
      next();
    };
  }
}
