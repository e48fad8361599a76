/**
 * No lost work in the admin (docs/decisions/028), in Chromium against the built product: two tabs editing one
 * company (the second save shows the merge and the first change survives), a double click on Create (one
 * company), a session that expires mid-edit (the login says so and comes back to the form with the typed
 * values), the leave-page question, /login while signed in, and the phone drawer's focus. The companies it
 * makes are unlisted, so the public pages other specs read are unchanged.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN_SESSION_COOKIE, type AdminCompanyDetail } from '@moveratlas/contracts';
import { adminWrite, loginAsAdmin } from '../support/admin';
import { expect, test } from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

const RUN = randomUUID().replace(/-/g, '').slice(0, 8);

/** A company of this run, unlisted, made through the admin API; answers its id. */
async function newCompany(page: Page, name: string): Promise<number> {
  const res = await adminWrite(page, 'POST', '/api/admin/companies', {
    name,
    city: 'Austin',
    state: 'TX',
    phone: '512 555 0160',
    description: 'Made by the lost-work e2e run.',
    is_in_list: false,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function companyDetail(page: Page, id: number): Promise<AdminCompanyDetail> {
  const res = await page.request.get(`${PRODUCT_URL}/api/admin/companies/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as AdminCompanyDetail;
}

test('two tabs edit one company: the second save shows the merge and the first change survives', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const name = `E2E ${RUN} Two Tabs Movers`;
  const id = await newCompany(page, name);
  const other = await page.context().newPage();
  await page.goto(`${PRODUCT_URL}/admin/companies/${id}`);
  await other.goto(`${PRODUCT_URL}/admin/companies/${id}`);
  await expect(page.getByLabel('Phone')).toHaveValue('(512) 555-0160');
  await expect(other.getByLabel('Phone')).toHaveValue('(512) 555-0160');

  // The first tab changes the phone and saves.
  await page.getByLabel('Phone').fill('(512) 555-0177');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Company saved', { exact: true })).toBeVisible();

  // The second, still on the version it opened, renames the company and saves: nothing is overwritten.
  await other.getByLabel('Name', { exact: true }).fill(`${name} LLC`);
  await other.getByRole('button', { name: 'Save changes' }).click();
  const merge = other.getByRole('region', {
    name: 'Someone else saved this company while you were editing',
  });
  await expect(merge).toBeVisible();
  await expect(merge.getByRole('heading')).toBeFocused();
  const phone = merge.getByRole('group', { name: 'Phone' });
  await expect(
    phone.getByRole('radio', { name: /Keep their value\s*\(512\) 555-0177/ }),
  ).toBeChecked();
  await expect(
    phone.getByRole('radio', { name: /Keep yours\s*\(512\) 555-0160/ }),
  ).not.toBeChecked();
  // The name only this tab changed is not asked about: it is kept.
  await expect(merge.getByRole('group', { name: 'Name' })).toHaveCount(0);
  expect((await companyDetail(page, id)).values.name).toBe(name);

  await merge.getByRole('button', { name: 'Save with these choices' }).click();
  await expect(other.getByText('Company saved', { exact: true })).toBeVisible();
  await expect(merge).toHaveCount(0);
  const saved = await companyDetail(page, id);
  expect(saved.values.name).toBe(`${name} LLC`);
  expect(saved.values.phone).toBe('(512) 555-0177');
  await expect(other.getByLabel('Phone')).toHaveValue('(512) 555-0177');
});

test('a double click on Create makes one company', async ({ page }) => {
  await loginAsAdmin(page);
  const name = `E2E ${RUN} Double Click Movers`;
  await page.goto(`${PRODUCT_URL}/admin/companies/new`);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption('TX');
  await page.getByRole('checkbox', { name: /^Listed/ }).uncheck();
  await page.getByRole('button', { name: 'Create company' }).dblclick();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT_URL}/admin/companies/\\d+$`));
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  const found = (await (
    await page.request.get(
      `${PRODUCT_URL}/api/admin/companies?q=${encodeURIComponent(`${RUN} Double Click`)}`,
    )
  ).json()) as { total: number; items: Array<{ name: string }> };
  expect(found.items.map((c) => c.name)).toEqual([name]);
  expect(found.total).toBe(1);
});

test('a session that expires mid-edit: the login says so and comes back to the form with the typed values', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const id = await newCompany(page, `E2E ${RUN} Expired Session Movers`);
  const path = `/admin/companies/${id}`;
  await page.goto(`${PRODUCT_URL}${path}`);
  const typed = `Typed before the session ended (${RUN}).`;
  await page.getByLabel('Description').fill(typed);

  // The session ends under the admin's hands (its cookie is gone), then Save.
  await page.context().clearCookies({ name: ADMIN_SESSION_COOKIE });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(
    `${PRODUCT_URL}/login?next=${encodeURIComponent(path)}&reason=expired`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Your session expired' })).toHaveText(
    'Your session expired, so you were signed out. Sign in again to go back to the page you were on: the changes you typed there are kept.',
  );
  await page.getByLabel('Username').fill('e2e-admin');
  await page.getByLabel('Password').fill('plum orbit kettle 42');
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(`${PRODUCT_URL}${path}`);
  await expect(page.getByLabel('Description')).toHaveValue(typed);
  await expect(page.getByText(/^Restored your unsaved changes from/)).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Company saved', { exact: true })).toBeVisible();
  expect((await companyDetail(page, id)).values.description).toBe(typed);
  // Saved: the draft is gone, so a reload shows no notice.
  await page.reload();
  await expect(page.getByLabel('Description')).toHaveValue(typed);
  await expect(page.getByText(/^Restored your unsaved changes/)).toHaveCount(0);
});

test('leaving a half-edited form asks first, in the app and when the tab reloads', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const id = await newCompany(page, `E2E ${RUN} Leave Page Movers`);
  await page.goto(`${PRODUCT_URL}/admin/companies/${id}`);
  await page.getByLabel('Service area').fill('Austin and Round Rock');

  // A link inside the app: the question, and Stay keeps the typed value.
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await sections.getByRole('link', { name: 'Dashboard' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin/companies/${id}`);
  await expect(page.getByLabel('Service area')).toHaveValue('Austin and Round Rock');

  // Reloading the tab: the browser's own prompt (dismissed: the page stays).
  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.dismiss();
  });
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  expect(prompts).toEqual(['beforeunload']);
  await expect(page.getByLabel('Service area')).toHaveValue('Austin and Round Rock');

  // Leave after all: the dashboard, and the draft comes back with the form.
  await sections.getByRole('link', { name: 'Dashboard' }).click();
  await ask.getByRole('button', { name: 'Leave this page' }).click();
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin`);
  await page.goBack();
  await expect(page.getByLabel('Service area')).toHaveValue('Austin and Round Rock');
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Service area')).toHaveValue('');
});

test('/login while signed in goes on to the admin area, and never to another site', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/login`);
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin`);
  await page.goto(`${PRODUCT_URL}/login?next=${encodeURIComponent('/admin/companies')}`);
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin/companies`);
  await page.goto(`${PRODUCT_URL}/login?next=${encodeURIComponent('https://evil.example/admin')}`);
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin`);
});

test('the phone drawer opens on its first section, and Escape gives focus back to the menu button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Admin menu' });
  await expect(drawer).toBeVisible();
  await expect(
    drawer.getByRole('navigation', { name: 'Admin sections' }).getByRole('link').first(),
  ).toBeFocused();
  await expect(drawer.getByRole('button', { name: 'Logout' })).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(menu).toBeFocused();
});
