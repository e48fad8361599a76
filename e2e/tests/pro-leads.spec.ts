/**
 * The mover's leads inbox in Chromium against the built product: a quote request naming a company arrives
 * through the public API; a mover of that company signs in at /pro/login, finds the lead in the inbox, opens
 * it, marks it contacted with a note (the history names the mover), and exports the inbox as CSV with a
 * formula-looking name neutralised. The overview counts the lead.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import {
  createListing,
  createMover,
  removeListing,
  signInAsMover,
  type E2eListing,
  type E2eMover,
} from '../support/mover';
import { expect, test } from '../support/quote';
import { postLead } from '../support/leads';
import { PRODUCT_URL } from '../playwright.config';

const RUN = randomUUID().slice(0, 8);
const EMAIL = `e2e.pro.${RUN}@example.com`;
const FIRST_NAME = 'Dorothy';
/** A last name a spreadsheet would run as a formula if the export did not neutralise it. */
const LAST_NAME = '=2+5';
const FULL_NAME = `${FIRST_NAME} ${LAST_NAME}`;

test.describe.configure({ mode: 'serial' });

let company: E2eListing;
let mover: E2eMover;

test.beforeAll(async ({ request }) => {
  // A listing of this spec's own, so no other spec's mover or lead shares it.
  company = await createListing(`Inbox Movers ${RUN}`);
  mover = await createMover({ companySlug: company.slug, name: 'Pat Inbox' });
  await postLead(request, [company], {
    firstName: FIRST_NAME,
    lastName: LAST_NAME,
    email: EMAIL,
    leadUuid: `e2e-pro-${RUN}`,
  });
});

test.afterAll(() => removeListing(company));

test('a mover finds a lead that named its company, marks it contacted with a note and exports CSV', async ({
  page,
  cspViolations,
}) => {
  await signInAsMover(page, mover);
  await page.goto(`${PRODUCT_URL}/pro/companies/${company.id}/leads`);
  await expect(page.getByText('1 lead', { exact: true })).toBeVisible();
  await page.getByRole('table', { name: 'Leads' }).getByRole('link', { name: FULL_NAME }).click();

  await expect(page.getByRole('heading', { name: FULL_NAME })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Consent' })).toContainText(company.name);
  const form = page.getByRole('form', { name: 'Change status' });
  await form.getByLabel('Status').selectOption('contacted');
  await form.getByLabel('Note (optional)').fill('Called; sending a quote on Friday.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Lead updated').first()).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('New → Contacted');
  await expect(history).toContainText('by Pat Inbox');
  await expect(history).toContainText('Called; sending a quote on Friday.');

  await page.getByRole('link', { name: '← All leads' }).click();
  // The list's own filter: until the list has replaced the detail page, 'Status' also names its status form.
  const filters = page.getByRole('search', { name: 'Filter leads' });
  await filters.getByLabel('Status').selectOption('contacted');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('1 lead matches these filters')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${company.slug}-leads-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const text = fs.readFileSync((await download.path())!, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(EMAIL);
  expect(lines[1]).toContain(",contacted,Called; sending a quote on Friday.,Dorothy,'=2+5,");
  expect(cspViolations).toEqual([]);
});

test('the overview counts the lead and shows its charts with their figures', async ({ page }) => {
  await signInAsMover(page, mover);
  await page.goto(`${PRODUCT_URL}/pro/companies/${company.id}/overview`);
  const leads = page.getByRole('region', { name: 'Leads' });
  await expect(leads.getByText('This month', { exact: true }).locator('..')).toContainText('1');
  await expect(leads.getByRole('img', { name: /Leads per day/ })).toBeVisible();
  await leads.getByText('Show the figures').click();
  await expect(leads.getByRole('table', { name: 'Leads per day, newest first' })).toBeVisible();
});

test('the inbox reads as cards on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsMover(page, mover);
  await page.goto(`${PRODUCT_URL}/pro/companies/${company.id}/leads`);
  const cards = page.getByRole('list', { name: 'Leads' });
  await expect(cards.getByRole('link', { name: FULL_NAME })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Leads' })).toBeHidden();
});
