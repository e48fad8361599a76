/**
 * The loader partners paste (`<script async src=".../widget/loader.js" data-site="…">`): no React, no
 * dependencies. It keeps the `MoverAtlas(…)` command queue, finds the placeholders (now and whenever the page
 * adds some), defines <moveratlas-quote>, and imports the hashed main bundle from its own origin only when
 * there is something to show.
 */
declare const __MOVERATLAS_APP__: string;
declare const __MOVERATLAS_APP_IMPORTS__: string[];

interface AppModule {
  init(context: { apiBase: string; site?: string | undefined }): void;
  command(name: string, ...args: unknown[]): unknown;
}

type Command = (name: string, ...args: unknown[]) => Promise<unknown>;
interface MoverAtlasGlobal extends Command {
  q?: ArrayLike<unknown>[];
  loaded?: boolean;
  [method: string]: unknown;
}

(() => {
  const w = window as unknown as { MoverAtlas?: MoverAtlasGlobal };
  const queued = w.MoverAtlas;
  if (queued?.loaded) return;
  const script = (document.currentScript ??
    document.querySelector('script[src*="/widget/loader.js"]')) as HTMLScriptElement | null;
  const src = script?.src || location.href;
  const site = script?.getAttribute('data-site') ?? undefined;
  const selector = '[data-moveratlas-quote],moveratlas-quote';
  const report = (error: unknown) => console.error('[MoverAtlas]', error);

  let app: Promise<AppModule> | undefined;
  const url = (file: string) => new URL(file, src).href;
  const load = () => {
    if (!app) {
      // The entry's own imports start now, side by side, instead of one level after another as each
      // module is parsed; the module map shares them with the entry. No <link> goes into the page.
      for (const file of __MOVERATLAS_APP_IMPORTS__)
        import(/* @vite-ignore */ url(file)).catch(report);
      app = (import(/* @vite-ignore */ url(__MOVERATLAS_APP__)) as Promise<AppModule>).then(
        (module) => {
          module.init({ apiBase: new URL(src).origin, site });
          return module;
        },
      );
    }
    return app;
  };
  const run: Command = (name, ...args) => load().then((module) => module.command(name, ...args));

  const api = ((name: string, ...args: unknown[]) => run(name, ...args)) as MoverAtlasGlobal;
  api.loaded = true;
  for (const method of ['mount', 'unmount', 'prefill', 'on'])
    api[method] = (...args: unknown[]) => run(method, ...args);
  w.MoverAtlas = api;
  // Calls made before the loader arrived (the snippet's stub queues them) run in order.
  for (const args of queued?.q ?? []) {
    const [name, ...rest] = Array.from(args) as [string, ...unknown[]];
    run(name, ...rest).catch(report);
  }

  let scheduled = false;
  const scan = () => {
    scheduled = false;
    if (app || document.querySelector(selector)) run('sync').catch(report);
  };
  // Placeholders added later (single-page apps, Turbo or Astro page swaps) are mounted; removed ones unmounted.
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(scan, 0);
  }).observe(document.documentElement, { childList: true, subtree: true });
  scan();

  if (!customElements.get('moveratlas-quote'))
    customElements.define(
      'moveratlas-quote',
      class extends HTMLElement {
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
})();
