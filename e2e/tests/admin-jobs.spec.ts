/**
 * The Jobs System and Script Management screens in Chromium against the built product: a script run from its
 * generated form, followed live on its job page until it has succeeded; a cron schedule saved with its next
 * run shown; a slow run cancelled from its job page; the job list as cards on a phone.
 */
import { loginAsAdmin } from '../support/admin';
import { expect, test } from '../support/quote';
import { E2E_ADMIN, PRODUCT_URL } from '../playwright.config';

test.describe.configure({ mode: 'serial' });

test('runs a script from its generated form and watches its job reach done', async ({
  page,
  cspViolations,
}) => {
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/admin/scripts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Script Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rebuild the search index' })).toBeVisible();
  await page.getByRole('link', { name: 'Run a script' }).click();

  await page
    .getByRole('combobox', { name: 'Script' })
    .selectOption({ label: 'Rebuild the search index' });
  const batch = page.getByLabel('Batch size');
  await expect(batch).toHaveValue('1000');
  await batch.fill('5');
  await page.getByRole('button', { name: 'Run script' }).click();
  await expect(page.getByText('Batch size must be at least 10')).toBeVisible();
  await batch.fill('250');
  await page.getByRole('button', { name: 'Run script' }).click();

  await expect(page).toHaveURL(/\/admin\/jobs\/\d+$/);
  await expect(
    page.getByRole('heading', { name: /^Job \d+: Script: rebuild-search-index$/ }),
  ).toBeVisible();
  await expect(page.getByText('Status: Succeeded')).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: /progress$/ })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const log = page.getByRole('log', { name: 'Job log' });
  await expect(log.getByText('Rebuild the search index: started (attempt 1)')).toBeVisible();
  // Every company (2,000 seeded, plus any another spec imported on this shared server) is rewritten.
  const rewrote = log.getByText(/Rewrote the words of \d+ of \d+ companies/);
  await expect(rewrote).toBeVisible();
  const total = /of (\d+) companies/.exec((await rewrote.textContent()) ?? '')![1]!;
  expect(Number(total)).toBeGreaterThanOrEqual(2000);
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible();
  await expect(page.getByText(`"companies": ${total}`)).toBeVisible();

  // The script's last run shows on the list.
  await page.goto(`${PRODUCT_URL}/admin/scripts`);
  const card = page.getByRole('listitem').filter({ hasText: 'Rebuild the search index' });
  await expect(card.getByText('Succeeded')).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('creates a schedule and shows its next run time', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/admin/scripts/schedule`);
  await expect(page.getByRole('heading', { name: 'Schedules' })).toBeVisible();
  await page
    .getByRole('combobox', { name: 'Script' })
    .selectOption({ label: 'Recompute statistics' });
  await page.getByRole('button', { name: 'Every day at 3:00' }).click();
  await page.getByRole('combobox', { name: 'Time zone' }).selectOption('UTC');
  await expect(page.getByText('Next runs')).toBeVisible();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Schedule saved', { exact: true })).toBeVisible();

  const now = new Date();
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3, 0, 0),
  );
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  const schedule = page
    .getByRole('list', { name: 'Schedules' })
    .getByRole('listitem')
    .filter({ hasText: 'Recompute statistics' })
    .last();
  await expect(schedule.getByText('0 3 * * *')).toBeVisible();
  await expect(schedule.locator(`time[datetime="${next.toISOString()}"]`)).toBeVisible();
});

test('cancels a running job from its page', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/admin/scripts/run/refresh-company-ratings`);
  // Small batches with a pause between them: a run that takes minutes, long enough to cancel.
  await page.getByLabel('Batch size').fill('10');
  await page.getByLabel('Pause between batches (ms)').fill('500');
  await page.getByRole('button', { name: 'Run script' }).click();
  await expect(page).toHaveURL(/\/admin\/jobs\/\d+$/);
  const jobId = /\/admin\/jobs\/(\d+)$/.exec(page.url())![1];
  await expect(page.getByText('Status: Running')).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: /progress$/ })).not.toHaveAttribute(
    'aria-valuenow',
    '0',
  );

  await page.getByRole('button', { name: 'Cancel job' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel job ${jobId}?` });
  await dialog.getByRole('button', { name: 'Cancel job' }).click();
  await expect(page.getByText('Status: Cancelled')).toBeAttached({ timeout: 15_000 });
  const log = page.getByRole('log', { name: 'Job log' });
  await expect(log.getByText(`cancel requested by admin:${E2E_ADMIN.username}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry job' })).toBeVisible();

  // On a phone the list reads as cards, with nothing to scroll sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${PRODUCT_URL}/admin/jobs?status=cancelled`);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Job ${jobId}` }) });
  await expect(card.getByText('Cancelled')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
