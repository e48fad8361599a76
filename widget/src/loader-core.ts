/**
 * What the loader does, given the window it runs in: keeps the `MoverAtlas(…)` command queue, finds the
 * placeholders (now and whenever the page adds some), defines <moveratlas-quote>, and imports the hashed main
 * bundle from the loader's own origin only when there is something to show. No React, no dependencies: it
 * ships in loader.js (see loader.ts), whose size budget is 2.5 KB gzipped.
 */
export interface AppModule {
  init(context: { apiBase: string; site?: string | undefined }): void;
  command(name: string, ...args: unknown[]): unknown;
}

type Command = (name: string, ...args: unknown[]) => Promise<unknown>;
export interface MoverAtlasGlobal extends Command {
  q?: ArrayLike<unknown>[];
  loaded?: boolean;
  [method: string]: unknown;
}

export interface LoaderOptions {
  /** The hashed entry, relative to loader.js (from the build's manifest). */
  app: string;
  /** The chunks the entry imports statically: fetched side by side with it, not one level after another. */
  imports: readonly string[];
  importModule(url: string): Promise<unknown>;
}

export const LOADER_SELECTOR = '[data-moveratlas-quote],moveratlas-quote';

export function startLoader(w: Window & typeof globalThis, options: LoaderOptions): void {
  const global = w as unknown as { MoverAtlas?: MoverAtlasGlobal };
  const queued = global.MoverAtlas;
  if (queued?.loaded) return;
  const document = w.document;
  const script = (document.currentScript ??
    document.querySelector('script[src*="/widget/loader.js"]')) as HTMLScriptElement | null;
  // Everything else comes from where the loader came from, whatever page it is on.
  const src = script?.src || w.location.href;
  const site = script?.getAttribute('data-site') ?? undefined;
  const report = (error: unknown) => console.error('[MoverAtlas]', error);

  let app: Promise<AppModule> | undefined;
  const url = (file: string) => new URL(file, src).href;
  const load = () => {
    if (!app) {
      // The entry's own imports start now, side by side; the module map shares them with the entry.
      // No <link> goes into the page.
      for (const file of options.imports) options.importModule(url(file)).catch(report);
      app = (options.importModule(url(options.app)) as Promise<AppModule>).then((module) => {
        module.init({ apiBase: new URL(src).origin, site });
        return module;
      });
    }
    return app;
  };
  const run: Command = (name, ...args) => load().then((module) => module.command(name, ...args));

  const api = ((name: string, ...args: unknown[]) => run(name, ...args)) as MoverAtlasGlobal;
  api.loaded = true;
  for (const method of ['mount', 'unmount', 'prefill', 'on'])
    api[method] = (...args: unknown[]) => run(method, ...args);
  global.MoverAtlas = api;
  // Calls made before the loader arrived (the snippet's stub queues them) run in order.
  for (const args of queued?.q ?? []) {
    const [name, ...rest] = Array.from(args) as [string, ...unknown[]];
    run(name, ...rest).catch(report);
  }

  let scheduled = false;
  const scan = () => {
    scheduled = false;
    if (app || document.querySelector(LOADER_SELECTOR)) run('sync').catch(report);
  };
  // Placeholders added later (single-page apps, Turbo or Astro page swaps) are mounted; removed ones unmounted.
  new w.MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(scan, 0);
  }).observe(document.documentElement, { childList: true, subtree: true });
  scan();

  if (!w.customElements.get('moveratlas-quote'))
    w.customElements.define(
      'moveratlas-quote',
      class extends w.HTMLElement {
        // Also reached inside the page's own shadow roots, where the scan does not look.
        connectedCallback() {
          run('mount', this).catch(report);
        }
        disconnectedCallback() {
          // A move within the page is a disconnect then a connect: only a real removal unmounts.
          setTimeout(() => {
            if (!this.isConnected) run('unmount', this).catch(report);
          }, 0);
        }
      },
    );
}
