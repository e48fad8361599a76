/**
 * What the crawler still has to fetch, and who links to what. Two queues are taken in turn — the sitemap's
 * pages, and the links pages hold (the home page first) — so even a small page limit checks both what the
 * sitemap promises and where the links lead. Each address is queued once; robots.txt's Disallow is obeyed.
 */
export interface Referrers {
  count: number;
  /** The first few pages that link here. */
  examples: string[];
}

export class CrawlFrontier {
  private readonly sitemapQueue: string[] = [];
  private readonly linkQueue: string[] = ['/'];
  private readonly seen = new Set<string>(['/']);
  private turn = 0;
  /** Incoming links by target address. */
  readonly referrers = new Map<string, Referrers>();

  constructor(private readonly disallowed: (path: string) => boolean) {}

  /** Queues a sitemap address; false when it was already known. */
  addFromSitemap(url: string): boolean {
    if (this.seen.has(url)) return false;
    this.seen.add(url);
    this.sitemapQueue.push(url);
    return true;
  }

  /** Records a link (or a redirect) from one page to another, and queues the target when it is new. */
  linkFrom(source: string, target: string): void {
    // A page linking to itself (the current page in a pager) says nothing about the target.
    if (source === target) return;
    let entry = this.referrers.get(target);
    if (!entry) this.referrers.set(target, (entry = { count: 0, examples: [] }));
    entry.count++;
    if (entry.examples.length < 3) entry.examples.push(source);
    if (!this.seen.has(target) && !this.disallowed(target)) {
      this.seen.add(target);
      this.linkQueue.push(target);
    }
  }

  /** The next address to fetch, from the queues in turn; undefined when both are empty. */
  take(): string | undefined {
    this.turn++;
    const [first, second] =
      this.turn % 2 === 0
        ? [this.sitemapQueue, this.linkQueue]
        : [this.linkQueue, this.sitemapQueue];
    return first.shift() ?? second.shift();
  }

  /** Addresses known so far (fetched, queued or in flight). */
  get known(): number {
    return this.seen.size;
  }

  /** Whether addresses were left unfetched. */
  get leftOver(): boolean {
    return this.sitemapQueue.length + this.linkQueue.length > 0;
  }
}
