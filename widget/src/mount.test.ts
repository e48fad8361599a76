/**
 * Mounting (mount.ts, and the bundle's command entry app.ts): a shadow host of our own per placeholder, safe
 * to mount and unmount twice, every option three ways (JS call, data-* attribute, custom-element attribute),
 * independent instances, and events as callbacks, DOM events and dataLayer entries.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetEventDetails } from '@moveratlas/contracts';
import { command, init } from './app';
import {
  HOST_TAG,
  mountWidget,
  mountedWidget,
  resolveOptions,
  syncWidgets,
  unmountWidget,
  type MountOptions,
  type WidgetEnvironment,
  type WidgetHandle,
} from './mount';
import { resetSessionForTests } from './session';
import { STORAGE_PREFIX } from './store';
import { fakeApi } from './test-utils';

let env: WidgetEnvironment;

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  env = {
    apiBase: 'https://widgets.moveratlas.test',
    cssText: ':host{display:block}',
    api: fakeApi(),
  };
  sessionStorage.clear();
  resetSessionForTests();
});
afterEach(() => {
  for (const element of document.querySelectorAll('[data-test-slot]')) unmountWidget(element);
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
  delete (window as unknown as { partnerLayer?: unknown }).partnerLayer;
});

/** A placeholder in the page, from markup as a partner writes it. */
function slot(html: string): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = html;
  const element = wrapper.firstElementChild as HTMLElement;
  element.setAttribute('data-test-slot', '');
  document.body.append(element);
  return element;
}

const shadow = (target: Element) => target.querySelector(HOST_TAG)?.shadowRoot ?? null;
const hostOf = (target: Element) => target.querySelector<HTMLElement>(HOST_TAG)!;
const heading = (target: Element) => shadow(target)?.querySelector('h2')?.textContent;
const sizeButton = (target: Element, label: RegExp) =>
  [...shadow(target)!.querySelectorAll('button[aria-pressed]')].find((b) =>
    label.test(b.textContent ?? ''),
  ) as HTMLButtonElement;

describe('mount and unmount', () => {
  it('renders step 1 in a shadow root of its own host, with the stylesheet adopted', () => {
    const target = slot('<div data-moveratlas-quote></div>');
    const handle = mountWidget(target, {}, env);
    // Synchronous: step 1 is there when mount returns.
    expect(heading(target)).toBe('What size is your move?');
    expect(target.children).toHaveLength(1);
    expect(target.firstElementChild?.localName).toBe(HOST_TAG);
    const root = shadow(target)!;
    expect(root.mode).toBe('open');
    expect(root.adoptedStyleSheets).toHaveLength(1);
    // Nothing of ours in the page besides the host: no <style>, no style attribute on the host.
    expect(document.querySelectorAll('style, link')).toHaveLength(0);
    expect(hostOf(target).getAttribute('style')).toBeNull();
    expect(handle.element).toBe(target);
  });

  it('mounting twice returns the same instance and renders once', () => {
    const target = slot('<div data-moveratlas-quote></div>');
    const first = mountWidget(target, {}, env);
    const second = mountWidget(target, { prefill: { size: 'studio' } }, env);
    expect(second).toBe(first);
    expect(target.querySelectorAll(HOST_TAG)).toHaveLength(1);
    // A second mount with a prefill applies it to the running instance.
    expect(first.store.getState().form.moveSize).toBe('studio');
  });

  it('unmounting twice is safe; a later mount starts a fresh instance', () => {
    const target = slot('<div data-moveratlas-quote></div>');
    const first = mountWidget(target, {}, env);
    expect(unmountWidget(target)).toBe(true);
    expect(target.children).toHaveLength(0);
    expect(mountedWidget(target)).toBeUndefined();
    expect(unmountWidget(target)).toBe(false);
    expect(() => first.unmount()).not.toThrow();

    const again = mountWidget(target, {}, env);
    expect(again).not.toBe(first);
    expect(target.querySelectorAll(HOST_TAG)).toHaveLength(1);
    expect(heading(target)).toBe('What size is your move?');
  });

  it('the command entry mounts by selector, twice safely, and unmounts twice safely', async () => {
    // The bundle's own API client talks to the loader's origin: here a server that is down.
    const fetch = vi.fn(async () => new Response('{"error":"down"}', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    init({ apiBase: 'https://widgets.moveratlas.test', site: 'partner-3' });
    const target = slot('<div id="quote-by-selector"></div>');
    const handle = command('mount', '#quote-by-selector', { instanceId: 'by-selector' });
    expect(command('mount', target)).toBe(handle);
    expect((handle as WidgetHandle).instanceId).toBe('by-selector');
    expect(command('unmount', '#quote-by-selector')).toBe(true);
    expect(command('unmount', '#quote-by-selector')).toBe(false);
    expect(() => command('mount', '#missing')).toThrow('no element #missing');
    expect(() => command('explode')).toThrow('unknown command explode');
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        'https://widgets.moveratlas.test/api/ip',
        expect.anything(),
      ),
    );
  });

  it('sync mounts every placeholder on the page and tears down removed ones', () => {
    const a = slot('<div data-moveratlas-quote data-instance-id="a"></div>');
    const b = slot('<moveratlas-quote instance-id="b"></moveratlas-quote>');
    syncWidgets(env);
    expect(mountedWidget(a)?.instanceId).toBe('a');
    expect(mountedWidget(b)?.instanceId).toBe('b');
    const handleA = mountedWidget(a);
    syncWidgets(env);
    expect(mountedWidget(a)).toBe(handleA);

    a.remove();
    syncWidgets(env);
    expect(mountedWidget(a)).toBeUndefined();
    expect(a.querySelector(HOST_TAG)).toBeNull();
    expect(mountedWidget(b)).toBeDefined();
  });
});

describe('options, three ways', () => {
  const JS: MountOptions = {
    site: 'partner-9',
    mode: 'modal',
    instanceId: 'blog-quote',
    launcherLabel: 'Compare movers',
    open: true,
    dataLayer: 'partnerLayer',
    prefill: {
      size: 'studio',
      date: '2030-07-04',
      fromZip: '60601',
      toZip: '80202',
      companyId: '42',
      companyName: 'Acme Moving',
    },
    theme: { brandColor: '#047857', radius: '4px', fontFamily: 'Georgia, serif' },
  };
  const ATTRIBUTES = [
    ['site', 'partner-9'],
    ['mode', 'modal'],
    ['instance-id', 'blog-quote'],
    ['launcher-label', 'Compare movers'],
    ['open', ''],
    ['data-layer', 'partnerLayer'],
    ['size', 'studio'],
    ['date', '2030-07-04'],
    ['from-zip', '60601'],
    ['to-zip', '80202'],
    ['company-id', '42'],
    ['company-name', 'Acme Moving'],
    ['brand-color', '#047857'],
    ['radius', '4px'],
    ['font-family', 'Georgia, serif'],
  ] as const;

  const element = (tag: string, prefix: string) => {
    const el = document.createElement(tag);
    for (const [name, value] of ATTRIBUTES) el.setAttribute(prefix + name, value);
    return el;
  };

  it.each([
    ['a JS call', () => resolveOptions(document.createElement('div'), JS)],
    ['data-* attributes on a placeholder', () => resolveOptions(element('div', 'data-'), {})],
    ['attributes on <moveratlas-quote>', () => resolveOptions(element('moveratlas-quote', ''), {})],
  ])('every option is read from %s', (_way, resolve) => {
    expect(resolve()).toEqual(JS);
  });

  it('data-* spellings are ignored on <moveratlas-quote> and plain ones on a placeholder', () => {
    const placeholder = document.createElement('div');
    placeholder.setAttribute('size', 'studio');
    const custom = document.createElement('moveratlas-quote');
    custom.setAttribute('data-size', 'studio');
    expect(resolveOptions(placeholder).prefill).toEqual({});
    expect(resolveOptions(custom).prefill).toEqual({});
  });

  it('a JS option wins over the same attribute; the others still apply', () => {
    const target = element('div', 'data-');
    expect(
      resolveOptions(target, { prefill: { size: '4br' }, theme: { radius: '0px' } }),
    ).toMatchObject({
      instanceId: 'blog-quote',
      prefill: { size: '4br', fromZip: '60601' },
      theme: { radius: '0px', brandColor: '#047857' },
    });
  });

  it('malformed values are dropped rather than failing the embed', () => {
    const target = slot(
      '<div data-moveratlas-quote data-from-zip="6060" data-brand-color="red;}body{display:none" data-mode="popup"></div>',
    );
    const handle = mountWidget(target, {}, env);
    expect(handle.store.getState().form.fromLocationZip).toBe('');
    expect(hostOf(target).style.getPropertyValue('--ma-brand')).toBe('');
    expect(heading(target)).toBe('What size is your move?');
  });

  it.each([
    ['a JS call', () => mountWidget(slot('<div></div>'), { ...JS, mode: 'inline' }, env)],
    [
      'data-* attributes',
      () =>
        mountWidget(
          slot(
            '<div data-instance-id="blog-quote" data-size="studio" data-from-zip="60601" data-company-id="42" data-company-name="Acme Moving" data-brand-color="#047857" data-radius="4px" data-font-family="Georgia, serif"></div>',
          ),
          {},
          env,
        ),
    ],
    [
      'custom-element attributes',
      () =>
        mountWidget(
          slot(
            '<moveratlas-quote instance-id="blog-quote" size="studio" from-zip="60601" company-id="42" company-name="Acme Moving" brand-color="#047857" radius="4px" font-family="Georgia, serif"></moveratlas-quote>',
          ),
          {},
          env,
        ),
    ],
  ])('a widget mounted by %s gets its prefill, instance id and theme', (_way, mount) => {
    const handle = mount();
    const { form } = handle.store.getState();
    expect(handle.instanceId).toBe('blog-quote');
    expect(form.moveSize).toBe('studio');
    expect(form.fromLocationZip).toBe('60601');
    expect(form.selectedCompanies).toEqual([{ id: 42, name: 'Acme Moving' }]);
    expect(sizeButton(handle.element, /Studio/).getAttribute('aria-pressed')).toBe('true');
    const host = hostOf(handle.element);
    expect(host.style.getPropertyValue('--ma-brand')).toBe('#047857');
    expect(host.style.getPropertyValue('--ma-radius')).toBe('4px');
    expect(host.style.getPropertyValue('--ma-font')).toBe('Georgia, serif');
  });

  it.each([
    ['a JS call', '<div></div>', { mode: 'modal', launcherLabel: 'Compare movers' } as const],
    ['data-* attributes', '<div data-mode="modal" data-launcher-label="Compare movers"></div>', {}],
    [
      'custom-element attributes',
      '<moveratlas-quote mode="modal" launcher-label="Compare movers"></moveratlas-quote>',
      {},
    ],
  ])('modal mode from %s shows the launcher, not the wizard', async (_way, html, options) => {
    const target = slot(html);
    mountWidget(target, options, env);
    await vi.waitFor(() =>
      expect(shadow(target)!.querySelector('button[aria-haspopup="dialog"]')?.textContent).toBe(
        'Compare movers',
      ),
    );
    expect(shadow(target)!.querySelector('dialog')).not.toBeNull();
    expect(shadow(target)!.querySelector('dialog h2')).toBeNull();
  });
});

describe('modal mode opened at mount (the open option)', () => {
  // jsdom has no showModal: what the browser does that these tests rely on (Chromium's own is covered end to
  // end), the open attribute and the close event.
  beforeEach(() => {
    const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
    proto.showModal = function (this: HTMLDialogElement) {
      if (!this.isConnected) throw new DOMException('not connected', 'InvalidStateError');
      this.setAttribute('open', '');
    };
    proto.close = function (this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });
  afterEach(() => {
    const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
    delete proto.showModal;
    delete proto.close;
  });

  const dialogOf = (target: Element) => shadow(target)?.querySelector('dialog') ?? null;
  const launcherOf = (target: Element) =>
    shadow(target)?.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]') ?? null;
  const focused = (target: Element) => shadow(target)?.activeElement ?? null;

  it.each([
    ['a JS call', '<div></div>', { mode: 'modal', open: true } as const],
    ['data-* attributes', '<div data-mode="modal" data-open></div>', {}],
    ['custom-element attributes', '<moveratlas-quote mode="modal" open></moveratlas-quote>', {}],
  ])(
    'from %s the dialog opens at once on the step heading; closing focuses the launcher',
    async (_way, html, options) => {
      const target = slot(html);
      const onReady = vi.fn();
      mountWidget(target, { ...options, onReady }, env);
      await vi.waitFor(() => expect(dialogOf(target)?.open).toBe(true));
      const title = dialogOf(target)!.querySelector('h2')!;
      expect(title.textContent).toBe('What size is your move?');
      expect(focused(target)).toBe(title);
      // Ready once the launcher is on screen too: the host page may hide its own button then.
      expect(onReady).toHaveBeenCalledTimes(1);
      expect(launcherOf(target)?.getAttribute('aria-expanded')).toBe('true');

      dialogOf(target)!.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click();
      await vi.waitFor(() => expect(focused(target)).toBe(launcherOf(target)));
      expect(dialogOf(target)!.open).toBe(false);
      expect(launcherOf(target)!.getAttribute('aria-expanded')).toBe('false');
      expect(dialogOf(target)!.querySelector('h2')).toBeNull();

      // The launcher opens it again, as for any modal widget.
      launcherOf(target)!.click();
      await vi.waitFor(() => expect(focused(target)?.textContent).toBe('What size is your move?'));
      expect(dialogOf(target)!.open).toBe(true);
    },
  );

  it.each([
    ['no open option', '<div data-mode="modal"></div>', {}],
    ['open: false', '<div data-mode="modal" data-open></div>', { open: false }],
    ['data-open="false"', '<div data-mode="modal" data-open="false"></div>', {}],
    ['a malformed data-open', '<div data-mode="modal" data-open="yes"></div>', {}],
    ['a string in JS', '<div data-mode="modal"></div>', { open: 'true' }],
  ])('with %s the dialog waits for the launcher', async (_way, html, options) => {
    const target = slot(html);
    mountWidget(target, options as MountOptions, env);
    await vi.waitFor(() => expect(launcherOf(target)).not.toBeNull());
    expect(dialogOf(target)!.open).toBe(false);
    expect(dialogOf(target)!.querySelector('h2')).toBeNull();
    expect(launcherOf(target)!.getAttribute('aria-expanded')).toBe('false');
  });

  it('open means nothing inline: the wizard is in the page, no dialog', () => {
    const target = slot('<div data-open></div>');
    mountWidget(target, {}, env);
    expect(heading(target)).toBe('What size is your move?');
    expect(dialogOf(target)).toBeNull();
  });
});

describe('several widgets on one page', () => {
  it('each has its own store, its own progress in session storage and its own events', async () => {
    const a = slot('<div data-moveratlas-quote data-instance-id="first"></div>');
    const b = slot('<div data-moveratlas-quote data-instance-id="second" data-size="4br"></div>');
    const onStepChange = vi.fn();
    const widgetA = mountWidget(a, { onStepChange }, env);
    const widgetB = mountWidget(b, {}, env);
    expect(widgetA.store).not.toBe(widgetB.store);
    expect(widgetA.store.getState().form.leadUuid).not.toBe(widgetB.store.getState().form.leadUuid);

    sizeButton(a, /Studio/).click();
    await vi.waitFor(() => expect(heading(a)).toBe('When are you moving?'));
    expect(widgetA.store.getState().form.moveSize).toBe('studio');
    expect(heading(b)).toBe('What size is your move?');
    expect(widgetB.store.getState()).toMatchObject({ step: 1, form: { moveSize: '4br' } });
    expect(onStepChange).toHaveBeenCalledTimes(1);

    const stored = (id: string) =>
      JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + id) ?? '{}') as { step?: number };
    expect(stored('first').step).toBe(2);
    expect(stored('second').step).not.toBe(2);
  });

  it('they share the page session, started once after step 1 is on screen', async () => {
    const api = env.api as ReturnType<typeof fakeApi>;
    const a = mountWidget(slot('<div data-moveratlas-quote data-instance-id="s1"></div>'), {}, env);
    const b = mountWidget(slot('<div data-moveratlas-quote data-instance-id="s2"></div>'), {}, env);
    // Nothing is asked of the network while step 1 renders.
    expect(api.ip).not.toHaveBeenCalled();
    for (const widget of [a, b])
      await vi.waitFor(() =>
        expect(widget.store.getState().form).toMatchObject({
          sessionId: 'session-1',
          ipAddress: '203.0.113.9',
        }),
      );
    expect(api.startSession).toHaveBeenCalledTimes(1);
  });

  it('a widget mounted again after a reload resumes its own progress', async () => {
    const target = slot('<div data-moveratlas-quote data-instance-id="resume"></div>');
    mountWidget(target, {}, env);
    sizeButton(target, /Office/).click();
    await vi.waitFor(() => expect(heading(target)).toBe('When are you moving?'));
    unmountWidget(target);

    const other = slot('<div data-moveratlas-quote data-instance-id="other"></div>');
    mountWidget(other, {}, env);
    const again = mountWidget(target, {}, env);
    expect(again.store.getState()).toMatchObject({ step: 2, form: { moveSize: 'commercial' } });
    expect(heading(target)).toBe('When are you moving?');
    expect(heading(other)).toBe('What size is your move?');
  });
});

describe('events', () => {
  it('each event is a callback, a composed DOM event on the placeholder and a dataLayer entry', async () => {
    const target = slot('<div data-moveratlas-quote data-instance-id="ev" data-data-layer></div>');
    const dom: { type: string; detail: unknown }[] = [];
    for (const name of ['ready', 'stepchange'])
      document.addEventListener(`moveratlas:${name}`, (event) =>
        dom.push({ type: event.type, detail: (event as CustomEvent).detail }),
      );
    const onReady = vi.fn();
    const onStepChange = vi.fn<(detail: WidgetEventDetails['stepchange']) => void>();
    mountWidget(target, { onReady, onStepChange }, env);
    expect(onReady).toHaveBeenCalledWith({ instanceId: 'ev' });

    sizeButton(target, /4\+ Bedrooms/).click();
    await vi.waitFor(() => expect(onStepChange).toHaveBeenCalled());
    const step = { instanceId: 'ev', step: 2, stepName: 'date', previousStep: 1 };
    expect(onStepChange).toHaveBeenCalledWith(step);
    expect(dom).toEqual([
      { type: 'moveratlas:ready', detail: { instanceId: 'ev' } },
      { type: 'moveratlas:stepchange', detail: step },
    ]);
    const layer = (window as unknown as { dataLayer: unknown[] }).dataLayer;
    expect(layer).toEqual([
      { event: 'moveratlas_ready', moveratlas: { instanceId: 'ev' } },
      { event: 'moveratlas_stepchange', moveratlas: step },
    ]);
  });

  it('a callback that throws does not stop the DOM event or the widget', async () => {
    const target = slot('<div data-moveratlas-quote data-instance-id="throws"></div>');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen = vi.fn();
    target.addEventListener('moveratlas:stepchange', seen);
    mountWidget(
      target,
      {
        onStepChange: () => {
          throw new Error('partner bug');
        },
      },
      env,
    );
    sizeButton(target, /Studio/).click();
    await vi.waitFor(() => expect(heading(target)).toBe('When are you moving?'));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith(
      '[MoverAtlas] event callback failed',
      expect.any(Error),
    );
  });
});
