import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { DIRECTORY_SITE_ID } from '../../lib/site';
import { CompanyQuoteButton, WIDGET_LOADER_SRC, type MoverAtlasApi } from './company-quote-button';

const COMPANY = { id: 17, name: 'Prairie Movers' };
const HREF = '/get-quotes?company=prairie-movers';

const w = window as unknown as { MoverAtlas?: MoverAtlasApi };

afterEach(() => {
  cleanup();
  for (const script of document.querySelectorAll('script')) script.remove();
  delete w.MoverAtlas;
  vi.restoreAllMocks();
});

function renderButton() {
  const result = renderWithRouter(<CompanyQuoteButton company={COMPANY} href={HREF} />);
  const link = screen.getByRole('link', { name: 'Get Quote' });
  return { ...result, link, container: link.nextElementSibling as HTMLElement };
}

const loaderScripts = () => document.querySelectorAll(`script[src="${WIDGET_LOADER_SRC}"]`);

/** How a click is made: a modifier key held down, or the middle button instead of the left one. */
type ClickKind = { modifier?: 'Control' | 'Meta' | 'Shift'; middle?: boolean };

/** A user's click (plain left unless told); returns whether the component kept the link from navigating. */
async function click(user: UserEvent, link: HTMLElement, { modifier, middle }: ClickKind = {}) {
  let prevented = false;
  // Seen last (after React's root listener), then cancelled: jsdom cannot follow a link to another document.
  // A browser reports a middle-button click as `auxclick`, not `click`.
  const record = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', record);
  document.addEventListener('auxclick', record);
  try {
    if (modifier) await user.keyboard(`{${modifier}>}`);
    if (middle) await user.pointer([{ target: link }, { keys: '[MouseMiddle]', target: link }]);
    else await user.click(link);
    if (modifier) await user.keyboard(`{/${modifier}}`);
  } finally {
    document.removeEventListener('click', record);
    document.removeEventListener('auxclick', record);
  }
  return prevented;
}

const EXPECTED_OPTIONS = {
  mode: 'modal',
  open: true,
  site: DIRECTORY_SITE_ID,
  instanceId: 'company-17',
  launcherLabel: 'Get Quote',
  prefill: { companyId: '17', companyName: 'Prairie Movers' },
  onReady: expect.any(Function),
};

describe('CompanyQuoteButton', () => {
  it('is a link to /get-quotes for this company, and loads nothing of the widget by itself', () => {
    const { link } = renderButton();
    expect(link.getAttribute('href')).toBe(HREF);
    expect(loaderScripts()).toHaveLength(0);
    expect(w.MoverAtlas).toBeUndefined();
  });

  it('adds the loader once, on the first sign of intent (pointer or focus)', async () => {
    const user = userEvent.setup();
    const { link } = renderButton();
    await user.hover(link);
    expect(loaderScripts()).toHaveLength(1);
    const script = loaderScripts()[0] as HTMLScriptElement;
    expect(script.async).toBe(true);
    expect(script.dataset.site).toBe(DIRECTORY_SITE_ID);
    expect(script.parentElement).toBe(document.head);
    await user.tab();
    expect(link).toHaveFocus();
    await user.unhover(link);
    await user.hover(link);
    await click(user, link);
    expect(loaderScripts()).toHaveLength(1);
  });

  it('a click before the loader arrives queues the mount in the stub, then the launcher replaces the link', async () => {
    const user = userEvent.setup();
    const { link, container } = renderButton();
    await user.hover(link);
    expect(await click(user, link)).toBe(true);
    // The snippet's queue, in the shape the loader reads (loader-core.ts): one array of arguments per call.
    expect(w.MoverAtlas?.q).toEqual([['mount', container, EXPECTED_OPTIONS]]);
    // A second click while it loads does not mount twice.
    expect(await click(user, link)).toBe(true);
    expect(w.MoverAtlas?.q).toHaveLength(1);
    expect(link.getAttribute('href')).toBe(HREF);
    expect(link.className).not.toMatch(/\bhidden\b/);

    // The widget reports ready once its launcher is on screen.
    const [, , options] = w.MoverAtlas!.q![0] as [string, Element, { onReady: () => void }];
    act(() => options.onReady());
    expect(link.className).toMatch(/\bhidden\b/);
    expect(link.getAttribute('href')).toBe(HREF);
  });

  it('with the loader already there, the click calls its API directly', async () => {
    const user = userEvent.setup();
    const api = vi.fn(async () => ({})) as unknown as MoverAtlasApi & ReturnType<typeof vi.fn>;
    api.loaded = true;
    w.MoverAtlas = api;
    const { link, container } = renderButton();
    expect(await click(user, link)).toBe(true);
    expect(api).toHaveBeenCalledWith('mount', container, EXPECTED_OPTIONS);
    expect(api.q).toBeUndefined();
  });

  it('leaving the page unmounts the widget it mounted', async () => {
    const user = userEvent.setup();
    const api = vi.fn(async () => ({})) as unknown as MoverAtlasApi & ReturnType<typeof vi.fn>;
    api.loaded = true;
    w.MoverAtlas = api;
    const { link, container, unmount } = renderButton();
    await click(user, link);
    unmount();
    expect(api).toHaveBeenLastCalledWith('unmount', container);
  });

  it.each<[string, ClickKind]>([
    ['Ctrl', { modifier: 'Control' }],
    ['Meta', { modifier: 'Meta' }],
    ['Shift', { modifier: 'Shift' }],
    ['middle button', { middle: true }],
  ])('a %s click is left to the link (new tab or window)', async (_key, kind) => {
    const user = userEvent.setup();
    const { link } = renderButton();
    expect(await click(user, link, kind)).toBe(false);
    expect(w.MoverAtlas).toBeUndefined();
  });

  it('when the loader cannot be fetched, Get Quote goes to /get-quotes as without JavaScript', async () => {
    const user = userEvent.setup();
    const { link, router } = renderButton();
    await user.hover(link);
    expect(await click(user, link)).toBe(true);
    act(() => {
      loaderScripts()[0]!.dispatchEvent(new Event('error'));
    });
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(HREF),
    );
  });

  it('when the widget bundle fails to load, the click falls back to /get-quotes', async () => {
    const user = userEvent.setup();
    const api = vi.fn(() => Promise.reject(new Error('chunk failed'))) as unknown as MoverAtlasApi;
    api.loaded = true;
    w.MoverAtlas = api;
    const { link, router } = renderButton();
    expect(await click(user, link)).toBe(true);
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(HREF),
    );
  });
});
