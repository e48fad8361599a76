/**
 * Serves the directory: every GET that is not /api/* or a health check (/healthz, /livez, /readyz) is rendered by the directory's server
 * entry (development: through Vite in middleware mode, with HMR; otherwise: the build in directory/dist),
 * with loaders reading the database in process. Call it after the API router and before the error handler:
 * it adds its router to `app` at once, before its first await, so its place in the stack is where it is called.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, {
  Router,
  type Express,
  type NextFunction,
  type Request,
  type Response,
} from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { RenderDocument, RenderOptions, ServerEntryModule } from '@moveratlas/contracts';
import { DEVELOPMENT_ASSETS, readClientAssets, type ClientAssets } from './client-assets';
import { SiteSettings } from '../features/settings';
import type { ReadReplicas } from '../db/read-replicas';
import { createDirectoryData } from './directory-data';
import { PageCache } from './page-cache';
import { precompressedAssets } from './precompressed-assets';
import { onListen } from '../lib/on-listen';
import { RenderPool } from './render-pool';
import { readOnlyFiles } from './static-answers';
import { canonicalPageRedirect } from './canonical-path';
import type { PageAnswer } from './page-cache';
import { siteOrigin } from '../lib/http/site-origin';
import { isPersonal, readAnswer, sendPage, toWebRequest } from './web-http';

export interface DirectoryContext {
  config: Config;
  db: Knex;
  logger: Logger;
  /** Where a page's anonymous reads go (read replicas); the primary `db` without it. */
  reads?: ReadReplicas;
}

export interface MountOptions {
  /** The directory workspace; tests point it at a fixture build. */
  directoryRoot?: string;
}

/** Paths the directory never answers, whatever order the app registers things in. */
const NOT_DIRECTORY = /^\/(?:api|healthz|livez|readyz)(?:\/|$)/;

const isDocumentRequest = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') && !NOT_DIRECTORY.test(req.path);

/** Renders one page to its answer: in process (development, RENDER_THREADS=0) or on a render thread. */
type PageRenderer = (request: globalThis.Request, options: RenderOptions) => Promise<PageAnswer>;

const inProcess =
  (getRender: () => Promise<RenderDocument>): PageRenderer =>
  async (request, options) =>
    readAnswer(await (await getRender())(request, options));

function documentHandler(
  ctx: DirectoryContext,
  renderer: PageRenderer,
  { assets, lazyModulePreloads }: ClientAssets,
  pages: PageCache,
) {
  const renderPage = async (req: Request, origin: string, request: globalThis.Request) => {
    // The name saved on the admin Settings screen; SITE_NAME while the database cannot say.
    const siteName = await SiteSettings.for(ctx.db, ctx.config)
      .current()
      .then((settings) => settings.siteName)
      .catch(() => ctx.config.siteName);
    const data = createDirectoryData(ctx.reads?.for(req) ?? ctx.db, {
      siteName,
      origin,
      currentYear: new Date().getFullYear(),
    });
    return renderer(request, {
      data,
      assets,
      lazyModulePreloads,
      onError: (error) => ctx.logger.error({ err: error, path: req.path }, 'directory page failed'),
    });
  };

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (!isDocumentRequest(req)) return next();
    const origin = siteOrigin(ctx.config, req);

    if (pages.enabled && !isPersonal(req)) {
      // The page depends on its address alone (the loaders read the URL, never the headers); HEAD shares GET's.
      const key = origin + req.originalUrl;
      const hit = pages.lookup(key);
      // One render for everyone waiting, so no visitor's disconnect may abort it.
      const answer =
        hit ??
        (await pages.get(key, () =>
          renderPage(req, origin, toWebRequest(req, origin, new AbortController().signal, 'GET')),
        ));
      sendPage(req, res, answer, hit ? 'HIT' : 'MISS');
      return;
    }

    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    sendPage(req, res, await renderPage(req, origin, toWebRequest(req, origin, abort.signal)));
  };
}

async function mountDevelopment(
  router: Router,
  directoryRoot: string,
  ctx: DirectoryContext,
): Promise<void> {
  // Vite is a development dependency of the directory: only loaded here, never in production.
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(directoryRoot, 'vite.config.ts'),
    root: directoryRoot,
    appType: 'custom',
    server: { middlewareMode: true },
  });
  router.use((req, res, next) =>
    NOT_DIRECTORY.test(req.path) ? next() : vite.middlewares(req, res, next),
  );
  const getRender = async () => {
    const entry = (await vite.ssrLoadModule('/src/app/entry-server.tsx')) as ServerEntryModule;
    return entry.render;
  };
  // Never cached in development: an edited component shows on the next request.
  const handler = documentHandler(ctx, inProcess(getRender), DEVELOPMENT_ASSETS, new PageCache(0));
  router.use(async (req, res, next) => {
    try {
      await handler(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
  ctx.logger.info('directory: Vite dev server in middleware mode (HMR on)');
}

async function mountBuilt(
  router: Router,
  directoryRoot: string,
  ctx: DirectoryContext,
  pages: PageCache,
  onClose: (stop: () => Promise<void>) => void,
): Promise<void> {
  const clientDir = path.join(directoryRoot, 'dist', 'client');
  const serverEntry = path.join(directoryRoot, 'dist', 'server', 'entry-server.js');
  const manifest = path.join(clientDir, '.vite', 'manifest.json');
  const missing = [serverEntry, manifest].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    const message = `The directory is not built (missing ${missing.join(', ')}): run npm run build -w @moveratlas/directory`;
    // Tests of the API alone run without a build; a real deployment must not start without its site.
    if (ctx.config.env === 'production') throw new Error(message);
    ctx.logger.warn(`${message}; pages are not served`);
    return;
  }

  const assets = readClientAssets(clientDir);
  // React picks its development build (several times slower: prop validation, dev warnings) unless
  // process.env.NODE_ENV says production when it is first imported. The configuration defaults to production
  // even when the variable is unset (a process started without `npm start`), so it must reach React too.
  const production = ctx.config.env === 'production';
  const threads = ctx.config.overload.renderThreads;
  let renderer: PageRenderer;
  if (threads > 0) {
    const pool = new RenderPool({ serverEntry, threads, production });
    onClose(() => pool.close());
    renderer = (request, options) => pool.render(request, options);
  } else {
    if (production) process.env.NODE_ENV = 'production';
    const { render } = (await import(pathToFileURL(serverEntry).href)) as ServerEntryModule;
    renderer = inProcess(async () => render);
  }

  // Hashed file names change with their content, so browsers may keep them for a year. Scripts and
  // stylesheets go out compressed once at the strongest settings when a client accepts it.
  const precompressed = precompressedAssets(path.join(clientDir, 'assets'), ctx.logger);
  router.use('/assets', readOnlyFiles, precompressed.handler);
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  // Unhashed files from directory/public (the favicon); dot-files such as .vite/manifest.json stay private.
  router.use(express.static(clientDir, { index: false, maxAge: '1h', dotfiles: 'ignore' }));
  router.use(documentHandler(ctx, renderer, assets, pages));
  ctx.logger.info({ clientDir, renderThreads: threads }, 'directory: serving the built site');
}

export async function mountDirectory(
  app: Express,
  ctx: DirectoryContext,
  options: MountOptions = {},
): Promise<void> {
  const directoryRoot = options.directoryRoot ?? path.join(ctx.config.repoRoot, 'directory');
  const router = Router();
  app.use(router);
  // Before any page: other forms of a page's address answer 301 to its one address.
  const toCanonical = canonicalPageRedirect();
  router.use((req, res, next) => (isDocumentRequest(req) ? toCanonical(req, res, next) : next()));
  // Rendered pages, kept as long as the API's public reads (decision 013), or until the public directory
  // changes, in any process (decision 018).
  const pages = new PageCache(ctx.config.apiCacheSeconds * 1000);
  app.locals.renderedPages = pages;
  if (ctx.config.env === 'development') await mountDevelopment(router, directoryRoot, ctx);
  else {
    // Render threads stop with the server that served them.
    await mountBuilt(router, directoryRoot, ctx, pages, (stop) =>
      onListen(app, (server) => server.once('close', () => void stop())),
    );
  }
}
