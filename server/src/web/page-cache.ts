/**
 * Finished pages of the directory, kept in process for API_CACHE_SECONDS (decision 013). A page is a few
 * database reads and a React render of up to a few hundred kilobytes of HTML, tens of milliseconds of one
 * core; the same URL within a few seconds gets the same bytes, so one render (and one compression per
 * encoding) serves every request for it until it expires. Concurrent misses of one URL share one render.
 *
 * Only anonymous requests are answered from it and only answers that may be shared are kept: status 200,
 * no Set-Cookie, no `private` or `no-store`. Each server process keeps its own; a page rendered before a change
 * of the public directory (lib/public-generation.ts, moved in every process) counts as gone; `clear()` drops
 * everything.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { publicGeneration } from '../lib/public-generation';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A rendered answer, read to its end. */
export interface PageAnswer {
  status: number;
  /** Every header but Set-Cookie, as the renderer set them. */
  headers: Array<[string, string]>;
  cookies: string[];
  body: Buffer;
}

/** A shareable answer with its validator and its compressed forms, made once when it is stored. */
export interface CachedPage extends PageAnswer {
  etag: string;
  gzip: Buffer;
  br: Buffer;
  expires: number;
}

export const isCachedPage = (answer: PageAnswer): answer is CachedPage => 'etag' in answer;

/** Whether an answer may be kept and handed to other visitors. */
export function isShareable(answer: PageAnswer): boolean {
  if (answer.status !== 200 || answer.cookies.length > 0) return false;
  const cacheControl = answer.headers.find(([name]) => name.toLowerCase() === 'cache-control');
  return !cacheControl || !/\b(?:private|no-store)\b/i.test(cacheControl[1]);
}

async function prepare(answer: PageAnswer, ttlMs: number): Promise<CachedPage> {
  const [gzipped, brotlied] = await Promise.all([
    // The compression middleware's own levels (gzip 6); brotli one step above its 4, which costs no more here
    // and is about 7% smaller on these pages. Done once per entry, on the thread pool.
    gzip(answer.body, { level: 6 }),
    brotli(answer.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
      },
    }),
  ]);
  const hash = createHash('sha1').update(answer.body).digest('base64url').slice(0, 27);
  return {
    ...answer,
    etag: `W/"${answer.body.length.toString(16)}-${hash}"`,
    gzip: gzipped,
    br: brotlied,
    expires: Date.now() + ttlMs,
  };
}

const sizeOf = (page: CachedPage) => page.body.length + page.gzip.length + page.br.length;

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly pending = new Map<string, { answer: Promise<PageAnswer>; generation: string }>();
  private bytes = 0;
  /** Counts clear() calls: a render that started before one must not store what it read. */
  private generation = 0;
  /** The generation (clears here, changes of the public directory) each kept page was rendered in. */
  private readonly renderedIn = new Map<string, string>();

  private generationNow(): string {
    return `${this.generation}/${publicGeneration()}`;
  }

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes = 48 * 1024 * 1024,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** How many pages are kept, and their bytes (uncompressed and compressed). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  clear(): void {
    this.entries.clear();
    this.renderedIn.clear();
    this.pending.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  /** The page kept under `key` while it is fresh. */
  lookup(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now() || this.renderedIn.get(key) !== this.generationNow()) {
      this.forget(key);
      return undefined;
    }
    // Refresh its place in the least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /**
   * The page under `key`: kept, or rendered by `render` once for every caller that asks while it runs. A
   * shareable answer is stored and comes back as a CachedPage; any other goes back to the callers as it is.
   */
  get(key: string, render: () => Promise<PageAnswer>): Promise<PageAnswer> {
    const hit = this.lookup(key);
    if (hit) return Promise.resolve(hit);
    const generation = this.generationNow();
    const running = this.pending.get(key);
    if (running && running.generation === generation) return running.answer;
    const answer: Promise<PageAnswer> = render()
      .then(async (rendered) => {
        if (!isShareable(rendered)) return rendered;
        const page = await prepare(rendered, this.ttlMs);
        if (generation === this.generationNow()) this.remember(key, page, generation);
        return page;
      })
      .finally(() => {
        if (this.pending.get(key)?.answer === answer) this.pending.delete(key);
      });
    this.pending.set(key, { answer, generation });
    return answer;
  }

  private remember(key: string, page: CachedPage, generation: string): void {
    this.forget(key);
    const size = sizeOf(page);
    if (size > this.maxBytes) return;
    this.entries.set(key, page);
    this.renderedIn.set(key, generation);
    this.bytes += size;
    // Evict the least recently used pages (Map order) past the memory budget.
    for (const [oldKey] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldKey);
    }
  }

  private forget(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= sizeOf(old);
    this.entries.delete(key);
    this.renderedIn.delete(key);
  }
}
