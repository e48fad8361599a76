/**
 * A company whose name is one unbroken word of 150 characters (issue 16: "a 150-character unbroken name breaks
 * the table and the public profile"): at a phone's width and a desktop's, no page it appears on scrolls
 * sideways — the public profile with its header, the admin companies table and the company's admin page —
 * and the quote widget's mover choice, opened from that profile on a phone, keeps the name inside its dialog.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { adminWrite, loginAsAdmin } from '../support/admin';
import { withProductDatabase } from '../support/database';
import { CONTACT, FUTURE_DATE, choosePlace, expect, heading, test } from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

const RUN = randomUUID().replace(/-/g, '').slice(0, 8);
const NAME = `Longname${RUN}${'Movers'.repeat(30)}`.slice(0, 150);
const SLUG = `long-name-${RUN}`;

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** The page is no wider than the window: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(
    widths.page,
    `${where} is ${widths.page}px wide in a ${widths.window}px window`,
  ).toBeLessThanOrEqual(widths.window);
}

let companyId: number;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await loginAsAdmin(page);
  const created = await adminWrite(page, 'POST', '/api/admin/companies', {
    name: NAME,
    slug: SLUG,
    description:
      'A company with a very long name, to check that every page keeps it inside the screen.',
    phone: '512 555 0142',
    street: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    services: ['local-moving'],
    is_featured: false,
    is_in_list: true,
  });
  expect(created.status(), await created.text()).toBe(201);
  companyId = ((await created.json()) as { id: number }).id;
  await page.close();
});

test.afterAll(async () => {
  await withProductDatabase((db) => db('companies').where({ id: companyId }).delete());
});

for (const size of WIDTHS) {
  test(`a 150-character name stays inside the ${size.name} screen on every page it is on`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });

    await page.goto(`${PRODUCT_URL}/company/${SLUG}`);
    const title = page.getByRole('heading', { level: 1, name: NAME });
    await expect(title).toBeVisible();
    // The whole name is there to read, wrapped, and the header holds it.
    const box = (await title.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    await expectNoSidewaysScroll(page, 'The public profile');

    await loginAsAdmin(page);
    await page.goto(`${PRODUCT_URL}/admin/companies?q=${encodeURIComponent(NAME.slice(0, 40))}`);
    const link = page.getByRole('link', { name: NAME, exact: true }).first();
    await expect(link).toBeVisible();
    await expectNoSidewaysScroll(page, 'The admin companies list');

    await page.goto(`${PRODUCT_URL}/admin/companies/${companyId}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(NAME);
    await expectNoSidewaysScroll(page, 'The company’s admin page');
  });
}

test('the widget’s mover choice keeps a 150-character name inside its dialog on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${PRODUCT_URL}/company/${SLUG}`);
  await page.getByRole('link', { name: 'Get Quote', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Free moving quotes' });
  await expect(heading(dialog)).toHaveText('What size is your move?');
  await dialog.getByRole('button', { name: /2-3 Bedrooms/ }).click();
  await dialog.getByLabel('Moving date', { exact: true }).fill(FUTURE_DATE);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await choosePlace(dialog, 'Moving from', '78701');
  await choosePlace(dialog, 'Moving to', '80202');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('First name', { exact: true }).fill(CONTACT.firstName);
  await dialog.getByLabel('Last name', { exact: true }).fill(CONTACT.lastName);
  await dialog.getByLabel('Email', { exact: true }).fill(`long.name.${RUN}@example.com`);
  await dialog.getByLabel('Phone', { exact: true }).fill(CONTACT.phone);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(dialog)).toHaveText('Choose your movers');
  const mover = dialog.getByRole('checkbox', { name: new RegExp(NAME) });
  await expect(mover).toBeChecked();
  // The dialog does not scroll sideways, and neither does the page behind it.
  const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const label = (await dialog.getByText(NAME, { exact: true }).boundingBox())!;
  expect(label.x + label.width).toBeLessThanOrEqual(375);
  await expectNoSidewaysScroll(page, 'The profile with the widget open');
});
