import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { computeUsMap } from './us-map-geometry';
import { UsMap } from './us-map';

afterEach(cleanup);

describe('UsMap', () => {
  const map = computeUsMap();

  it('draws the 50 states and DC from us-atlas on an 800 × 600 map', () => {
    expect(map.width).toBe(800);
    expect(map.height).toBe(600);
    expect(map.states).toHaveLength(51);
    expect(map.states.every((s) => s.d?.startsWith('M'))).toBe(true);
  });

  it('leaves the paths out of JSON (the hydration data) and reads them back from the page', () => {
    const sent = JSON.parse(JSON.stringify(map)) as typeof map;
    expect(sent.states.every((s) => s.d === undefined && s.slug !== '')).toBe(true);
    // The server's HTML, then the browser's map from data without paths: the same outlines.
    const server = renderWithRouter(<UsMap map={map} />);
    const html = server.container.innerHTML;
    server.unmount();
    document.body.innerHTML = html;
    const browser = renderWithRouter(<UsMap map={sent} />);
    const paths = [...browser.container.querySelectorAll('path[data-map-state]')];
    expect(paths).toHaveLength(51);
    const illinois = map.states.find((s) => s.slug === 'illinois')!;
    expect(
      browser.container.querySelector('path[data-map-state="illinois"]')?.getAttribute('d'),
    ).toBe(illinois.d);
    cleanup();
    document.body.innerHTML = '';
  });

  it("links every state to its page with the title 'Browse {state} Movers'", () => {
    const { container } = renderWithRouter(<UsMap map={map} />);
    const illinois = screen.getByRole('link', { name: 'Browse Illinois Movers' });
    expect(illinois.getAttribute('href')).toBe('/states/illinois');
    expect(illinois.querySelector('title')?.textContent).toBe('Browse Illinois Movers');
    expect(container.querySelectorAll('a')).toHaveLength(51);
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('is one tab stop whose arrow keys move between the states (issue 15)', async () => {
    const user = userEvent.setup();
    const { container } = renderWithRouter(<UsMap map={map} />);
    const state = (name: string) => screen.getByRole('link', { name: `Browse ${name} Movers` });
    // Once scripts run, every state but one is out of the tab order.
    expect(container.querySelectorAll('a[tabindex="-1"]')).toHaveLength(50);

    await user.tab();
    expect(state('Alabama')).toHaveFocus();
    expect(state('Alabama').querySelector('path')?.getAttribute('data-active')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(state('Alaska')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(state('Arkansas')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(state('Arizona')).toHaveFocus();
    await user.keyboard('{End}');
    expect(state('Wyoming')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(state('Alabama')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(state('Wyoming')).toHaveFocus();
    await user.keyboard('{Home}');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(state('California')).toHaveFocus();

    // Tab leaves the map for its zoom buttons (Zoom out and Reset are disabled at 1×)…
    await user.tab();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toHaveFocus();
    // …and Shift+Tab comes back to the state last chosen, the only one in the tab order.
    await user.tab({ shift: true });
    expect(state('California')).toHaveFocus();
    expect(container.querySelectorAll('a:not([tabindex="-1"])')).toHaveLength(1);
  });

  it('zooms with the buttons within 1× to 8× through the viewBox', async () => {
    const user = userEvent.setup();
    const { container } = renderWithRouter(<UsMap map={map} />);
    const svg = container.querySelector('svg[role="group"]')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 800 600');
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    expect((screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(zoomIn);
    expect(svg.getAttribute('viewBox')).toBe('133.3 100 533.3 400');
    for (let i = 0; i < 10; i++) await user.click(zoomIn);
    expect(svg.getAttribute('viewBox')).toBe('350 262.5 100 75');
    expect((zoomIn as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(svg.getAttribute('viewBox')).toBe('0 0 800 600');
  });
});
