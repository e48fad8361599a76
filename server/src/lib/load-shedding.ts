/**
 * Load shedding (issue 12): a crawler with unbounded concurrency once pushed the server to 1.2 GB and
 * /healthz to 8.8 s, because every request it sent was taken on at once. Now at most MAX_IN_FLIGHT requests
 * are worked on; beyond that a request is refused at once with 503, Retry-After and a JSON error, which
 * costs next to nothing, so the requests already taken finish and memory stays bounded.
 *
 * Not every request is equal:
 * - the health checks (/healthz, /livez, /readyz) are never counted nor refused (a balancer must be told,
 *   not refused: /readyz says when this process is refusing);
 * - lead intake (a visitor's quote request, and its analytics copy) may use a reserve of slots above the
 *   limit, and is not held to the reduced limit below: it is refused last;
 * - while the event loop is late (its last second's p99 past the threshold) or V8's heap is nearly full,
 *   everything else is held to a quarter of the limit, so the backlog drains before more work is taken;
 * - a page of the directory is rendered by React in one synchronous piece (tens of milliseconds): however
 *   many are admitted, at most PAGE_CONCURRENCY are worked on at once and the others wait their turn in
 *   order (still counted in flight). Sixty-four renders finishing together held the event loop for 1.8 s
 *   (bench/stall.bench.ts) — /healthz and every other request with it — for no more pages per second,
 *   since rendering uses one core whatever the concurrency.
 */
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { isHealthPath } from './http/health-paths';

export type RequestClass = 'health' | 'lead' | 'page' | 'normal';

/** POST endpoints whose refusal would lose a visitor's lead (features/proxy/routes.ts). */
const LEAD_INTAKE = new Set(['/api/proxy/send_lead', '/api/proxy/lead_send_bq']);
/** Paths that are never a rendered page: the API, files (bundles, the widget, the favicon, sitemaps). */
const NOT_A_PAGE = /^\/(?:api|assets|widget)(?:\/|$)|\.[A-Za-z0-9]+$/;

/**
 * Pages worked on at once; the rest wait in order (see above). Two: one page's database reads can overlap
 * another's render; more only lengthens the event loop's turns (measured with bench/stall.bench.ts: four
 * at once held /healthz up to 290 ms under a 500-connection crawl).
 */
export const PAGE_CONCURRENCY = 2;

export function classify(req: Pick<Request, 'method' | 'path'>): RequestClass {
  if (isHealthPath(req.path)) return 'health';
  if (req.method === 'POST' && LEAD_INTAKE.has(req.path)) return 'lead';
  if ((req.method === 'GET' || req.method === 'HEAD') && !NOT_A_PAGE.test(req.path)) return 'page';
  return 'normal';
}

export const BUSY_MESSAGE = 'The server is busy; please try again in a few seconds.';
export const RETRY_AFTER_SECONDS = 5;
const BUSY_BODY = Buffer.from(JSON.stringify({ error: BUSY_MESSAGE }));
const BUSY_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(BUSY_BODY.length),
  'Retry-After': String(RETRY_AFTER_SECONDS),
  'Cache-Control': 'no-store',
};
/** How long a refusal past the first `maxInFlight` of a second waits (ms, drawn between the two). */
export const REFUSAL_PAUSE_MS = [250, 750] as const;
/** V8 heap use (of its limit) past which the server counts as under pressure. */
export const HEAP_PRESSURE_RATIO = 0.85;

export interface Pressure {
  /** The event loop's recent delay (p99 of the last second), in milliseconds. */
  recentDelayMs(): number;
  /** V8's heap in use over its limit, 0–1. */
  heapUsedRatio(): number;
}

export interface LoadSheddingOptions {
  /** Requests worked on at once (lead intake aside); 0 turns shedding off. */
  maxInFlight: number;
  /** Past this event-loop delay, ordinary requests get a quarter of the slots. */
  delayLimitMs: number;
  /** Where the delay and the heap are read; none until `watch` (the app's own start is not load). */
  pressure?: Pressure;
}

export interface LoadStatus {
  inFlight: number;
  maxInFlight: number;
  /** Whether ordinary requests are held to the reduced limit right now. */
  underPressure: boolean;
  /** Requests refused since the server started. */
  shed: number;
  /** Pages admitted and waiting for their turn to be rendered. */
  queued: number;
}

interface Turn {
  state: 'waiting' | 'scheduled' | 'running' | 'done';
  start: () => void;
}

export class LoadShedder {
  private inFlight = 0;
  private shed = 0;
  private rendering = 0;
  private readonly waiting: Turn[] = [];
  /** Extra slots only lead intake may take: a quarter of the limit, at least 4. */
  readonly leadReserve: number;
  readonly reducedLimit: number;

  private pressure: Pressure | undefined;
  private refusalWindowStart = 0;
  private lastRefusal = -Infinity;
  private refusalsInWindow = 0;

  constructor(private readonly options: LoadSheddingOptions) {
    this.pressure = options.pressure;
    this.leadReserve = Math.max(4, Math.ceil(options.maxInFlight / 4));
    this.reducedLimit = Math.max(1, Math.ceil(options.maxInFlight / 4));
  }

  get enabled(): boolean {
    return this.options.maxInFlight > 0;
  }

  /** Reads pressure from here on; returns it, for app.locals. */
  watch<P extends Pressure>(pressure: P): P {
    this.pressure = pressure;
    return pressure;
  }

  underPressure(): boolean {
    const { pressure } = this;
    if (!pressure) return false;
    return (
      pressure.recentDelayMs() > this.options.delayLimitMs ||
      pressure.heapUsedRatio() > HEAP_PRESSURE_RATIO
    );
  }

  /** Whether a request of this class may start now; counts it if so. */
  tryAcquire(kind: RequestClass): boolean {
    if (kind === 'health' || !this.enabled) return true;
    const { maxInFlight } = this.options;
    const limit =
      kind === 'lead'
        ? maxInFlight + this.leadReserve
        : this.underPressure()
          ? this.reducedLimit
          : maxInFlight;
    if (this.inFlight >= limit) {
      this.shed += 1;
      this.lastRefusal = performance.now();
      return false;
    }
    this.inFlight += 1;
    return true;
  }

  /** Whether a request was refused as busy within the last second (what /readyz reports as `load: shedding`). */
  refusingNow(): boolean {
    return this.enabled && performance.now() - this.lastRefusal < 1000;
  }

  release(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  status(): LoadStatus {
    return {
      inFlight: this.inFlight,
      maxInFlight: this.options.maxInFlight,
      underPressure: this.enabled && this.underPressure(),
      shed: this.shed,
      queued: this.waiting.length,
    };
  }

  /**
   * Runs `start` when fewer than PAGE_CONCURRENCY pages are being worked on, else when one ends (in the order
   * they came); `finished` must be called when the page's answer is done or given up (safe to call twice).
   */
  takeTurn(start: () => void): { finished: () => void } {
    const turn: Turn = { state: 'waiting', start };
    if (this.rendering < PAGE_CONCURRENCY) {
      turn.state = 'running';
      this.rendering += 1;
      start();
    } else this.waiting.push(turn);
    return { finished: () => this.finish(turn) };
  }

  private finish(turn: Turn): void {
    const was = turn.state;
    if (was === 'done') return;
    turn.state = 'done';
    if (was === 'waiting') this.waiting.splice(this.waiting.indexOf(turn), 1);
    else this.rendering -= 1;
    while (this.rendering < PAGE_CONCURRENCY && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      // Its slot is held from now; it starts on a turn of its own, after whatever I/O is waiting (a
      // /healthz among it), unless its client has gone meanwhile.
      next.state = 'scheduled';
      this.rendering += 1;
      setImmediate(() => {
        if (next.state !== 'scheduled') return;
        next.state = 'running';
        next.start();
      });
    }
  }

  /**
   * Answers 503 with Node's own calls, not Express's res.json (its ETag and checks cost more than the write
   * under a storm of refusals). Past `maxInFlight` refusals in one second, each further one is answered
   * after a pause of REFUSAL_PAUSE_MS: a client that retries at once, whatever Retry-After says (500
   * crawler connections sent 3,700 requests a second), is then held to about two a second per connection,
   * and the refusals' writes are spread out instead of filling every turn of the event loop.
   */
  private refuse(res: ServerResponse): void {
    const now = Date.now();
    if (now - this.refusalWindowStart >= 1000) {
      this.refusalWindowStart = now;
      this.refusalsInWindow = 0;
    }
    this.refusalsInWindow += 1;
    const send = () => {
      if (!res.headersSent && !res.destroyed) res.writeHead(503, BUSY_HEADERS).end(BUSY_BODY);
    };
    if (this.refusalsInWindow <= this.options.maxInFlight) send();
    else {
      const [low, high] = REFUSAL_PAUSE_MS;
      setTimeout(send, low + Math.random() * (high - low));
    }
  }

  /** The middleware: first in the app, so a refusal costs no logging, parsing or database work. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const kind = classify(req);
      if (kind === 'health' || !this.enabled) return next();
      if (!this.tryAcquire(kind)) {
        this.refuse(res);
        return;
      }
      if (kind !== 'page') {
        // 'close' comes once whether the answer was sent whole or the client went away.
        res.once('close', () => this.release());
        next();
        return;
      }
      const turn = this.takeTurn(() => next());
      res.once('close', () => {
        turn.finished();
        this.release();
      });
    };
  }
}
