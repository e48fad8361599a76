/**
 * SEO Health and QA Automation in Chromium against the built product: a crawl started from the overview
 * runs as a job and its report and tasks appear; the analyzer checks one page and refuses other sites; the
 * QA suites run as a job and every check passes, the quote flow included. No CSP violation on the way.
 * The crawl test renames the site for a while, so this file runs after all the others (playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import type { SiteSettingsResponse } from '@moveratlas/contracts';
import { expect, test } from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';
import { adminWrite, loginAsAdmin, versionOf } from '../support/admin';

const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test.describe.configure({ mode: 'serial' });

test('runs a crawl from the overview, then reads its report and works a task', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(240_000);
  await loginAsAdmin(page);
  // Our own pages pass every check now. A site name too long for search results, as staff might choose,
  // puts every title over 60 characters: the crawl then has findings, and tasks to work.
  const original = (await (
    await page.request.get(`${PRODUCT_URL}/api/admin/settings/site`)
  ).json()) as SiteSettingsResponse;
  const siteSettings = async (siteName: string) => ({
    siteName,
    supportEmail: original.settings.supportEmail,
    supportPhone: original.settings.supportPhone,
    leadBackendUrl: original.leadBackendOverridden ? original.settings.leadBackendUrl : '',
    version: await versionOf(page, '/api/admin/settings/site'),
  });
  const renamed = await adminWrite(
    page,
    'PUT',
    '/api/admin/settings/site',
    await siteSettings('MoverAtlas, the National Directory of Licensed Moving Companies'),
  );
  expect(renamed.status()).toBe(200);
  try {
    await crawlAndWorkATask(page);
  } finally {
    const restored = await adminWrite(
      page,
      'PUT',
      '/api/admin/settings/site',
      await siteSettings(original.settings.siteName),
    );
    expect(restored.status()).toBe(200);
  }
  expect(cspViolations).toEqual([]);
});

async function crawlAndWorkATask(page: Page) {
  await page.goto(`${PRODUCT_URL}/admin/seo-health`);
  await expect(page.getByRole('heading', { level: 1, name: 'SEO Health Dashboard' })).toBeVisible();
  await page.getByLabel('Page limit (optional)').fill('30');
  await page.getByRole('button', { name: 'Run crawl' }).click();
  await expect(notifications(page).getByText(/^Crawl queued as job \d+$/)).toBeVisible();

  // The overview follows the job and shows the crawl once it has finished.
  const latest = page.getByRole('region', { name: 'Latest crawl' });
  await expect(latest).toBeVisible({ timeout: 180_000 });
  await expect(latest.getByText(/^Crawl \d+, finished/)).toBeVisible();
  await expect(latest.getByText('Pages crawled').locator('..')).toContainText('30');
  await expect(page.getByRole('img', { name: /Score over the last crawls/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run crawl' })).toBeEnabled();

  await latest.getByRole('link', { name: 'Read the report' }).click();
  await expect(page).toHaveURL(/\/admin\/seo-health\/reports\?crawl=\d+$/);
  const report = page.getByRole('region', { name: /^Report of crawl \d+$/ });
  await expect(report).toBeVisible();
  await expect(report.getByText('The first crawl.', { exact: false })).toBeVisible();
  await expect(report.getByText(/^\d+ findings?$/)).toBeVisible();
  await report.getByRole('link', { name: 'Resolved' }).click();
  await expect(report.getByText('None.')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'SEO Health sections' })
    .getByRole('link', { name: 'Tasks' })
    .click();
  await expect(page.getByRole('heading', { name: 'SEO tasks' })).toBeVisible();
  const status = page.getByRole('combobox', { name: /^Status of task \d+$/ }).first();
  await expect(status).toHaveValue('open');
  await status.selectOption('in_progress');
  await expect(notifications(page).getByText(/^Task \d+: in progress$/)).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Task status' })
    .getByRole('link', { name: /^In progress/ })
    .click();
  await expect(page.getByText('1 task', { exact: true })).toBeVisible();
}

test('analyzes one page of the site and explains its findings', async ({ page, cspViolations }) => {
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${PRODUCT_URL}/admin/seo-health/analyzer`);
  await page.getByLabel('Page to analyze').fill('/faq');
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page).toHaveURL(/analyzer\?url=%2Ffaq$/);
  const facts = page.getByRole('region', { name: '/faq' });
  await expect(facts).toBeVisible({ timeout: 30_000 });
  await expect(facts.getByText('Status').locator('..')).toContainText('200');
  await expect(facts.getByText('In the sitemap').locator('..')).toContainText('Yes');
  await expect(facts.getByText('Canonical', { exact: true }).locator('..')).toContainText('/faq');
  await expect(
    page.getByRole('heading', { name: /^(No problems found|\d+ findings?)$/ }),
  ).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByLabel('Page to analyze').fill('https://example.com/');
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page.getByRole('alert')).toContainText('Only pages of this site can be analyzed');
  expect(cspViolations).toEqual([]);
});

test('runs the QA suites as a job and shows every check passing', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(240_000);
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/admin/qa-automation`);
  await expect(page.getByRole('heading', { level: 1, name: 'QA Automation' })).toBeVisible();
  for (const suite of ['Public routes', 'Broken links', 'API contracts', 'Quote flow'])
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${suite}`) })).toBeChecked();
  await page.getByRole('button', { name: 'Run QA suites' }).click();
  await expect(notifications(page).getByText(/^QA run queued as job \d+$/)).toBeVisible();

  const run = page.getByRole('region', { name: /^QA run \d+$/ });
  await expect(run.getByText('Passed', { exact: true })).toBeVisible({ timeout: 180_000 });
  await expect(run.getByText(/^(\d+) of \1 checks passed$/)).toBeVisible();
  await expect(run.getByText('FAIL', { exact: true })).toHaveCount(0);
  const quote = run.getByRole('region', { name: /^Quote flow/ });
  await expect(
    quote.getByText('The test lead is stored as a test and never forwarded'),
  ).toBeVisible();
  await expect(
    run
      .getByRole('region', { name: /^Public routes/ })
      .getByText('/faq answers 200 with a title and its canonical'),
  ).toBeVisible();

  // The run is in the history, and its job page has the log.
  const history = page.getByRole('region', { name: /^History/ });
  await expect(history.getByRole('link', { name: /^Run \d+$/ }).first()).toBeVisible();
  await run.getByRole('link', { name: /^Job \d+$/ }).click();
  await expect(
    page.getByRole('log', { name: 'Job log' }).getByText(/checks passed$/),
  ).toBeVisible();
  expect(cspViolations).toEqual([]);
});
