/**
 * The directory's server entry: runs the matched routes' loaders in process (with the DirectoryData the
 * server passes in), then renders the whole document. Redirects come back as the router's own Response.
 */
import { renderToReadableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { Document } from './document';
import { dehydrateRouterState, serializeBootstrap } from './hydration';
import { AppProviders } from './providers';
import { routes } from './router';
import { createRouterContext } from './router-context';
import type { RenderDocument, RenderOptions } from './ssr-contract';

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8' };

async function renderContext(
  dataRoutes: RouteObject[],
  context: StaticHandlerContext,
  { data, assets, onError }: RenderOptions,
  signal: AbortSignal,
): Promise<string> {
  const bootstrapJson = serializeBootstrap({
    site: data.site(),
    assets,
    router: dehydrateRouterState(context),
  });
  const router = createStaticRouter(dataRoutes, context);
  const stream = await renderToReadableStream(
    <AppProviders queryClient={createQueryClient()}>
      <Document assets={assets} bootstrapJson={bootstrapJson}>
        {/* hydrate={false}: React Router's inline hydration script would break the CSP; the JSON block replaces it. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Document>
    </AppProviders>,
    { onError, signal },
  );
  // Crawlers and the first paint get the complete page, not a streamed shell. React writes the doctype.
  await stream.allReady;
  return new Response(stream).text();
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
      const html = await renderContext(handler.dataRoutes, context, renderOptions, request.signal);
      return new Response(html, { status: context.statusCode, headers: HTML_HEADERS });
    } catch (error) {
      onError(error);
    }

    // Rendering the page failed: show the /error page in its place, answering 500.
    try {
      const errorRequest = new Request(new URL('/error', request.url), { signal: request.signal });
      const errorContext = await handler.query(errorRequest, { requestContext });
      // The /error route answers 500 itself; anything else means it is missing or broken too.
      if (!(errorContext instanceof Response) && errorContext.statusCode === 500) {
        const html = await renderContext(
          handler.dataRoutes,
          errorContext,
          renderOptions,
          request.signal,
        );
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
