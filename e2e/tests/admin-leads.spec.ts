/**
 * The admin lead screens in Chromium against the built product: a quote request sent to the public API shows
 * on the dashboard and in the lead list; its record opens, its status changes (the history names the admin);
 * the CSV export downloads the filtered leads with formula-looking cells neutralised; the statistics screen
 * draws its charts; the list reads as cards on a phone.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { loginAsAdmin } from '../support/admin';
import { expect, test } from '../support/quote';
import { postLead } from '../support/leads';
import { E2E_ADMIN, PRODUCT_URL } from '../playwright.config';

const RUN = randomUUID().slice(0, 8);
const EMAIL = `e2e.leads.${RUN}@example.com`;
// Unique per run: a retry posts a lead of its own, and must not meet the earlier attempt's on the dashboard.
const FIRST_NAME = `Hedy ${RUN.slice(0, 4)}`;
/** A last name a spreadsheet would run as a formula if the export did not neutralise it. */
const LAST_NAME = '=1+2';

const fullName = `${FIRST_NAME} ${LAST_NAME}`;

test.describe.configure({ mode: 'serial' });

let publicId = '';

test.beforeAll(async ({ request }) => {
  publicId = await postLead(
    request,
    [{ id: 101, name: 'Prairie State Movers' }],
    { firstName: FIRST_NAME, lastName: LAST_NAME, email: EMAIL, leadUuid: `e2e-admin-${RUN}` },
    { move_size: 'studio', phone_number: '3127440199' },
  );
  expect(publicId).toMatch(/^[0-9A-Z]{10}$/);
});

test('the dashboard and the list show a new lead; its record opens and its status changes', async ({
  page,
  cspViolations,
}) => {
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent leads' });
  await expect(recent.getByRole('link', { name: fullName })).toBeVisible();
  await expect(page.getByRole('img', { name: /Leads per day, last 30 days/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lead delivery health' })).toBeVisible();
  const today = page.getByText('Leads today').locator('xpath=following-sibling::dd');
  expect(Number((await today.textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);

  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Leads' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await page.getByLabel('Search').fill(EMAIL);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('1 lead matches these filters')).toBeVisible();
  const row = page.getByRole('table', { name: 'Leads' }).getByRole('row').nth(1);
  await expect(row).toContainText(publicId);
  await expect(row).toContainText('Chicago, IL 60601 → Denver, CO 80202');

  await row.getByRole('link', { name: fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/\\d+$`));
  await expect(page.getByRole('heading', { level: 2, name: fullName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Consent' })).toContainText('Prairie State Movers');
  await expect(page.getByRole('region', { name: 'Contact' })).toContainText('(312) 744-0199');
  await expect(page.getByRole('region', { name: 'Delivery to the lead backend' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Change status' });
  await form.getByLabel('Status').selectOption('contacted');
  await form.getByLabel('Note (optional)').fill('Called from the e2e test');
  await form.getByRole('button', { name: 'Update status' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Status updated'),
  ).toBeVisible();
  const history = page.getByRole('region', { name: 'Status history' });
  await expect(history).toContainText('New → Contacted');
  await expect(history).toContainText(`by ${E2E_ADMIN.username}`);
  await expect(history).toContainText('Called from the e2e test');

  // The list shows the new status.
  await page.getByRole('link', { name: '← All leads' }).click();
  // The list's own filter: until the list has replaced the detail page, 'Status' also names its status form.
  const filters = page.getByRole('search', { name: 'Filter leads' });
  await filters.getByLabel('Search').fill(EMAIL);
  await filters.getByLabel('Status').selectOption('contacted');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('1 lead matches these filters')).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('the CSV export downloads the filtered leads with formulas neutralised', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/admin/leads?q=${encodeURIComponent(EMAIL)}`);
  await expect(page.getByText('1 lead matches these filters')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = fs.readFileSync((await download.path())!);
  // UTF-8 with a byte order mark, for Excel.
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = file.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(
    'public_id,created_at,status,delivery,first_name,last_name,email,phone,from_zip,from_city,' +
      'from_state,from_location,to_zip,to_city,to_state,to_location,move_date,move_size,' +
      'number_of_rooms,needs_auto_transport,selected_companies,site_id,origin,consent_version,consented_at',
  );
  expect(lines.filter(Boolean)).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${publicId},`));
  expect(lines[1]).toContain(`,${FIRST_NAME},'${LAST_NAME},${EMAIL},`);
});

test('the statistics screen draws its charts', async ({ page, cspViolations }) => {
  await loginAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Statistics' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  for (const name of [
    /Leads per day/,
    /Leads by state/,
    /Leads by move size/,
    /Leads by partner/,
    /Top routes/,
    /Quote wizard funnel/,
    /Listed companies by state/,
    /Listed companies by rating/,
  ])
    await expect(page.getByRole('img', { name })).toBeVisible();
  const totals = page.getByRole('region', { name: /^Totals for/ });
  await expect(
    totals.getByText('Leads', { exact: true }).locator('xpath=following-sibling::dd'),
  ).not.toHaveText('0');

  // Weeks over a quarter: the chart is redrawn from the server's grouping.
  await page.getByRole('link', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('img', { name: /Leads per week/ })).toBeVisible();
  await page.getByText('Show the figures as a table').first().click();
  await expect(page.getByRole('table', { name: 'Leads per week: figures' })).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('on a phone the lead list reads as cards and no screen scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/admin/leads?q=${encodeURIComponent(EMAIL)}`);
  const card = page.getByRole('listitem').filter({ hasText: publicId });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: fullName })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Leads' })).toBeHidden();
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The filters other than the search fold away on a phone.
  await expect(page.getByLabel('Move size')).toBeHidden();
  await page.getByRole('button', { name: 'More filters' }).click();
  await expect(page.getByLabel('Move size')).toBeVisible();

  // The statistics' charts fit the width too (their screen-reader tables never widen the page).
  await page.goto(`${PRODUCT_URL}/admin/statistics`);
  await expect(page.getByRole('img', { name: /Quote wizard funnel/ })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
