/**
 * Mounting one widget: a shadow host of our own inside the partner's element, the stylesheet adopted in its
 * shadow root (no <style> tag, no style attribute), the theme as CSS custom properties set through the CSSOM,
 * a React root, and an unmount that removes every trace. Mounting twice returns the same instance.
 */
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import {
  WIDGET_EVENT_PREFIX,
  normaliseWidgetOptions,
  widgetOptionsFromAttributes,
  type WidgetEventDetails,
  type WidgetEventName,
  type WidgetOptions,
  type WidgetPrefill,
} from '@moveratlas/contracts';
import { createApi, type WidgetApi } from './api';
import { createQuoteStore, type QuoteStore } from './store';
import { createLazyToaster } from './toast-proxy';
import { WidgetRoot } from './widget-root';

/** The callback option of each event: onReady, onStepChange, onSubmit, onError. */
export const CALLBACK_OPTIONS = {
  ready: 'onReady',
  stepchange: 'onStepChange',
  submit: 'onSubmit',
  error: 'onError',
} as const satisfies Record<WidgetEventName, string>;

export type WidgetCallbacks = {
  [K in WidgetEventName as (typeof CALLBACK_OPTIONS)[K]]?: (detail: WidgetEventDetails[K]) => void;
};
export type MountOptions = WidgetOptions & WidgetCallbacks;

export interface WidgetEnvironment {
  /** The MoverAtlas server the bundle came from: every API call goes there. */
  apiBase: string;
  /** The loader tag's data-site. */
  defaultSite?: string | undefined;
  cssText: string;
  api?: WidgetApi;
}

export interface WidgetHandle {
  readonly instanceId: string;
  readonly element: Element;
  readonly store: QuoteStore;
  prefill(prefill: WidgetPrefill): void;
  unmount(): void;
}

type GlobalListener = (name: WidgetEventName, detail: unknown) => void;

/** The tag of our own shadow host: no partner rule written for div, section or the like matches it. */
export const HOST_TAG = 'moveratlas-frame';
export const CUSTOM_ELEMENT_TAG = 'moveratlas-quote';
export const PLACEHOLDER_SELECTOR = `[data-moveratlas-quote], ${CUSTOM_ELEMENT_TAG}`;
export const DEFAULT_LAUNCHER_LABEL = 'Get free moving quotes';

const mounted = new Map<Element, WidgetHandle>();
const globalListeners = new Set<GlobalListener>();
let sheet: CSSStyleSheet | undefined;
let counter = 0;

export function onWidgetEvent(listener: GlobalListener): () => void {
  globalListeners.add(listener);
  return () => globalListeners.delete(listener);
}

function styleSheet(cssText: string): CSSStyleSheet {
  // One constructed sheet, adopted by every instance's shadow root: parsed once per page.
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
  }
  return sheet;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** JS options win over the element's attributes (data-* on a placeholder, plain on <moveratlas-quote>). */
export function resolveOptions(target: Element, options: MountOptions = {}): MountOptions {
  const fromAttributes = widgetOptionsFromAttributes(
    (name) => target.getAttribute(name),
    target.localName === CUSTOM_ELEMENT_TAG ? '' : 'data-',
  );
  const js = normaliseWidgetOptions(options);
  const callbacks = Object.fromEntries(
    Object.entries(options).filter(
      ([key, value]) => /^on[A-Z]/.test(key) && typeof value === 'function',
    ),
  );
  return {
    ...fromAttributes,
    ...js,
    prefill: { ...fromAttributes.prefill, ...js.prefill },
    theme: { ...fromAttributes.theme, ...js.theme },
    ...callbacks,
  };
}

function applyTheme(host: HTMLElement, theme: MountOptions['theme']): void {
  const set = (name: string, value: string | undefined) => {
    if (value) host.style.setProperty(name, value);
  };
  set('--ma-brand', theme?.brandColor);
  set('--ma-radius', theme?.radius);
  set('--ma-font', theme?.fontFamily);
}

export function mountWidget(
  target: Element,
  options: MountOptions,
  env: WidgetEnvironment,
): WidgetHandle {
  const existing = mounted.get(target);
  if (existing) {
    if (options.prefill) existing.prefill(options.prefill);
    return existing;
  }
  const resolved = resolveOptions(target, options);
  counter += 1;
  const instanceId = resolved.instanceId ?? (target.id || `quote-${counter}`);
  const site = resolved.site ?? env.defaultSite ?? '';
  const api = env.api ?? createApi(env.apiBase);

  const emit = <K extends WidgetEventName>(
    name: K,
    partial: Omit<WidgetEventDetails[K], 'instanceId'>,
  ) => {
    const detail = { instanceId, ...partial } as WidgetEventDetails[K];
    const callback = resolved[CALLBACK_OPTIONS[name]];
    try {
      (callback as ((d: WidgetEventDetails[K]) => void) | undefined)?.(detail);
    } catch (error) {
      console.error('[MoverAtlas] event callback failed', error);
    }
    target.dispatchEvent(
      new CustomEvent(WIDGET_EVENT_PREFIX + name, { detail, bubbles: true, composed: true }),
    );
    for (const listener of globalListeners) listener(name, detail);
    if (resolved.dataLayer) {
      const layerName = resolved.dataLayer === true ? 'dataLayer' : resolved.dataLayer;
      const w = window as unknown as Record<string, unknown>;
      const layer = (w[layerName] ??= []) as { push(entry: unknown): void };
      layer.push({ event: `moveratlas_${name}`, moveratlas: detail });
    }
  };

  // Step 1 first: the session's chunk (and zod under it) and its two API calls wait until it is on screen.
  let shown!: () => void;
  const firstRender = new Promise<void>((resolve) => (shown = resolve));
  const toaster = createLazyToaster();
  const store = createQuoteStore({
    api,
    instanceId,
    toaster,
    emit,
    storage: safeSessionStorage(),
    prefill: resolved.prefill,
    // Its module (with the tracking field list) loads beside step 1, not before it.
    session: (leadUuid) =>
      firstRender
        .then(() => import('./session'))
        .then(({ startSession }) => startSession(api, env.apiBase, leadUuid, site))
        // Its chunk failed to load: as when recording fails (spec 4.1), the lead id is the session id.
        .catch(() => ({ sessionId: leadUuid, ip: '' })),
    page: () => ({
      site,
      pageUrl: location.href,
      referrer: document.referrer,
      origin: location.origin,
    }),
  });

  const host = document.createElement(HOST_TAG);
  applyTheme(host, resolved.theme);
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.adoptedStyleSheets = [styleSheet(env.cssText)];
  const container = document.createElement('div');
  container.className = 'ma-root';
  shadow.append(container);
  target.append(host);

  const root: Root = createRoot(container, { identifierPrefix: `ma${counter}-` });
  let readySent = false;
  const tree = createElement(WidgetRoot, {
    store,
    services: { api, toaster },
    mode: resolved.mode ?? 'inline',
    launcherLabel: resolved.launcherLabel ?? DEFAULT_LAUNCHER_LABEL,
    open: resolved.open === true,
    onReady: () => {
      if (readySent) return;
      readySent = true;
      shown();
      emit('ready', {});
    },
  });
  // Rendered now, in this task, rather than in a scheduler task of its own: step 1 is on screen (and the
  // element holds it) when mount returns, with no wait behind whatever else the host page queued.
  flushSync(() => root.render(tree));

  const handle: WidgetHandle = {
    instanceId,
    element: target,
    store,
    prefill: (prefill) => store.getState().actions.prefill(prefill),
    unmount() {
      if (mounted.get(target) !== handle) return;
      mounted.delete(target);
      root.unmount();
      toaster.dispose();
      host.remove();
    },
  };
  mounted.set(target, handle);
  return handle;
}

export function unmountWidget(target: Element): boolean {
  const handle = mounted.get(target);
  handle?.unmount();
  return handle !== undefined;
}

export function mountedWidget(target: Element): WidgetHandle | undefined {
  return mounted.get(target);
}

/** Mounts every placeholder on the page that is not mounted yet, and unmounts those removed from it. */
export function syncWidgets(env: WidgetEnvironment, root: ParentNode = document): void {
  for (const [target, handle] of mounted) if (!target.isConnected) handle.unmount();
  for (const target of root.querySelectorAll(PLACEHOLDER_SELECTOR))
    if (!mounted.has(target)) mountWidget(target, {}, env);
}
