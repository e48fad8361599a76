/**
 * Check the sitemaps. They are generated from the database on every request (seo-health/sitemap-routes.ts),
 * so there is no stored copy to rebuild or go stale: this script builds every file exactly as a crawler fetches it — the
 * real routes, over HTTP on a private loopback port — and checks it: the protocol's 50,000-URL limit per
 * file, absolute addresses, no address listed twice. Its result is what search engines will see.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { MAX_URLS_PER_SITEMAP, sitemapRoutes } from '../../seo-health';
import { checkpoint, defineScript } from '../../../jobs/script';

/** The protocol also caps a file at 50 MB uncompressed. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

const locations = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) =>
    match[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
  );

export const checkSitemaps = defineScript({
  id: 'check-sitemaps',
  title: 'Check the sitemaps',
  description:
    'Builds /sitemap.xml and every child sitemap from the current data, as a search engine fetches them, and checks them: at most 50,000 addresses and 50 MB per file, absolute addresses, none listed twice. The sitemaps are generated on each request, so the result is what crawlers see now.',
  params: z.strictObject({}),
  async run(_params, { config, db, signal, progress, log }) {
    const app = express().use(sitemapRoutes({ config, db }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Addresses in the files use PUBLIC_URL when set, else the host the request came to (here, loopback).
    const fetchText = async (path: string): Promise<string> => {
      const response = await fetch(base + path, { signal });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.text();
    };
    try {
      const started = Date.now();
      const index = await fetchText('/sitemap.xml');
      const children = locations(index).map((loc) => new URL(loc).pathname);
      await log(`Sitemap index lists ${children.length} files`);
      const seen = new Set<string>();
      const problems: string[] = [];
      const files: Array<{ path: string; urls: number; bytes: number }> = [];
      for (const [i, path] of children.entries()) {
        checkpoint(signal);
        const xml = await fetchText(path);
        const urls = locations(xml);
        const bytes = Buffer.byteLength(xml);
        files.push({ path, urls: urls.length, bytes });
        if (urls.length > MAX_URLS_PER_SITEMAP)
          problems.push(`${path} lists ${urls.length} addresses (limit ${MAX_URLS_PER_SITEMAP})`);
        if (bytes > MAX_SITEMAP_BYTES) problems.push(`${path} is ${bytes} bytes (limit 50 MB)`);
        let duplicates = 0;
        for (const url of urls) {
          if (!/^https?:\/\//.test(url)) problems.push(`${path}: "${url}" is not absolute`);
          if (seen.has(url)) duplicates++;
          seen.add(url);
        }
        if (duplicates > 0) problems.push(`${path} repeats ${duplicates} address(es)`);
        await log(`${path}: ${urls.length} addresses`);
        await progress((100 * (i + 1)) / children.length);
      }
      for (const problem of problems.slice(0, 50)) await log(problem, 'warn');
      return {
        files,
        totalUrls: seen.size,
        problems: problems.length,
        ms: Date.now() - started,
        origin: config.publicUrl ?? '(PUBLIC_URL is not set: addresses use the request host)',
      };
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  },
});
