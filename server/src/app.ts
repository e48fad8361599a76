/** Builds the Express app. Tests and benchmarks import this; main.ts adds the listening server and the workers. */
import path from 'node:path';
import express, { Router, type Express } from 'express';
import type { Knex } from 'knex';
import helmet from 'helmet';
import cors from 'cors';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import { answerClientError, apiNotFound, errorHandler } from './lib/error-handler';
import { ResponseCache } from './lib/response-cache';
import { acquireEventLoopMonitor } from './lib/event-loop-monitor';
import { onListen } from './lib/on-listen';
import { LoadShedder } from './lib/load-shedding';
import { companyRoutes } from './features/companies';
import { stateRoutes } from './features/states';
import { searchRoutes } from './features/search';
import { geoRoutes } from './features/geo';
import { healthRoutes } from './features/health';
import { PartnerDirectory } from './features/partners';
import { proxyRoutes } from './api/widget-api';
import { contentRoutes } from './features/content';
import { contactRoutes } from './features/contact';
import { companyApplicationRoutes, companyMediaRoutes } from './features/companies';
import { profileActivityRoutes } from './features/profile-analytics';
import { claimRoutes } from './features/claims';
import { myRequestRoutes } from './features/leads';
import { reviewMediaRoutes, reviewRoutes } from './features/reviews';
import { publicLicensingRoutes } from './features/licensing';
import { mountDirectory } from './web/mount-directory';
import { authRoutes } from './features/auth';
import { adminApi } from './api/admin-api';
import { proApi } from './api/pro-api';
import { sitemapRoutes } from './features/seo-health';
import { widgetBundles } from './web/widget-bundles';
import { requestGuard } from './web/request-guard';
import { jsonBody } from './lib/http/json-body';
import { isHealthPath } from './lib/http/health-paths';
import { SharedCaches } from './db/cache-versions';
import { ReadReplicas } from './db/read-replicas';
import type { AppContext } from './app-context';

export type { AppContext };

export async function createApp({
  config,
  db,
  logger,
  jobs,
  reads = ReadReplicas.none(db),
}: AppContext): Promise<Express> {
  const app = express();
  app.disable('x-powered-by');
  // The proxies TRUST_PROXY names (or, the older form, a hop count): X-Forwarded-For is believed only from
  // them, never from anyone (`true`), so a client cannot choose the address the per-IP limits count.
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'weak');
  // Vite's dev server injects styles and talks over a WebSocket; production stays strict.
  const dev = config.env === 'development';

  // Overload (issue 12): requests past the in-flight limit are refused first thing, before any logging,
  // parsing or database work is spent on them (the event loop is watched from the end of this function).
  const loadShedder = new LoadShedder({
    maxInFlight: config.overload.maxInFlight,
    delayLimitMs: config.overload.eventLoopWarnMs,
  });
  app.locals.loadShedder = loadShedder;
  app.use(loadShedder.middleware());

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => isHealthPath(req.url ?? '') },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: { method: string; url: string; id: unknown }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: dev ? ["'self'", 'ws:'] : ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: dev ? null : [],
        },
      },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  // Absurd or malformed addresses and unknown Host names stop here, before any route or regex sees them.
  app.use(requestGuard(config, logger));
  app.use(compression());

  app.use(healthRoutes({ config, db, logger }));

  const publicReads = new ResponseCache(config.apiCacheSeconds * 1000);
  app.locals.publicReads = publicReads;

  const allowedOrigins = new Set(config.corsOrigins);
  if (config.publicUrl) allowedOrigins.add(new URL(config.publicUrl).origin);
  // Browsers may call the API from our own origins and from active partners' sites (the embedded widget).
  const partners = new PartnerDirectory(db, allowedOrigins);
  app.locals.partners = partners;
  const api = express.Router();
  // Every API answer depends on the Origin (CORS headers for partners, none for others): say so to every
  // cache on the way, allowed origin or not, or one could hand a partner the answer stored for a stranger.
  api.use((_req, res, next) => {
    res.vary('Origin');
    next();
  });
  api.use(
    cors({
      origin: (origin, callback) => {
        if (origin === undefined) return callback(null, false);
        partners.allowsOrigin(origin).then(
          (allowed) => callback(null, allowed ? origin : false),
          // Partners unreadable (database down): only our own origins until it returns.
          () => callback(null, allowedOrigins.has(origin) ? origin : false),
        );
      },
      exposedHeaders: ['X-Total-Count'],
      maxAge: 600,
    }),
  );
  // The widget's endpoints: before the public-read cache (GET /api/ip must never be shared).
  api.use(proxyRoutes({ config, db, logger, partners, jobs }));
  // Claiming a listing: its own body limits (an evidence document is up to 5 MB), so before the parser.
  api.use(claimRoutes({ config, db, logger, jobs }));
  api.use(jsonBody('32kb'));
  // Sign-in and the admin API: private, per-session answers, so before the public-read cache.
  api.use(authRoutes({ config, db, logger }));
  api.use('/admin', adminApi({ config, db, logger, jobs }));
  // The movers' API (/pro): their own sign-in and sessions, the same kind of gate (issue 17).
  api.use('/pro', proApi({ config, db, logger, jobs }));
  // The visitor's own request, opened by its private link (issue 18), and the review written from the link
  // of the e-mail asking how the move went (issue 19): private answers, never cached.
  api.use(myRequestRoutes({ config, db, logger, jobs }));
  api.use(reviewRoutes({ config, db, logger, jobs }));
  api.use(publicReads.middleware());
  // The directory's public reads. With read replicas (decision 019) an anonymous request is answered by the
  // same routes built on a replica's handle (once per handle, on first use), so the routes never know where
  // they read; everyone else, and every request without replicas, goes on to the routes on the primary.
  const replicaRoutes = new Map<Knex, Router>();
  const publicReadRoutes = (handle: Knex): Router =>
    Router().use(
      companyRoutes(handle),
      stateRoutes(handle),
      searchRoutes(handle),
      geoRoutes(handle),
    );
  api.use((req, res, next) => {
    const handle = reads.for(req);
    if (handle === db) return next();
    let routes = replicaRoutes.get(handle);
    if (!routes) replicaRoutes.set(handle, (routes = publicReadRoutes(handle)));
    routes(req, res, next);
  });
  api.use(publicReadRoutes(db));
  // "Check a mover" (issue 20): public reads, but the check's rate limit counts on the primary, so these
  // routes pick their replica themselves.
  api.use(publicLicensingRoutes({ config, db, reads }));
  api.use(contentRoutes());
  api.use(contactRoutes({ config, db }));
  api.use(companyApplicationRoutes({ config, db }));
  // The public profile's activity beacons: a write, so on the primary, never cached (decision 033).
  api.use(profileActivityRoutes({ config, db }));
  api.use(apiNotFound);
  app.use('/api', api);

  // Every other GET is a page of the directory, rendered on the server (Vite middleware in development).
  app.use(
    '/widget',
    widgetBundles({ distDir: path.join(config.repoRoot, 'widget', 'dist'), logger }).router,
  );
  app.use(sitemapRoutes({ config, db }));
  // Pictures movers uploaded, from the database (every process serves every upload): before the pages.
  app.use(companyMediaRoutes(db));
  // Photos on published reviews (issue 19), the same way.
  app.use(reviewMediaRoutes(db));
  await mountDirectory(app, { config, db, logger, reads });

  app.use(errorHandler(logger));

  // The event loop's delay, watched while this app serves; from here, as loading the site's bundles above
  // is the app's start, not load.
  const eventLoop = acquireEventLoopMonitor({ logger, warnMs: config.overload.eventLoopWarnMs });
  app.locals.eventLoop = loadShedder.watch(eventLoop);
  onListen(app, (server) => {
    // Requests Node's parser refuses (headers over 16 KB, not HTTP) are answered in JSON too.
    server.on('clientError', answerClientError);
    server.once('close', eventLoop.release);
    // A serving process follows the other processes' changes of the public directory (decision 018).
    server.once('close', SharedCaches.for(db).watch());
    server.once('close', reads.watch());
  });
  return app;
}
