// @vitest-environment node
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { redirect, type RouteObject } from 'react-router-dom';
import { fakeDirectoryData } from '../test/fixtures';
import { createRenderer, render } from './entry-server';
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from './hydration';
import type { RenderOptions } from '@moveratlas/contracts';

const ASSETS = {
  styles: ['/assets/app.css'],
  scripts: ['/assets/app.js'],
  modulePreloads: ['/assets/react.js'],
};

function options(overrides: Partial<RenderOptions> = {}): RenderOptions {
  return { data: fakeDirectoryData(), assets: ASSETS, onError: vi.fn(), ...overrides };
}

const get = (path: string) => new Request(`https://movers.test${path}`);

function bootstrapOf(html: string): Bootstrap {
  const match = new RegExp(
    `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  if (!match) throw new Error('no bootstrap block');
  return JSON.parse(match[1]!) as Bootstrap;
}

const head = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));

describe('render', () => {
  it('renders the home page as a whole document with its head tags in <head>', async () => {
    const response = await render(get('/'), options());
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    const headHtml = head(html);
    expect(headHtml).toContain(
      '<title>Compare Moving Companies &amp; Get Free Quotes | MoverAtlas</title>',
    );
    expect(headHtml).toContain('<link rel="canonical" href="https://movers.test/"/>');
    expect(headHtml).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5"/>',
    );
    expect(headHtml).toContain('<meta property="og:title"');
    expect(headHtml).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(headHtml).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html).toContain('"@type":"WebSite"');
    expect(html).toContain('href="/states/illinois/chicago"');
    // No executable inline script anywhere: every inline <script> is a JSON data block.
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    for (const tag of inlineScripts) expect(tag).toMatch(/type="application\/(ld\+)?json"/);
  });

  it('hands the loader data, site and assets to the browser in a JSON block', async () => {
    const html = await (await render(get('/states'), options())).text();
    const bootstrap = bootstrapOf(html);
    expect(bootstrap.site.siteName).toBe('MoverAtlas');
    expect(bootstrap.assets).toEqual(ASSETS);
    expect(
      Object.values(bootstrap.router.loaderData).some((d) =>
        Array.isArray((d as { states?: unknown }).states),
      ),
    ).toBe(true);
    expect(bootstrap.router.errors).toBeNull();
  });

  it('escapes "<" in the embedded data so it cannot end the script block', async () => {
    const data = fakeDirectoryData({
      site: () => ({
        siteName: 'Movers</script><script>alert(1)</script>',
        origin: 'https://movers.test',
        currentYear: 2026,
      }),
    });
    const html = await (await render(get('/'), options({ data }))).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(bootstrapOf(html).site.siteName).toBe('Movers</script><script>alert(1)</script>');
  });

  it('answers unknown paths with 404, the not-found page and noindex', async () => {
    const response = await render(get('/no/such/page'), options());
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found');
    expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('Find Movers'); // still inside the site's layout
  });

  it('answers 500 with the error page when a loader crashes, and reports the error without exposing it', async () => {
    const onError = vi.fn();
    const data = fakeDirectoryData({
      listStates: async () => {
        throw new Error('SQLITE_CORRUPT: database disk image is malformed');
      },
    });
    const response = await render(get('/states'), options({ data, onError }));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Error <!-- -->500');
    expect(html).toContain('Something Went Wrong');
    expect(html).toContain('Our team has been notified and is working to fix the issue.');
    expect(html).not.toContain('SQLITE_CORRUPT');
    expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('SQLITE_CORRUPT') }),
    );
  });

  it('keeps the status of an HTTP answer a loader throws', async () => {
    const data = fakeDirectoryData({
      listStates: async () => {
        throw new Response('The service is temporarily unavailable', { status: 503 });
      },
    });
    const response = await render(get('/states'), options({ data }));
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('Error <!-- -->503');
  });

  it('serves /error with status 500 by default and the status asked for', async () => {
    expect((await render(get('/error'), options())).status).toBe(500);
    const response = await render(get('/error?status=503'), options());
    expect(response.status).toBe(503);
  });
});

describe('module preloads of the page', () => {
  const lazyModulePreloads = {
    'src/features/states/states-page.tsx': ['/assets/states-page-1.js', '/assets/regions-2.js'],
    'src/features/home/home-page.tsx': ['/assets/home-page-3.js', '/assets/regions-2.js'],
  };
  const preloadsIn = (html: string) =>
    [...head(html).matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);

  it("links the chunks of the matched route's module, and hands the same list to the browser", async () => {
    const html = await (await render(get('/states'), options({ lazyModulePreloads }))).text();
    expect(preloadsIn(html)).toEqual([
      '/assets/react.js',
      '/assets/states-page-1.js',
      '/assets/regions-2.js',
    ]);
    // The hydrated <head> must render the same links.
    expect(bootstrapOf(html).assets.modulePreloads).toEqual(preloadsIn(html));
    const home = await (await render(get('/'), options({ lazyModulePreloads }))).text();
    expect(preloadsIn(home)).toEqual([
      '/assets/react.js',
      '/assets/home-page-3.js',
      '/assets/regions-2.js',
    ]);
  });

  it('links only the entry preloads without the manifest (development)', async () => {
    const html = await (await render(get('/states'), options())).text();
    expect(preloadsIn(html)).toEqual(['/assets/react.js']);
  });
});

describe('createRenderer', () => {
  it('passes redirects straight through', async () => {
    const routes: RouteObject[] = [{ path: '/old', loader: () => redirect('/states', 301) }];
    const response = await createRenderer(routes)(get('/old'), options());
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/states');
  });

  it('waits for a component that suspends instead of leaving its fallback to the browser', async () => {
    const Late = lazy(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { default: () => <p>Loaded later</p> };
    });
    const Page = () => (
      <Suspense fallback={<p>Loading…</p>}>
        <Late />
      </Suspense>
    );
    const routes: RouteObject[] = [{ path: '/', Component: Page }];
    const html = await (await createRenderer(routes)(get('/'), options())).text();
    expect(html).toContain('<p>Loaded later</p>');
    expect(html).not.toContain('Loading…');
  });

  it('reports a component that fails inside a Suspense boundary', async () => {
    const onError = vi.fn();
    const Broken = () => {
      throw new Error('card failed');
    };
    const Page = () => (
      <Suspense fallback={<p>Card unavailable</p>}>
        <Broken />
      </Suspense>
    );
    const routes: RouteObject[] = [{ path: '/', Component: Page }];
    const response = await createRenderer(routes)(get('/'), options({ onError }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Card unavailable');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'card failed' }));
  });

  it.each(['/login', '/admin', '/admin/companies', '/admin/no-such-screen', '/ADMIN/'])(
    'marks %s private, no-store: no cache may keep it (issue 12)',
    async (path) => {
      const response = await render(get(path), options());
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    },
  );

  it.each(['/', '/states', '/contact', '/loginx', '/no-such-page'])(
    'leaves the cache policy of %s to the server',
    async (path) => {
      const response = await render(get(path), options());
      expect(response.headers.get('Cache-Control')).toBeNull();
    },
  );

  it('falls back to the error page when rendering throws', async () => {
    const onError = vi.fn();
    const Broken = () => {
      throw new Error('render failed');
    };
    const routes: RouteObject[] = [{ path: '/', Component: Broken }];
    const response = await createRenderer(routes)(get('/'), options({ onError }));
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('Something Went Wrong');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }));
  });
});
