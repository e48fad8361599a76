/**
 * The home page on a phone (issue 15): it was 25,900 px tall with 321 tab stops. A keyboard user now passes
 * each destination about once — the 51 states of "Browse Movers by State", one stop for the whole map (its
 * arrow keys move between states), one per featured card besides its quote link — and the page is about
 * fifteen screens, not thirty. Tab stops are counted by pressing Tab, as a visitor does.
 */
import { expect, test, type Page } from '@playwright/test';
import { url, waitForHydration } from '../support/directory';

const PHONE = { width: 390, height: 844 };
/** At most this many tab stops: the 51 states, the header, the 22 footer links and the sections' own. */
const MAX_TAB_STOPS = 125;
/** At most this tall on a phone: about fifteen screens. */
const MAX_HEIGHT = 13_500;

interface TabStop {
  href: string | null;
  /** The region (section) it is in, by its name. */
  region: string;
}

/** Presses Tab from the top of the page until focus leaves the page or comes back to the first stop. */
async function tabStops(page: Page): Promise<TabStop[]> {
  const stops: TabStop[] = [];
  const focused = new Set<unknown>();
  for (let presses = 0; presses < 400; presses++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const section = element.closest('section[aria-labelledby]');
      const heading = section && document.getElementById(section.getAttribute('aria-labelledby')!);
      return {
        key: element.outerHTML,
        href: element.getAttribute('href'),
        region: heading?.textContent?.trim() ?? (element.closest('footer') ? 'footer' : 'header'),
      };
    });
    if (stop === null || focused.has(stop.key)) break;
    focused.add(stop.key);
    stops.push({ href: stop.href, region: stop.region });
  }
  return stops;
}

test('the home page on a phone: a bounded walk by keyboard and a bounded height', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto(url('/'));
    await waitForHydration(page);
    const stops = await tabStops(page);
    const inRegion = (name: string) => stops.filter((stop) => stop.region === name);

    expect(stops.length).toBeLessThanOrEqual(MAX_TAB_STOPS);
    // Every state once in the list…
    const states = [
      ...inRegion('Northeast'),
      ...inRegion('Midwest'),
      ...inRegion('South'),
      ...inRegion('West'),
    ];
    expect(states).toHaveLength(51);
    // …and once more in all for the map, whose arrow keys do the rest.
    const map = inRegion('Find Movers on the Map').filter((stop) =>
      /^\/states\/[a-z-]+$/.test(stop.href ?? ''),
    );
    expect(map).toHaveLength(1);
    // A featured card is one stop to its profile and one to its quote, not two to its profile.
    const featured = inRegion('Featured Moving Companies');
    const profiles = featured.filter((stop) => stop.href?.startsWith('/company/'));
    expect(profiles.length).toBeGreaterThan(0);
    expect(new Set(profiles.map((stop) => stop.href)).size).toBe(profiles.length);

    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(MAX_HEIGHT);
  } finally {
    await context.close();
  }
});
