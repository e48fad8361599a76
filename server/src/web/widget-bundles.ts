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
import { fileNotFound, readOnlyFiles } from './static-answers';

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
  router.use(readOnlyFiles);
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
    // Relative to `root`: given a whole path, send refuses any with a dot segment, and the product may well be
    // installed under one (~/.local/…, CI work folders), which made the loader a 404 there.
    res.sendFile(
      'loader.js',
      {
        root: distDir,
        maxAge: LOADER_MAX_AGE_SECONDS * 1000,
        headers: {
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': `public, max-age=${LOADER_MAX_AGE_SECONDS}, stale-while-revalidate=3600`,
        },
      },
      (error?: Error & { status?: number }) => {
        if (!error) return;
        // send set the script's headers before it found it could not answer: the refusal is not a script.
        res.removeHeader('Content-Type');
        res.removeHeader('Cache-Control');
        // A range past the end is the client's mistake (416); anything else means no loader here (404).
        next(error.status === 416 ? error : undefined);
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
  router.use(fileNotFound);
  return { router, ready: precompressed.ready };
}
