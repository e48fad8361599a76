/**
 * Reading the site's sitemaps as a search engine does: /sitemap.xml (an index of child sitemaps, or a plain
 * URL set), each child it lists, and any sitemap robots.txt names. Problems are findings on the file.
 */
import { internalTarget } from './page-checks';

export interface SitemapFetch {
  (path: string): Promise<{ status: number; text: string }>;
}

export interface SitemapRead {
  /** The pages listed, as site paths and queries, each once, in the order listed. */
  urls: string[];
  /** The sitemap files read (paths). */
  files: string[];
  problems: Array<{ url: string; message: string }>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const locations = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decodeXml(m[1]!.trim()));

/** Sitemap indexes may list indexes; we follow that far and no further. */
const MAX_DEPTH = 3;

export async function readSitemaps(
  fetchText: SitemapFetch,
  start: readonly string[],
  siteOrigin: string,
  internalOrigins: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<SitemapRead> {
  const read: SitemapRead = { urls: [], files: [], problems: [] };
  const listed = new Set<string>();
  const visited = new Set<string>();

  async function readFile(path: string, depth: number): Promise<void> {
    if (visited.has(path)) return;
    visited.add(path);
    signal?.throwIfAborted();
    let answer: { status: number; text: string };
    try {
      answer = await fetchText(path);
    } catch (error) {
      if (signal?.aborted) throw error;
      read.problems.push({ url: path, message: `Did not load: ${(error as Error).message}` });
      return;
    }
    read.files.push(path);
    if (answer.status !== 200) {
      read.problems.push({ url: path, message: `Answers ${answer.status}` });
      return;
    }
    const isIndex = /<sitemapindex[\s>]/.test(answer.text);
    if (!isIndex && !/<urlset[\s>]/.test(answer.text)) {
      read.problems.push({ url: path, message: 'Is neither a sitemap index nor a URL set' });
      return;
    }
    let offSite = 0;
    for (const loc of locations(answer.text)) {
      const target = internalTarget(loc, siteOrigin + path, internalOrigins);
      if (target === undefined || !/^https?:\/\//i.test(loc)) {
        offSite++;
        continue;
      }
      if (isIndex) {
        if (depth < MAX_DEPTH) await readFile(target, depth + 1);
      } else if (!listed.has(target)) {
        listed.add(target);
        read.urls.push(target);
      }
    }
    if (offSite > 0)
      read.problems.push({
        url: path,
        message: `Lists ${offSite} address(es) that are relative or not on ${siteOrigin}`,
      });
  }

  for (const path of start) await readFile(path, 1);
  return read;
}
