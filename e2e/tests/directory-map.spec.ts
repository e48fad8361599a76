/**
 * The home page's US map (issue 5): by mouse (hover highlight, the 'Browse {state} Movers' caption and
 * title, a click opens the state), by keyboard (Tab to a state, focus highlight, Enter opens it), zoom
 * clamped to 1–8 by buttons and wheel, and without scripts (plain links, the hover highlight in CSS).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SITE_NAME, url, waitForHydration } from '../support/directory';

const mapOf = (page: Page) => page.getByRole('group', { name: /Map of the United States/ });
const stateLink = (map: Locator, name: string) =>
  map.getByRole('link', { name: `Browse ${name} Movers`, exact: true });
const fillOf = (link: Locator) =>
  link.locator('path').evaluate((path) => getComputedStyle(path).fill);
const caption = (page: Page) =>
  page.getByRole('region', { name: 'Find Movers on the Map' }).locator('p[aria-live]').first();

async function viewBox(map: Locator): Promise<number[]> {
  return ((await map.getAttribute('viewBox')) ?? '').split(' ').map(Number);
}

test.beforeEach(async ({ page }) => {
  await page.goto(url('/'));
  await waitForHydration(page);
});

test('by mouse: hovering a state highlights it and names it; a click opens its page', async ({
  page,
}) => {
  const map = mapOf(page);
  await expect(map.getByRole('link')).toHaveCount(51);
  const texas = stateLink(map, 'Texas');
  const ohio = stateLink(map, 'Ohio');
  const resting = await fillOf(texas);

  await texas.hover();
  await expect(texas.locator('path')).toHaveAttribute('data-active', 'true');
  await expect(caption(page)).toHaveText('Browse Texas Movers');
  await expect(texas.locator('path > title')).toHaveText('Browse Texas Movers');
  expect(await fillOf(texas)).not.toBe(resting);
  expect(await fillOf(ohio)).toBe(resting);

  // Moving on moves the highlight.
  await ohio.hover();
  await expect(ohio.locator('path')).toHaveAttribute('data-active', 'true');
  await expect(texas.locator('path')).not.toHaveAttribute('data-active', 'true');
  await expect(caption(page)).toHaveText('Browse Ohio Movers');

  await texas.click();
  await expect(page).toHaveURL(url('/states/texas'));
  await expect(page).toHaveTitle(`Moving Companies in Texas | ${SITE_NAME}`);
});

test('by keyboard: one Tab stop, the arrow keys move between states, focus highlights one, Enter opens it', async ({
  page,
}) => {
  const map = mapOf(page);
  const section = page.getByRole('region', { name: 'Find Movers on the Map' });
  // The link just before the map, then Tab into it.
  await section.getByRole('link', { name: 'every state in a list' }).focus();
  await page.keyboard.press('Tab');
  const alabama = stateLink(map, 'Alabama');
  await expect(alabama).toBeFocused();
  await expect(alabama.locator('path')).toHaveAttribute('data-active', 'true');
  await expect(caption(page)).toHaveText('Browse Alabama Movers');
  // The keyboard focus ring is drawn on the shape itself.
  const stroke = await alabama
    .locator('path')
    .evaluate((path) => getComputedStyle(path).strokeWidth);
  expect(parseFloat(stroke)).toBeGreaterThan(1);

  await page.keyboard.press('ArrowRight');
  const alaska = stateLink(map, 'Alaska');
  await expect(alaska).toBeFocused();
  await expect(alabama.locator('path')).not.toHaveAttribute('data-active', 'true');
  await expect(caption(page)).toHaveText('Browse Alaska Movers');

  // Tab leaves the map for its zoom buttons rather than walking 50 more states (issue 15).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(alaska).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url('/states/alaska'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Moving Companies in Alaska');
});

test('zoom stays within 1× and 8×, by buttons and by wheel, without scrolling the page', async ({
  page,
}) => {
  const map = mapOf(page);
  const [, , width, height] = await viewBox(map);
  expect(width).toBeGreaterThan(0);
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  const zoomOut = page.getByRole('button', { name: 'Zoom out' });
  const zoomText = page.getByText(/^Zoom [\d.]+×$/);

  await expect(zoomText).toHaveText('Zoom 1×');
  await expect(zoomOut).toBeDisabled();
  let clicks = 0;
  while (await zoomIn.isEnabled()) {
    await zoomIn.click();
    clicks += 1;
    expect(clicks).toBeLessThan(20);
  }
  await expect(zoomText).toHaveText('Zoom 8×');
  expect((await viewBox(map))[2]).toBeCloseTo(width! / 8, 0);
  expect((await viewBox(map))[3]).toBeCloseTo(height! / 8, 0);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(zoomText).toHaveText('Zoom 1×');
  expect((await viewBox(map))[2]).toBeCloseTo(width!, 0);

  // The wheel zooms around the pointer and never past the limits; the page itself does not scroll.
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const scrollY = await page.evaluate(() => window.scrollY);
  for (let i = 0; i < 15; i += 1) await page.mouse.wheel(0, -200);
  await expect(zoomText).toHaveText('Zoom 8×');
  expect((await viewBox(map))[2]).toBeCloseTo(width! / 8, 0);
  for (let i = 0; i < 15; i += 1) await page.mouse.wheel(0, 200);
  await expect(zoomText).toHaveText('Zoom 1×');
  expect(await viewBox(map)).toEqual([0, 0, width, height]);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
});

test('zoomed in, a state still opens with a click', async ({ page }) => {
  const map = mapOf(page);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByText(/^Zoom [\d.]+×$/)).toHaveText('Zoom 1.5×');
  const [x, y, w, h] = await viewBox(map);
  // Zoomed around the centre: the view starts inside the map on both axes.
  expect(x).toBeGreaterThan(0);
  expect(y).toBeGreaterThan(0);
  expect(w! * h!).toBeGreaterThan(0);
  await stateLink(map, 'Kansas').click();
  await expect(page).toHaveURL(url('/states/kansas'));
});

test('without scripts the map is plain links with a hover highlight', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(url('/'));
    const map = mapOf(page);
    await expect(map.getByRole('link')).toHaveCount(51);
    const colorado = stateLink(map, 'Colorado');
    await expect(colorado).toHaveAttribute('href', '/states/colorado');
    const resting = await fillOf(colorado);
    await colorado.hover();
    await expect.poll(() => fillOf(colorado)).not.toBe(resting);
    await colorado.click();
    await expect(page).toHaveURL(url('/states/colorado'));
    await expect(page).toHaveTitle(`Moving Companies in Colorado | ${SITE_NAME}`);
  } finally {
    await context.close();
  }
});
