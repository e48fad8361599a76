/**
 * /contact: the common questions answer first and send the visitor to the form with the right topic chosen,
 * after hydration (client-side navigation) and without JavaScript alike.
 */
import { expect, test } from '@playwright/test';
import { url, waitForHydration } from '../support/directory';

test('a common question leads to the form with its topic chosen', async ({ page }) => {
  await page.goto(url('/contact'));
  await waitForHydration(page);
  const topic = page.getByLabel('Topic');
  await expect(topic).toHaveValue('general');
  await page.getByRole('link', { name: 'Write to us about this: your personal data' }).click();
  await expect(page).toHaveURL(/\/contact\?topic=privacy#contact-form$/);
  await expect(topic).toHaveValue('privacy');
  await expect(page.locator('#contact-form')).toBeInViewport();
  // Only the select starts again with the new topic: what the visitor typed stays.
  await page.getByLabel('Your name').fill('Dana Reyes');
  await page
    .getByRole('link', { name: 'Write to us about this: putting our quote form on your website' })
    .click();
  await expect(topic).toHaveValue('partnership');
  await expect(page.getByLabel('Your name')).toHaveValue('Dana Reyes');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the topic links choose the topic too', async ({ page }) => {
    await page.goto(url('/contact'));
    await page
      .getByRole('link', { name: 'Write to us about this: a listing that is wrong' })
      .click();
    await expect(page.getByLabel('Topic')).toHaveValue('company-listing');
  });
});
