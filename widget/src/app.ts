/**
 * The widget bundle's entry, imported by the loader from our own origin: it answers the loader's commands
 * (mount, unmount, prefill, on, sync) and carries the stylesheet as text for the shadow roots.
 */
import type { WidgetEventName, WidgetPrefill } from '@moveratlas/contracts';
import cssText from './styles.css?inline';
import {
  mountWidget,
  mountedWidget,
  onWidgetEvent,
  syncWidgets,
  unmountWidget,
  type MountOptions,
  type WidgetEnvironment,
  type WidgetHandle,
} from './mount';

export interface LoaderContext {
  apiBase: string;
  site?: string | undefined;
}

let env: WidgetEnvironment | undefined;

export function init(context: LoaderContext): void {
  env = { apiBase: context.apiBase, defaultSite: context.site, cssText };
}

function environment(): WidgetEnvironment {
  env ??= { apiBase: new URL(import.meta.url).origin, cssText };
  return env;
}

function element(target: unknown): Element {
  const found = typeof target === 'string' ? document.querySelector(target) : target;
  if (!(found instanceof Element)) throw new Error(`MoverAtlas: no element ${String(target)}`);
  return found;
}

export function mount(target: Element | string, options: MountOptions = {}): WidgetHandle {
  return mountWidget(element(target), options, environment());
}

export function unmount(target: Element | string): boolean {
  return unmountWidget(element(target));
}

export function prefill(target: Element | string, values: WidgetPrefill): void {
  mountedWidget(element(target))?.prefill(values);
}

export function sync(root?: ParentNode): void {
  syncWidgets(environment(), root);
}

/** A page-wide listener for every instance's events: `MoverAtlas('on', 'submit', fn)`. */
export function on(
  name: WidgetEventName | '*',
  listener: (detail: unknown, name: WidgetEventName) => void,
) {
  return onWidgetEvent((event, detail) => {
    if (name === '*' || name === event) listener(detail, event);
  });
}

/** The loader's command queue: `MoverAtlas('mount', '#quote', { … })`. */
export function command(name: string, ...args: unknown[]): unknown {
  switch (name) {
    case 'mount':
      return mount(args[0] as Element | string, args[1] as MountOptions | undefined);
    case 'unmount':
      return unmount(args[0] as Element | string);
    case 'prefill':
      return prefill(args[0] as Element | string, args[1] as WidgetPrefill);
    case 'on':
      return on(args[0] as WidgetEventName, args[1] as (detail: unknown) => void);
    case 'sync':
      return sync();
    default:
      throw new Error(`MoverAtlas: unknown command ${name}`);
  }
}
