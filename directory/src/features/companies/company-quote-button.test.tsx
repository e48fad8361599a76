import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
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

/** A click (plain left unless told); returns whether the component kept the link from navigating. */
function click(link: HTMLElement, init: MouseEventInit = {}) {
  let prevented = false;
  // Seen last (after React's root listener), then cancelled: jsdom cannot follow a link to another document.
  const record = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', record, { once: true });
  act(() => {
    link.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
    );
  });
  return prevented;
}

const EXPECTED_OPTIONS = {
  mode: 'modal',
  open: true,
  site: DIRECTORY_SITE_ID,
  instanceId: 'company-17',
  launcherLabel: 'Get Quote',
  prefill: { companyId: '17', companyName: 'Prairie Movers' },
  theme: { brandColor: '#c2410c', radius: '0.5rem' },
  onReady: expect.any(Function),
};

describe('CompanyQuoteButton', () => {
  it('is a link to /get-quotes for this company, and loads nothing of the widget by itself', () => {
    const { link } = renderButton();
    expect(link.getAttribute('href')).toBe(HREF);
    expect(loaderScripts()).toHaveLength(0);
    expect(w.MoverAtlas).toBeUndefined();
  });

  it('adds the loader once, on the first sign of intent (pointer or focus)', () => {
    const { link } = renderButton();
    fireEvent.pointerEnter(link);
    expect(loaderScripts()).toHaveLength(1);
    const script = loaderScripts()[0] as HTMLScriptElement;
    expect(script.async).toBe(true);
    expect(script.dataset.site).toBe(DIRECTORY_SITE_ID);
    expect(script.parentElement).toBe(document.head);
    fireEvent.focus(link);
    fireEvent.pointerEnter(link);
    click(link);
    expect(loaderScripts()).toHaveLength(1);
  });

  it('a click before the loader arrives queues the mount in the stub, then the launcher replaces the link', () => {
    const { link, container } = renderButton();
    fireEvent.pointerEnter(link);
    expect(click(link)).toBe(true);
    // The snippet's queue, in the shape the loader reads (loader-core.ts): one array of arguments per call.
    expect(w.MoverAtlas?.q).toEqual([['mount', container, EXPECTED_OPTIONS]]);
    // A second click while it loads does not mount twice.
    expect(click(link)).toBe(true);
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
    const api = vi.fn(async () => ({})) as unknown as MoverAtlasApi & ReturnType<typeof vi.fn>;
    api.loaded = true;
    w.MoverAtlas = api;
    const { link, container } = renderButton();
    expect(click(link)).toBe(true);
    expect(api).toHaveBeenCalledWith('mount', container, EXPECTED_OPTIONS);
    expect(api.q).toBeUndefined();
  });

  it('leaving the page unmounts the widget it mounted', () => {
    const api = vi.fn(async () => ({})) as unknown as MoverAtlasApi & ReturnType<typeof vi.fn>;
    api.loaded = true;
    w.MoverAtlas = api;
    const { link, container, unmount } = renderButton();
    click(link);
    unmount();
    expect(api).toHaveBeenLastCalledWith('unmount', container);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['middle button', { button: 1 }],
  ])('a %s click is left to the link (new tab or window)', (_key, init) => {
    const { link } = renderButton();
    expect(click(link, init)).toBe(false);
    expect(w.MoverAtlas).toBeUndefined();
  });

  it('when the loader cannot be fetched, Get Quote goes to /get-quotes as without JavaScript', async () => {
    const { link, router } = renderButton();
    fireEvent.pointerEnter(link);
    expect(click(link)).toBe(true);
    act(() => {
      loaderScripts()[0]!.dispatchEvent(new Event('error'));
    });
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(HREF),
    );
  });

  it('when the widget bundle fails to load, the click falls back to /get-quotes', async () => {
    const api = vi.fn(() => Promise.reject(new Error('chunk failed'))) as unknown as MoverAtlasApi;
    api.loaded = true;
    w.MoverAtlas = api;
    const { link, router } = renderButton();
    expect(click(link)).toBe(true);
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(HREF),
    );
  });
});
