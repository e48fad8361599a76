/**
 * Claiming a listing in Chromium against the built product (issue 17). A mover opens a company's profile,
 * chooses "Claim this listing", asks for a code — sent to the listing's own address, shown masked — reads it
 * (here from the admin Mail screen's API: without SMTP_URL the message is kept there), enters it with a new
 * password and lands signed in on /pro. Then a claim with evidence (the listing has no e-mail address), with
 * a PDF, that staff approve in the admin's Claims queue; the company's admin page then shows it claimed, with
 * its owner. The companies are made for the test and deleted at the end, with their movers.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminWrite, loginAsAdmin } from '../support/admin';
import { withProductDatabase } from '../support/database';
import { PRODUCT_URL } from '../playwright.config';
import { austinCompanyForm } from '../../server/test/support/company-form';

const RUN = randomUUID().replace(/-/g, '').slice(0, 6);
const PASSWORD = 'juniper ledger claim harbor 5521';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const created: number[] = [];

async function newListing(page: Page, name: string, email: string) {
  const res = await adminWrite(page, 'POST', '/api/admin/companies', {
    ...austinCompanyForm(name),
    email,
  });
  expect(res.status()).toBe(201);
  const company = (await res.json()) as { id: number; slug: string };
  created.push(company.id);
  return company;
}

/** The newest message to `to`, as staff read it on the Mail screen. */
async function mailTo(page: Page, to: string): Promise<string> {
  let text = '';
  await expect(async () => {
    const list = (await (
      await page.request.get(`${PRODUCT_URL}/api/admin/mail?q=${encodeURIComponent(to)}`)
    ).json()) as { messages: Array<{ id: number }> };
    expect(list.messages.length).toBeGreaterThan(0);
    const message = (await (
      await page.request.get(`${PRODUCT_URL}/api/admin/mail/${list.messages[0]!.id}`)
    ).json()) as { text: string };
    text = message.text;
  }).toPass({ timeout: 15_000 });
  return text;
}

test.afterAll(async () => {
  await withProductDatabase(async (db) => {
    const users = (await db('mover_users')
      .where('email', 'like', `%-${RUN}@example.com`)
      .pluck('id')) as number[];
    await db('mover_sessions').whereIn('user_id', users).delete();
    await db('mover_tokens').whereIn('user_id', users).delete();
    await db('company_users').whereIn('user_id', users).delete();
    await db('mover_users').whereIn('id', users).delete();
    await db('companies').whereIn('id', created).delete();
  });
});

test('a mover claims a listing with the code sent to its address and lands signed in on /pro', async ({
  browser,
  page,
}) => {
  await loginAsAdmin(page);
  const listingEmail = `office-${RUN}@example.com`;
  const company = await newListing(page, `Bluebonnet Movers ${RUN}`, listingEmail);

  const mover = await (await browser.newContext()).newPage();
  await mover.goto(`${PRODUCT_URL}/company/${company.slug}`);
  await mover.getByRole('link', { name: 'Claim this listing' }).click();
  await expect(mover).toHaveURL(`${PRODUCT_URL}/claim/${company.slug}`);
  await expect(
    mover.getByRole('heading', { level: 1, name: `Claim Bluebonnet Movers ${RUN}` }),
  ).toBeVisible();
  await expect(mover.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  const ask = mover.getByRole('form', { name: 'Ask for a code' });
  await expect(ask).toContainText('the e-mail address on the listing, o***@example.com');
  await ask.getByLabel('Your name').fill('Rosa Diaz');
  await ask.getByLabel('Your e-mail address').fill(`rosa-${RUN}@example.com`);
  await ask.getByRole('button', { name: 'Send the code to o***@example.com' }).click();
  const enter = mover.getByRole('form', { name: 'Enter the code' });
  await expect(enter).toContainText('We sent a code to o***@example.com');

  const mail = await mailTo(page, listingEmail);
  const code = /Your code: (\d{6})/.exec(mail)![1]!;
  await enter.getByLabel('Code from the e-mail').fill(code);
  await enter.getByLabel('Choose a password').fill(PASSWORD);
  await enter.getByRole('button', { name: 'Claim the listing and sign in' }).click();
  await expect(mover).toHaveURL(new RegExp(`^${PRODUCT_URL}/pro(/|$)`));
  const status = (await (await mover.request.get(`${PRODUCT_URL}/api/pro/auth/status`)).json()) as {
    isAuthenticated: boolean;
    companies: Array<{ id: number; role: string }>;
  };
  expect(status.isAuthenticated).toBe(true);
  expect(status.companies).toEqual([expect.objectContaining({ id: company.id, role: 'owner' })]);

  // Claimed now: the page says only staff can hand it over.
  await mover.goto(`${PRODUCT_URL}/claim/${company.slug}`);
  await expect(mover.getByText(/^This listing already has an owner/)).toBeVisible();
});

test('a claim with evidence is approved by staff in the admin', async ({ browser, page }) => {
  await loginAsAdmin(page);
  const company = await newListing(page, `Lone Star Haulers ${RUN}`, '');

  const mover = await (await browser.newContext()).newPage();
  await mover.goto(`${PRODUCT_URL}/claim/${company.slug}`);
  await expect(mover.getByText(/^This listing has no e-mail address/)).toBeVisible();
  const form = mover.getByRole('form', { name: 'Claim with evidence' });
  await form.getByLabel('Your name').fill('Sam Ortiz');
  await form.getByLabel('Your e-mail address').fill(`sam-${RUN}@example.com`);
  await form.getByLabel('Phone number').fill('(512) 555-0199');
  await form.getByLabel('Your role at the company').selectOption('owner');
  await form.getByLabel('USDOT number').fill('7654321');
  await form.getByLabel('Document (PDF or photo, up to 5 MB)').setInputFiles({
    name: 'licence.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await form.getByLabel('Why is this listing yours?').fill('We bought the company in 2024.');
  await form.getByRole('button', { name: 'Send the claim' }).click();
  await expect(mover.getByText('Claim received')).toBeVisible();

  await page.goto(`${PRODUCT_URL}/admin/claims`);
  await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
  const card = page.getByRole('listitem', {
    name: `Claim of Lone Star Haulers ${RUN} by Sam Ortiz`,
  });
  await expect(card).toContainText('7654321 — the listing has none');
  await expect(card.getByRole('link', { name: 'Download licence.pdf' })).toHaveAttribute(
    'href',
    /\/api\/admin\/claims\/\d+\/document$/,
  );
  await card.getByRole('button', { name: /^Approve/ }).click();
  await page
    .getByRole('dialog', { name: /^Approve Sam Ortiz’s claim/ })
    .getByRole('button', { name: 'Approve the claim', exact: true })
    .click();
  await expect(
    page.getByText('Claim approved: the owner was e-mailed a link to choose a password', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(card).toHaveCount(0);

  const mail = await mailTo(page, `sam-${RUN}@example.com`);
  expect(mail).toContain(`You now manage Lone Star Haulers ${RUN}`);

  await page.goto(`${PRODUCT_URL}/admin/companies/${company.id}`);
  const panel = page.getByRole('region', { name: 'Claim and users' });
  await expect(panel).toContainText('Claimed on');
  const row = panel.getByRole('row', { name: /Sam Ortiz/ });
  await expect(row).toContainText(`sam-${RUN}@example.com`);
  await expect(row).toContainText('Owner');
  await expect(row).toContainText('Active');
});
