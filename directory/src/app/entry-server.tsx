/**
 * The directory's server entry: runs the matched routes' loaders in process (with the DirectoryData the
 * server passes in), then renders the whole document. Redirects come back as the router's own Response.
 */
import { Writable } from 'node:stream';
import { isValidElement, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router-dom';
import { CameFromContext, sameSitePath } from '../lib/came-from';
import { createQueryClient } from '../lib/query-client';
import { Document } from './document';
import { dehydrateRouterState, serializeBootstrap } from './hydration';
import { isPrivatePage, PRIVATE_CACHE_CONTROL } from './page-privacy';
import { AppProviders } from './providers';
import { routes } from './router';
import { createRouterContext } from './router-context';
import type { DocumentAssets, RenderDocument, RenderOptions } from '@moveratlas/contracts';

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8' };

/**
 * The modules the router may load lazily (its pages, *-page.tsx and *-route.tsx), by their path in directory/
 * as the client manifest names them; the components they export tell which of them a request's matched
 * routes came from.
 */
const featureModules = import.meta.glob<Record<string, unknown>>([
  '../features/**/*-page.tsx',
  '../features/**/*-route.tsx',
  '!../features/**/*.test.tsx',
]);
let componentModules: Promise<Map<unknown, string>> | undefined;

/** Route component → module path, for the lazily loaded modules of the client build (loaded once). */
function moduleOfComponents(lazyModules: Record<string, string[]>): Promise<Map<unknown, string>> {
  componentModules ??= (async () => {
    const loaded = await Promise.all(
      Object.entries(featureModules)
        .map(([path, load]) => [path.replace(/^\.\.\//, 'src/'), load] as const)
        .filter(([key]) => key in lazyModules)
        .map(async ([key, load]) => [key, await load()] as const),
    );
    const modules = new Map<unknown, string>();
    // A page module's Component first; any other component it exports (the admin area's) after.
    for (const [key, module] of loaded) {
      if (typeof module.Component === 'function') modules.set(module.Component, key);
    }
    for (const [key, module] of loaded) {
      for (const value of Object.values(module)) {
        if (typeof value === 'function' && !modules.has(value)) modules.set(value, key);
      }
    }
    return modules;
  })();
  return componentModules;
}

/**
 * The document's assets plus the chunks of the page's lazily loaded routes, so that the browser fetches
 * them with the entry (and Vite's preload helper finds them linked already) rather than after it has run.
 */
async function pageAssets(
  context: StaticHandlerContext,
  { assets, lazyModulePreloads }: RenderOptions,
): Promise<DocumentAssets> {
  if (!lazyModulePreloads) return assets;
  const modules = await moduleOfComponents(lazyModulePreloads);
  const preloads = new Set(assets.modulePreloads);
  for (const { route } of context.matches) {
    // React Router keeps a route's Component as the element it creates from it.
    const component =
      route.Component ?? (isValidElement(route.element) ? route.element.type : null);
    const key = modules.get(component);
    for (const href of key ? (lazyModulePreloads[key] ?? []) : []) preloads.add(href);
  }
  return { ...assets, modulePreloads: [...preloads] };
}

/**
 * The streaming render (see renderPage for when), to one buffer once everything is ready: crawlers and the
 * first paint get the complete page, not a streamed shell. Node streams rather than web streams, which cost
 * about a fifth of a page's render time to read back. React writes the doctype.
 */
function renderStreamed(
  element: ReactNode,
  onError: (error: unknown) => void,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
        let offset = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, offset);
          offset += chunk.length;
        }
        resolve(bytes);
        callback();
      },
    });
    let shellFailed = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      onError,
      onShellError(error) {
        shellFailed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onAllReady() {
        if (!shellFailed) pipe(sink);
      },
    });
    if (signal.aborted) abort(signal.reason);
    else signal.addEventListener('abort', () => abort(signal.reason), { once: true });
  });
}

const encoder = new TextEncoder();

/**
 * The page's HTML. Nothing suspends on the server (the loaders have run and the matched lazy routes are
 * loaded), so React's synchronous renderToString gives the same bytes as the stream read to its end, for about
 * a third less CPU. Should a component suspend or fail inside a Suspense boundary, that output would hold a
 * boundary left to the browser (<!--$!): the page is then rendered again as a stream, which waits for the data
 * and reports the error.
 */
function renderPage(
  element: ReactNode,
  onError: (error: unknown) => void,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const html = renderToString(element);
    if (!html.includes('<!--$!')) return Promise.resolve(encoder.encode(`<!DOCTYPE html>${html}`));
  } catch {
    // Rendered again below, where the error reaches onError (or the page suspended outside a boundary).
  }
  return renderStreamed(element, onError, signal);
}

async function renderContext(
  dataRoutes: RouteObject[],
  context: StaticHandlerContext,
  options: RenderOptions,
  request: Request,
): Promise<Uint8Array<ArrayBuffer>> {
  const { data, onError } = options;
  const assets = await pageAssets(context, options);
  // Only a 404 names where the visitor came from: no other page varies with the Referer (or may be cached so).
  const cameFrom =
    context.statusCode === 404 ? sameSitePath(request.headers.get('referer'), request.url) : null;
  const bootstrapJson = serializeBootstrap({
    site: data.site(),
    assets,
    router: dehydrateRouterState(context),
    ...(cameFrom ? { cameFrom } : {}),
  });
  const router = createStaticRouter(dataRoutes, context);
  return renderPage(
    <AppProviders queryClient={createQueryClient()}>
      <Document assets={assets} bootstrapJson={bootstrapJson}>
        <CameFromContext value={cameFrom}>
          {/* hydrate={false}: React Router's inline hydration script would break the CSP; the JSON block replaces it. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </CameFromContext>
      </Document>
    </AppProviders>,
    onError,
    request.signal,
  );
}

/** The last resort when rendering itself failed: a page that needs nothing but HTML. */
function staticErrorPage(siteName: string): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5"><meta name="robots" content="noindex"><title>Something Went Wrong | ${escape(siteName)}</title></head><body><main><p>Error 500</p><h1>Something Went Wrong</h1><p>We're experiencing some technical difficulties. Our team has been notified and is working to fix the issue.</p><p><a href="/">Back to Home</a></p></main></body></html>`;
}

function reportLoaderErrors(
  context: StaticHandlerContext,
  onError: (error: unknown) => void,
): void {
  for (const error of Object.values(context.errors ?? {})) {
    if (!isRouteErrorResponse(error)) onError(error);
  }
}

/** Builds a renderer for a route table; the app uses `render` below, tests pass their own routes. */
export function createRenderer(routeTable: RouteObject[]): RenderDocument {
  const handler = createStaticHandler(routeTable);

  return async function renderDocument(request, options) {
    // React reports a failed render to onError and then rejects with the same error: log it once.
    const reported = new WeakSet<object>();
    const onError = (error: unknown) => {
      if (typeof error === 'object' && error !== null) {
        if (reported.has(error)) return;
        reported.add(error);
      }
      options.onError(error);
    };
    const renderOptions: RenderOptions = { ...options, onError };
    const requestContext = createRouterContext(options.data);
    const context = await handler.query(request, { requestContext });
    // Redirects (and any other Response a loader returns outright) go back untouched.
    if (context instanceof Response) return context;
    reportLoaderErrors(context, onError);

    try {
      const html = await renderContext(handler.dataRoutes, context, renderOptions, request);
      const headers = isPrivatePage(context.matches)
        ? { ...HTML_HEADERS, 'Cache-Control': PRIVATE_CACHE_CONTROL }
        : HTML_HEADERS;
      return new Response(html, { status: context.statusCode, headers });
    } catch (error) {
      onError(error);
    }

    // Rendering the page failed: show the /error page in its place, answering 500.
    try {
      const errorRequest = new Request(new URL('/error', request.url), { signal: request.signal });
      const errorContext = await handler.query(errorRequest, { requestContext });
      // The /error route answers 500 itself; anything else means it is missing or broken too.
      if (!(errorContext instanceof Response) && errorContext.statusCode === 500) {
        const html = await renderContext(handler.dataRoutes, errorContext, renderOptions, request);
        return new Response(html, { status: 500, headers: HTML_HEADERS });
      }
    } catch (error) {
      onError(error);
    }
    return new Response(staticErrorPage(options.data.site().siteName), {
      status: 500,
      headers: HTML_HEADERS,
    });
  };
}

export const render: RenderDocument = createRenderer(routes);
