/**
 * The admin companies and CSV upload screens in Chromium against the built product: search the table, edit a
 * company and see the change on its public page, switch featured in the table, and upload a CSV file — the
 * dry run's report, then the import with its progress bar to the end. The imported companies are unlisted
 * (is_in_list false), so the public pages other specs read are unchanged.
 */
import { randomUUID } from 'node:crypto';
import { loginAsAdmin } from '../support/admin';
import { expect, test } from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

const RUN = randomUUID().replace(/-/g, '').slice(0, 8);

test('search the companies, edit one and see it on its public page, switch featured', async ({
  page,
  request,
}) => {
  // A seeded company to work on, as the public list gives it.
  const listed = (await (
    await request.get(`${PRODUCT_URL}/api/companies?limit=1&sort=name`)
  ).json()) as Array<{
    id: number;
    name: string;
    slug: string;
    isFeatured: boolean;
  }>;
  const company = listed[0]!;
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/admin/companies`);
  await expect(page.getByRole('heading', { name: 'Companies', level: 2 })).toBeVisible();
  await page.getByLabel('Search').fill(company.name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\?q=/);
  const table = page.getByRole('table', { name: 'Companies' });
  const link = table.getByRole('link', { name: company.name, exact: true });
  await expect(link).toBeVisible();

  // Featured, switched in the table and back.
  const featured = table.getByRole('switch', { name: `Featured: ${company.name}` }).first();
  const was = (await featured.getAttribute('aria-checked')) === 'true';
  await featured.click();
  await expect(
    page.getByText(`${company.name} is ${was ? 'no longer featured' : 'now featured'}`, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(featured).toHaveAttribute('aria-checked', String(!was));
  const stored = (await (
    await request.get(
      `${PRODUCT_URL}/api/companies?q=${encodeURIComponent(company.name)}&limit=100`,
    )
  ).json()) as Array<{
    id: number;
    isFeatured: boolean;
  }>;
  expect(stored.find((c) => c.id === company.id)?.isFeatured).toBe(!was);
  await featured.click();
  await expect(featured).toHaveAttribute('aria-checked', String(was));

  // Edit: a new description, on the public page at once.
  await link.click();
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin/companies/${company.id}`);
  const description = `Checked by the e2e run ${RUN}: careful crews, fair prices.`;
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Company saved', { exact: true })).toBeVisible();
  await page.goto(`${PRODUCT_URL}/company/${company.slug}`);
  await expect(page.getByText(description)).toBeVisible();
});

test('upload a CSV file: the dry run report, then the import with its progress bar', async ({
  page,
}) => {
  const rows = ['name,city,state,services,is_in_list,lat'];
  for (let i = 1; i <= 300; i++) rows.push(`E2E ${RUN} Movers ${i},Austin,TX,local-moving,false,`);
  rows.push(`E2E ${RUN} Broken,Austin,TX,local-moving,false,=1+1`);
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/admin/upload`);
  await expect(page.getByRole('heading', { name: 'Import companies from CSV' })).toBeVisible();
  const template = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the template' }).click();
  expect((await template).suggestedFilename()).toBe('moveratlas-companies-template.csv');

  await page.getByLabel('CSV file (UTF-8, up to 50 MB)').setInputFiles({
    name: `e2e-${RUN}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${rows.join('\r\n')}\r\n`),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const report = page.getByRole('region', { name: 'Dry run: nothing is written yet' });
  await expect(report).toBeVisible();
  await expect(report.getByText('Would create').locator('..')).toContainText('300');
  await expect(report.getByText('Rejected', { exact: true }).locator('..')).toContainText('1');
  await expect(report.getByRole('table', { name: 'Rejected rows' })).toContainText(
    'Latitude must be a number between -90 and 90',
  );

  await report.getByRole('button', { name: 'Import 300 companies' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  const done = page.getByRole('region', { name: 'Import finished' });
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(done.getByText('Created', { exact: true }).locator('..')).toContainText('300');
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // The new companies are in the table.
  await page.goto(`${PRODUCT_URL}/admin/companies?q=${RUN}&inList=false`);
  await expect(page.getByText('300 companies match these filters')).toBeVisible();
});

test('the companies screens fit a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAsAdmin(page);
  const fits = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  await page.goto(`${PRODUCT_URL}/admin/companies`);
  const cards = page.getByRole('list', { name: 'Companies' });
  await expect(cards).toBeVisible();
  await expect(page.getByRole('table', { name: 'Companies' })).toBeHidden();
  await expect(cards.getByRole('switch').first()).toBeVisible();
  await fits();
  await cards.getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await fits();
  await page.goto(`${PRODUCT_URL}/admin/upload`);
  await expect(page.getByRole('button', { name: 'Check the file' })).toBeVisible();
  await fits();
});
