/**
 * A state page on a phone (issue 15): Texas's 400-odd city links made it 13,700 px tall with 540 tab stops.
 * The cities with the most movers show; the rest are folded behind one summary, and every city is still a
 * link in the page (crawlers and visitors without scripts reach it the same way).
 */
import { expect, test } from '@playwright/test';
import { url, waitForHydration } from '../support/directory';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Elements the Tab key stops at: focusable and rendered (a closed <details> renders none of its content). */
const tabStops = () =>
  [
    ...document.querySelectorAll<HTMLElement>(
      'a[href],button,input,select,textarea,summary,[tabindex]',
    ),
  ].filter((element) => element.tabIndex >= 0 && element.checkVisibility()).length;

test('a state page shows its largest cities and folds the rest, all still linked', async ({
  page,
}) => {
  await page.goto(url('/states/texas'));
  await waitForHydration(page);
  const cities = page.getByRole('region', { name: 'Cities in Texas with Movers' });
  const fold = cities.locator('details');
  await expect(fold).not.toHaveAttribute('open');
  const shown = cities.getByRole('link');
  await expect(shown).toHaveCount(12);
  // The city with the most movers is among those shown.
  await expect(shown.first()).toBeVisible();
  expect(await page.evaluate(tabStops)).toBeLessThan(120);

  const summary = cities.getByText(/^All \d+ cities in Texas, A to Z$/);
  const total = Number((await summary.textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(12);
  await summary.click();
  await expect(fold.getByRole('link')).toHaveCount(total);
  await expect(fold.getByRole('link', { name: 'Houston', exact: true })).toBeVisible();
});
