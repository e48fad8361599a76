/**
 * Serves the quote widget's build (widget/dist) under /widget/ to any page, ours or a partner's:
 * - /widget/loader.js, the URL partners paste, is cached briefly so a release reaches every page in minutes;
 * - /widget/assets/* are content-hashed, so browsers and CDNs keep them for a year (immutable);
 * - every file may be fetched from any origin (the bundle is a module script, loaded with CORS; it is
 *   public and carries no credentials), and Cross-Origin-Resource-Policy allows embedding anywhere;
 * - the hashed chunks go out compressed once at the strongest settings (the core chunk is 260 KB of
 *   JavaScript: compressing it per request cost ~25 ms of server CPU on every widget's first paint).
 * Mount it before the directory, whose catch-all would otherwise answer these paths with a page.
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';
import type { Logger } from 'pino';
import { precompressedAssets } from './precompressed-assets';

/** How long browsers keep the loader before asking again (a revalidation is a 304 by ETag). */
export const LOADER_MAX_AGE_SECONDS = 300;

export interface WidgetBundleOptions {
  /** widget/dist: loader.js beside assets/. */
  distDir: string;
  logger: Logger;
}

function crossOrigin(res: Response): void {
  res.set('Access-Control-Allow-Origin', '*');
  res.set('Cross-Origin-Resource-Policy', 'cross-origin');
  // Partners' performance tools may read our timings (the bench reads them too).
  res.set('Timing-Allow-Origin', '*');
}

export interface WidgetBundles {
  router: Router;
  /** Resolves once the hashed chunks are compressed (tests and benchmarks wait for it). */
  ready: Promise<void>;
}

export function widgetBundles({ distDir, logger }: WidgetBundleOptions): WidgetBundles {
  const router = Router();
  const loader = path.join(distDir, 'loader.js');
  if (!fs.existsSync(loader))
    logger.warn(
      { distDir },
      'the quote widget is not built (run npm run build -w @moveratlas/widget); /widget/ answers 404',
    );

  router.use((_req, res, next) => {
    crossOrigin(res);
    next();
  });
  router.get('/loader.js', (_req, res, next) => {
    res.sendFile(
      loader,
      {
        maxAge: LOADER_MAX_AGE_SECONDS * 1000,
        headers: {
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': `public, max-age=${LOADER_MAX_AGE_SECONDS}, stale-while-revalidate=3600`,
        },
      },
      (error) => {
        if (error) next();
      },
    );
  });
  const assetsDir = path.join(distDir, 'assets');
  const precompressed = precompressedAssets(assetsDir, logger);
  router.use('/assets', precompressed.handler);
  router.use(
    '/assets',
    express.static(assetsDir, {
      immutable: true,
      maxAge: '1y',
      index: false,
      redirect: false,
      fallthrough: true,
    }),
  );
  router.use((_req, res) => {
    res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
  });
  return { router, ready: precompressed.ready };
}
