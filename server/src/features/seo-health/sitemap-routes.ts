/**
 * /robots.txt and the XML sitemaps: /sitemap.xml is an index of child sitemaps (static pages and content,
 * states, cities with companies, companies), each at most 50,000 URLs as the sitemap protocol allows.
 * Addresses are absolute, from PUBLIC_URL or the request's host. Mount before the directory's pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { US_STATES, cityPath, companyProfilePath, statePath } from '@moveratlas/contracts';
import type { Config } from '../../config';
import { countListedCompanies, listedCompanySlugs } from '../companies';
import { citySlugsWithCompanies, countCitiesWithCompanies } from '../states';
import { siteOrigin } from '../../lib/http/site-origin';

/** The sitemap protocol's limit per file. */
export const MAX_URLS_PER_SITEMAP = 50_000;

export interface SitemapContext {
  config: Config;
  db: Knex;
}

export interface SitemapOptions {
  /** Tests lower it to see the paging; never above MAX_URLS_PER_SITEMAP. */
  urlsPerSitemap?: number;
}

/** Pages that exist whatever the data (spec 2.1), plus the directory's own lists. */
const STATIC_PATHS = [
  '/',
  '/moving-companies',
  '/states',
  '/get-quotes',
  '/calculator',
  '/check-a-mover',
  '/blog',
  '/guides',
  '/resources',
  '/faq',
  '/about',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/list-your-company',
  '/sitemap',
];

/** Content collections whose Markdown files become pages (directory/content/{collection}/{slug}.md). */
const CONTENT_COLLECTIONS = [
  { dir: 'blog', prefix: '/blog/' },
  { dir: 'services', prefix: '/services/' },
  { dir: 'guides', prefix: '/guides/' },
  { dir: 'resources', prefix: '/resources/' },
];

function contentPaths(repoRoot: string): string[] {
  const paths: string[] = [];
  for (const { dir, prefix } of CONTENT_COLLECTIONS) {
    const folder = path.join(repoRoot, 'directory', 'content', dir);
    let files: string[];
    try {
      files = fs.readdirSync(folder);
    } catch {
      continue;
    }
    for (const file of files.sort()) {
      if (file.endsWith('.md') && !file.startsWith('_')) paths.push(prefix + file.slice(0, -3));
    }
  }
  return paths;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function urlSet(urls: Array<{ loc: string; lastmod?: Date | null }>): string {
  const body = urls
    .map(({ loc, lastmod }) => {
      const date =
        lastmod && !Number.isNaN(lastmod.getTime())
          ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>`
          : '';
      return `<url><loc>${escapeXml(loc)}</loc>${date}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function sitemapIndex(locations: string[]): string {
  const body = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export function sitemapRoutes(
  { config, db }: SitemapContext,
  { urlsPerSitemap = MAX_URLS_PER_SITEMAP }: SitemapOptions = {},
): Router {
  const size = Math.min(MAX_URLS_PER_SITEMAP, Math.max(1, urlsPerSitemap));
  const router = Router();
  const origin = (req: Request) => siteOrigin(config, req);
  const sendXml = (res: Response, xml: string) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(xml);
  };

  router.get('/robots.txt', (req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(
        // A listing's claim page (/claim/<slug>, noindex) has nothing for search engines, one per company;
        // nor has the movers' area (/pro, /pro/login, …, all noindex and behind a sign-in).
        `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\nDisallow: /claim/\nDisallow: /my-request\nDisallow: /pro\nDisallow: /write-review\n\nSitemap: ${origin(req)}/sitemap.xml\n`,
      );
  });

  router.get('/sitemap.xml', async (req, res) => {
    const [cities, companies] = await Promise.all([
      countCitiesWithCompanies(db),
      countListedCompanies(db),
    ]);
    const base = `${origin(req)}/sitemaps`;
    const locations = [`${base}/pages.xml`, `${base}/states.xml`];
    for (let n = 1; n <= pageCount(cities, size); n++) locations.push(`${base}/cities-${n}.xml`);
    for (let n = 1; n <= pageCount(companies, size); n++)
      locations.push(`${base}/companies-${n}.xml`);
    sendXml(res, sitemapIndex(locations));
  });

  router.get('/sitemaps/pages.xml', (req, res) => {
    const paths = [...STATIC_PATHS, ...contentPaths(config.repoRoot)];
    sendXml(res, urlSet(paths.map((p) => ({ loc: origin(req) + p }))));
  });

  router.get('/sitemaps/states.xml', (req, res) => {
    sendXml(res, urlSet(US_STATES.map((s) => ({ loc: `${origin(req)}${statePath(s.slug)}` }))));
  });

  router.get(/^\/sitemaps\/(cities|companies)-(\d{1,6})\.xml$/, async (req, res, next) => {
    const [, kind, nText] = /^\/sitemaps\/(cities|companies)-(\d+)\.xml$/.exec(req.path)!;
    const n = Number(nText);
    if (n < 1) return next();
    const offset = (n - 1) * size;
    const base = origin(req);
    if (kind === 'cities') {
      const rows = await citySlugsWithCompanies(db, offset, size);
      if (rows.length === 0 && n > 1) return next();
      return sendXml(
        res,
        urlSet(rows.map((r) => ({ loc: `${base}${cityPath(r.stateSlug, r.citySlug)}` }))),
      );
    }
    const rows = await listedCompanySlugs(db, offset, size);
    if (rows.length === 0 && n > 1) return next();
    sendXml(
      res,
      urlSet(
        rows.map((r) => ({ loc: `${base}${companyProfilePath(r.slug)}`, lastmod: r.updatedAt })),
      ),
    );
  });

  return router;
}
