/**
 * The 404 page's Go Back (issue 15): with no history it went nowhere. It is offered only when there is a page
 * of this site to go back to — here, the page whose link led to the missing address — as a plain link that a
 * keyboard reaches and that works without scripts; a visitor who landed directly gets Back to Home instead.
 */
import { expect, test } from '@playwright/test';
import { url, waitForHydration } from '../support/directory';

const PHONE = { width: 390, height: 844 };

for (const javaScriptEnabled of [true, false]) {
  test(`Go Back returns to the page whose broken link led to a 404, by keyboard, ${javaScriptEnabled ? 'with' : 'without'} scripts`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      javaScriptEnabled,
    });
    const page = await context.newPage();
    try {
      const response = await page.goto(url('/company/a-mover-that-closed'), {
        referer: url('/states/illinois?sort=rating'),
      });
      expect(response?.status()).toBe(404);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      const back = page.getByRole('link', { name: 'Go Back' });
      await expect(back).toHaveAttribute('href', '/states/illinois?sort=rating');
      // Tab from Back to Home and Search Moving Companies, then Enter.
      await page.getByRole('link', { name: 'Search Moving Companies' }).focus();
      await page.keyboard.press('Tab');
      await expect(back).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(url('/states/illinois?sort=rating'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Moving Companies in Illinois',
      );
    } finally {
      await context.close();
    }
  });
}

test('a 404 landed on directly offers Back to Home and no Go Back to nowhere', async ({ page }) => {
  await page.goto(url('/no-such-page'));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Go Back' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(url('/'));
});
