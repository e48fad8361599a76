/**
 * A company profile's Get Quote opens the quote widget right there as a dialog with that mover chosen, embedded
 * through the widget's public SDK as a partner would; the loader arrives only once the visitor shows intent.
 * Without JavaScript the same button is a link to /get-quotes for that company.
 */
import type { Page } from '@playwright/test';
import type { Company } from '@moveratlas/contracts';
import {
  CONSENT_BOX,
  CONTACT,
  FUTURE_DATE,
  choosePlace,
  expect,
  heading,
  storedLead,
  submit,
  test,
} from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

/** A listed company with a profile, the `offset`-th by rating: each test takes its own. */
async function someCompany(offset: number): Promise<Company> {
  const response = await fetch(`${PRODUCT_URL}/api/companies?limit=1&sort=rating&offset=${offset}`);
  const [company] = (await response.json()) as Company[];
  if (!company?.slug) throw new Error(`No listed company at offset ${offset}`);
  return company;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every request the page makes for the widget's files (loader and bundle). */
function widgetRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/widget/')) seen.push(request.url());
  });
  return seen;
}

test('Get Quote on a profile opens the widget as a dialog with the mover chosen; the lead names it', async ({
  page,
  cspViolations,
}) => {
  const company = await someCompany(3);
  const named = new RegExp(escapeRegExp(company.name));
  const requests = widgetRequests(page);
  // A hydration mismatch or a failed mount would show here.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${PRODUCT_URL}/company/${company.slug}`);
  const link = page.getByRole('link', { name: 'Get Quote', exact: true });
  await expect(link).toHaveAttribute('href', `/get-quotes?company=${company.slug}`);
  // Nothing of the widget is loaded before the visitor shows intent.
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);

  await link.hover();
  await expect(page.locator('script[src="/widget/loader.js"]')).toHaveCount(1);
  await expect(page.locator('script[src="/widget/loader.js"]')).toHaveAttribute(
    'data-site',
    'moveratlas-directory',
  );
  await link.click();
  await expect(page).toHaveURL(`${PRODUCT_URL}/company/${company.slug}`);

  const dialog = page.getByRole('dialog', { name: 'Free moving quotes' });
  await expect(dialog).toBeVisible();
  await expect(heading(dialog)).toHaveText('What size is your move?');
  await expect(heading(dialog)).toBeFocused();
  // The widget's launcher took the link's place: one Get Quote on the page, not two.
  const launcher = page.getByRole('button', { name: 'Get Quote', exact: true });
  await expect(link).toBeHidden();
  await expect(launcher).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('script[src="/widget/loader.js"]')).toHaveCount(1);

  await dialog.getByRole('button', { name: /2-3 Bedrooms/ }).click();
  await expect(heading(dialog)).toHaveText('When are you moving?');
  await dialog.getByLabel('Moving date', { exact: true }).fill(FUTURE_DATE);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(dialog)).toHaveText('Where are you moving?');
  await choosePlace(dialog, 'Moving from', 'Chicago, IL');
  await choosePlace(dialog, 'Moving to', '80202');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(dialog)).toHaveText('How can movers reach you?');
  await dialog.getByLabel('First name', { exact: true }).fill(CONTACT.firstName);
  await dialog.getByLabel('Last name', { exact: true }).fill(CONTACT.lastName);
  await dialog.getByLabel('Email', { exact: true }).fill('profile.dialog@example.com');
  await dialog.getByLabel('Phone', { exact: true }).fill(CONTACT.phone);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(dialog)).toHaveText('Choose your movers');
  const movers = dialog.getByRole('group').getByRole('checkbox');
  await expect(movers.first()).toHaveAccessibleName(named);
  await expect(movers.first()).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(dialog)).toHaveText('Do you need auto transport?');
  // The one consent names the mover the visitor came from.
  const consent = dialog.getByRole('checkbox', { name: CONSENT_BOX });
  await expect(consent).toHaveAccessibleName(named);
  await consent.check();
  const leadId = await submit(dialog);
  // What really happened, by name.
  await expect(dialog.getByText(`We’ve sent your request to ${company.name}.`)).toBeVisible();

  const lead = await storedLead(leadId);
  expect(lead).toMatchObject({
    site_id: 'moveratlas-directory',
    email: 'profile.dialog@example.com',
  });
  const selected = JSON.parse(lead!.selected_companies) as { id: unknown; name: string }[];
  expect(selected.map((c) => [String(c.id), c.name])).toContainEqual([
    String(company.id),
    company.name,
  ]);

  // Escape closes the dialog; focus returns to the launcher, which opens it again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await expect(link).toBeHidden();
  expect(cspViolations).toEqual([]);
  expect(errors).toEqual([]);
});

test('by keyboard: focus loads the widget, Enter opens it on the heading, Escape returns to the launcher', async ({
  page,
}) => {
  const company = await someCompany(4);
  await page.goto(`${PRODUCT_URL}/company/${company.slug}`);
  const link = page.getByRole('link', { name: 'Get Quote', exact: true });
  await link.focus();
  await expect(page.locator('script[src="/widget/loader.js"]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Free moving quotes' });
  await expect(heading(dialog)).toBeFocused();
  await expect(heading(dialog)).toHaveText('What size is your move?');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Get Quote', exact: true })).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Get Quote is a link to /get-quotes for that company', async ({ page }) => {
    const company = await someCompany(5);
    await page.goto(`${PRODUCT_URL}/company/${company.slug}`);
    const link = page.getByRole('link', { name: 'Get Quote', exact: true });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(`${PRODUCT_URL}/get-quotes?company=${company.slug}`);
    await expect(page.locator('[data-moveratlas-quote]')).toHaveAttribute(
      'data-company-id',
      String(company.id),
    );
  });
});
