/**
 * Issue 15, across the parts: a directory card's Get Quote chooses its mover on /get-quotes (even over a request
 * begun earlier in the tab), the red toast is on screen on a phone inline and in the modal sheet, and the
 * brand colour is one token wherever the widget is placed.
 */
import type { Locator, Page } from '@playwright/test';
import {
  CONTACT,
  FUTURE_DATE,
  expect,
  fillRouteAndContact,
  fillSizeAndDate,
  fillToStep6,
  heading,
  test,
} from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';
import { waitForHydration } from '../support/directory';

const PHONE = { width: 390, height: 844 };

/** The toast's box lies inside the viewport: the visitor can see it where they are. */
async function expectOnScreen(page: Page, toast: Locator) {
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'the toast has a box').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

test("a directory card's Get Quote chooses its mover on step 5, over a request begun earlier", async ({
  page,
}) => {
  // A request begun on /get-quotes, no mover named, left on step 3.
  await page.goto(`${PRODUCT_URL}/get-quotes`);
  await fillSizeAndDate(page.locator('[data-moveratlas-quote]'));

  // The directory's list: a card's Get Quote.
  await page.goto(`${PRODUCT_URL}/moving-companies`);
  await waitForHydration(page);
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link', { name: `Get Quote from ${name}` }).click();
  await expect(page).toHaveURL(/\/get-quotes\?company=[a-z0-9-]+$/);

  // The request goes on where it was left, with that mover chosen.
  const quote = page.locator('[data-moveratlas-quote]');
  await expect(quote).toHaveAttribute('data-company-name', name);
  await expect(heading(quote)).toHaveText('Where are you moving?');
  await fillRouteAndContact(quote, { ...CONTACT, email: 'card.visitor@example.com' });
  await expect(heading(quote)).toHaveText('Choose your movers');
  const first = quote.getByRole('group').getByRole('checkbox').first();
  await expect(first).toHaveAccessibleName(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(first).toBeChecked();

  // A reload is a reload: the visitor's own choice stays as they left it.
  await first.uncheck();
  await page.reload();
  await expect(heading(page.locator('[data-moveratlas-quote]'))).toHaveText('Choose your movers');
  await expect(
    page.locator('[data-moveratlas-quote]').getByRole('group').getByRole('checkbox').first(),
  ).not.toBeChecked();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('the red toast is on screen inline, after the panel’s top has scrolled away', async ({
    page,
  }) => {
    await page.goto(`${PRODUCT_URL}/get-quotes`);
    const widget = page.locator('[data-moveratlas-quote]');
    await widget.getByRole('button', { name: /2-3 Bedrooms/ }).click();
    await widget.getByLabel('Moving date', { exact: true }).fill(FUTURE_DATE);
    await widget.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(widget)).toHaveText('Where are you moving?');
    await widget.getByRole('button', { name: 'Continue' }).click();
    const toast = widget.getByRole('alert');
    await expect(toast).toContainText('Please check your information');
    // The visitor reads on down the page: the panel's top (where the toast used to hang) leaves the screen.
    const panelTop = await widget.evaluate((el) => el.getBoundingClientRect().top + scrollY);
    await page.evaluate((top) => scrollTo(0, top + 300), panelTop);
    await expect
      .poll(() => widget.evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(-200);
    await expectOnScreen(page, toast);
  });

  test('the red toast is on screen in the modal sheet, scrolled down', async ({ page }) => {
    await page.goto('/two.html');
    await page.locator('#quote-modal').getByRole('button', { name: 'Get moving quotes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Free moving quotes' });
    await fillToStep6(dialog);
    // A vehicle to ship, its details left out: the longest step, taller than the phone.
    await dialog.getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByRole('button', { name: 'Get my quotes' }).click();
    const toast = dialog.getByRole('alert');
    await expect(toast).toContainText('Please check your information');
    // The sheet scrolled to its end, where the visitor pressed the button.
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => dialog.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await expectOnScreen(page, toast);
    // No vehicle after all: nothing is wrong any more, and the toast goes at once.
    await dialog.getByRole('radio', { name: 'No' }).check();
    await expect(toast).toBeHidden();
  });
});

test('the widget wears one brand colour on /get-quotes, in a profile’s dialog and on a partner page', async ({
  page,
}) => {
  /** The Continue button's colour, inside the widget's shadow root. */
  const continueColour = (scope: Locator) =>
    scope
      .getByRole('button', { name: 'Continue' })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
  const BRAND = 'rgb(29, 78, 216)'; // contracts' BRAND_COLOR, #1d4ed8

  await page.goto(`${PRODUCT_URL}/get-quotes`);
  expect(await continueColour(page.locator('[data-moveratlas-quote]'))).toBe(BRAND);

  const response = await page.request.get(`${PRODUCT_URL}/api/companies?limit=1&sort=rating`);
  const [company] = (await response.json()) as { slug: string }[];
  await page.goto(`${PRODUCT_URL}/company/${company!.slug}`);
  await page.getByRole('link', { name: 'Get Quote', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Free moving quotes' });
  await expect(heading(dialog)).toHaveText('What size is your move?');
  expect(await continueColour(dialog)).toBe(BRAND);

  // The demo partner sets no colour of its own on its main page.
  await page.goto('/');
  expect(await continueColour(page.locator('#quote-main'))).toBe(BRAND);
});
