/**
 * The loader (loader-core.ts), each test in a fresh window of its own (the page a partner serves), with the
 * bundle's import replaced by a spy: the command queue, the mount points found now and later, the custom
 * element, and where the bundle is loaded from.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLoader, type AppModule, type MoverAtlasGlobal } from './loader-core';

type TestWindow = Window & typeof globalThis & { MoverAtlas?: MoverAtlasGlobal };
type JsdomConstructor = new (html: string, options: { url: string }) => { window: TestWindow };
// The jsdom instance vitest's environment made: its constructor gives each test a window of its own.
const JSDOM = (globalThis as unknown as { jsdom: { constructor: JsdomConstructor } }).jsdom
  .constructor;

const WIDGET_HOST = 'https://widgets.moveratlas.test';
const LOADER_TAG = `<script src="${WIDGET_HOST}/widget/loader.js" data-site="partner-7"></script>`;
const BUNDLE = { app: 'assets/app-abc123.js', imports: ['assets/core-def456.js'] };

let windows: TestWindow[] = [];

function page(body: string, head = LOADER_TAG): TestWindow {
  const { window } = new JSDOM(
    `<!doctype html><html><head>${head}</head><body>${body}</body></html>`,
    { url: 'https://partner.example/blog/moving' },
  );
  windows.push(window);
  return window;
}

function fakeBundle() {
  const app: { [K in keyof AppModule]: ReturnType<typeof vi.fn<AppModule[K]>> } = {
    init: vi.fn<AppModule['init']>(),
    command: vi.fn<AppModule['command']>(() => 'done'),
  };
  const importModule = vi.fn(async (url: string) => (url.includes('/assets/app-') ? app : {}));
  return { app, importModule };
}

/** The bundle's commands, by name and first argument, in the order the loader sent them. */
const commands = (app: ReturnType<typeof fakeBundle>['app']) =>
  app.command.mock.calls.map(([name, ...args]) => [name, ...args]);

/** Lets the loader's debounced scan (a 0 ms timer after a DOM mutation) and its promises run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  for (const window of windows) window.close();
  windows = [];
  vi.restoreAllMocks();
});

describe('loading the bundle', () => {
  it('loads the entry and its imports from its own origin, with the data-site, once', async () => {
    const w = page('<div data-moveratlas-quote></div><div data-moveratlas-quote></div>');
    const { app, importModule } = fakeBundle();
    startLoader(w, { ...BUNDLE, importModule });
    await vi.waitFor(() => expect(app.command).toHaveBeenCalled());
    await settle();

    // The partner page is on partner.example; every file comes from the loader's host instead.
    expect(importModule.mock.calls.map(([url]) => url)).toEqual([
      `${WIDGET_HOST}/widget/assets/core-def456.js`,
      `${WIDGET_HOST}/widget/assets/app-abc123.js`,
    ]);
    expect(app.init).toHaveBeenCalledTimes(1);
    expect(app.init).toHaveBeenCalledWith({ apiBase: WIDGET_HOST, site: 'partner-7' });
    expect(commands(app)).toEqual([['sync']]);
  });

  it('loads nothing on a page with no placeholder and no call', async () => {
    const w = page('<p>No quote form on this page.</p>');
    const { importModule } = fakeBundle();
    startLoader(w, { ...BUNDLE, importModule });
    w.document.body.append(w.document.createElement('p'));
    await settle();
    expect(importModule).not.toHaveBeenCalled();
    expect(typeof w.MoverAtlas).toBe('function');
  });

  it('a second copy of the loader on the page leaves the first in charge', async () => {
    const w = page('<div data-moveratlas-quote></div>');
    const first = fakeBundle();
    const second = fakeBundle();
    startLoader(w, { ...BUNDLE, importModule: first.importModule });
    const api = w.MoverAtlas;
    startLoader(w, { ...BUNDLE, importModule: second.importModule });
    await settle();
    expect(w.MoverAtlas).toBe(api);
    expect(second.importModule).not.toHaveBeenCalled();
    expect(first.app.init).toHaveBeenCalledTimes(1);
  });

  it('a bundle that fails to load is reported, not thrown into the page', async () => {
    const w = page('<div data-moveratlas-quote></div>');
    const importModule = vi.fn(async () => {
      throw new Error('network down');
    });
    startLoader(w, { ...BUNDLE, importModule });
    await settle();
    expect(console.error).toHaveBeenCalledWith('[MoverAtlas]', expect.any(Error));
    await expect(w.MoverAtlas!('mount', '#nowhere')).rejects.toThrow('network down');
  });
});

describe('the command queue', () => {
  it('replays the calls made before it loaded, in order, then takes calls directly', async () => {
    const w = page('<div id="quote"></div>');
    // The snippet's stub, as partners paste it: calls are queued in MoverAtlas.q until the loader runs.
    const stub = function (...args: unknown[]) {
      (stub.q ??= []).push(args);
    } as unknown as MoverAtlasGlobal & { q?: unknown[][] };
    w.MoverAtlas = stub;
    const onSubmit = () => undefined;
    w.MoverAtlas('mount', '#quote', { instanceId: 'blog', prefill: { size: 'studio' } });
    w.MoverAtlas('prefill', '#quote', { fromZip: '60601' });
    w.MoverAtlas('on', 'submit', onSubmit);

    const { app, importModule } = fakeBundle();
    startLoader(w, { ...BUNDLE, importModule });
    await vi.waitFor(() => expect(app.command).toHaveBeenCalledTimes(4));
    expect(commands(app)).toEqual([
      ['mount', '#quote', { instanceId: 'blog', prefill: { size: 'studio' } }],
      ['prefill', '#quote', { fromZip: '60601' }],
      ['on', 'submit', onSubmit],
      // The bundle is loaded now, so the first scan syncs the page's placeholders (none here) as well.
      ['sync'],
    ]);

    // After loading: the same function, and the method spellings, go straight to the bundle.
    expect(w.MoverAtlas).not.toBe(stub);
    await expect(w.MoverAtlas!('unmount', '#quote')).resolves.toBe('done');
    const method = w.MoverAtlas!.mount as (...args: unknown[]) => Promise<unknown>;
    await method('#quote', { mode: 'modal' });
    expect(commands(app).slice(4)).toEqual([
      ['unmount', '#quote'],
      ['mount', '#quote', { mode: 'modal' }],
    ]);
    expect(app.init).toHaveBeenCalledTimes(1);
  });
});

describe('mount points', () => {
  it('picks up placeholders added later and syncs again when one is removed', async () => {
    const w = page('<main id="app"></main>');
    const { app, importModule } = fakeBundle();
    startLoader(w, { ...BUNDLE, importModule });
    await settle();
    expect(importModule).not.toHaveBeenCalled();

    // A single-page app (or a Turbo/Astro swap) renders the placeholder after the loader ran.
    const slot = w.document.createElement('div');
    slot.setAttribute('data-moveratlas-quote', '');
    w.document.getElementById('app')!.append(slot);
    await vi.waitFor(() => expect(commands(app)).toEqual([['sync']]));

    // Several mutations in one task are one scan.
    slot.remove();
    w.document.body.append(w.document.createElement('section'));
    await settle();
    expect(commands(app)).toEqual([['sync'], ['sync']]);
  });

  it('<moveratlas-quote> mounts itself and unmounts only when really removed', async () => {
    const w = page('<moveratlas-quote id="element" size="studio"></moveratlas-quote>');
    const { app, importModule } = fakeBundle();
    startLoader(w, { ...BUNDLE, importModule });
    const element = w.document.getElementById('element')!;
    await vi.waitFor(() => expect(commands(app)).toContainEqual(['mount', element]));

    // Moved within the page (disconnect then connect): mounted again, not unmounted.
    w.document.body.prepend(element);
    await settle();
    expect(commands(app).filter(([name]) => name === 'unmount')).toEqual([]);

    element.remove();
    await vi.waitFor(() => expect(commands(app)).toContainEqual(['unmount', element]));
  });
});
