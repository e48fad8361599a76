/**
 * The admin database and settings screens in Chromium against the built product: the database screen lists
 * the tables and migrations and downloads a backup that is a real SQLite file; the settings screen changes
 * the site name and support phone, adds a partner whose origin then passes CORS, creates an admin, and that
 * admin changes their own password (signing in with it afterwards). The shared e2e admin's password and the
 * site settings are left as they were found.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { SiteSettingsResponse } from '@moveratlas/contracts';
import { adminWrite, loginAsAdmin, versionOf } from '../support/admin';
import { expect, test } from '../support/quote';
import { E2E_ADMIN, PRODUCT_URL } from '../playwright.config';

const RUN = randomUUID().slice(0, 8);

/** The product's engine (E2E_DATABASE_URL): the Connection panel and the backup's format follow it. */
const onMariaDb = /^mysql:/.test(process.env.E2E_DATABASE_URL ?? '');

test('the database screen lists tables and migrations and downloads a backup', async ({
  page,
  cspViolations,
}) => {
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Database' }).first().click();
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin/database`);
  await expect(page.getByRole('heading', { level: 2, name: 'Database' })).toBeVisible();

  const connection = page.getByRole('region', { name: 'Connection' });
  await expect(
    connection.getByText(onMariaDb ? 'MySQL / MariaDB' : 'SQLite', { exact: true }),
  ).toBeVisible();
  await expect(connection.getByText(/^\d+(\.\d+)? ms$/)).toBeVisible();

  const tables = page.getByRole('region', { name: 'Tables' });
  const companies = tables.getByRole('row', { name: /^companies/ });
  // 2,000 seeded, plus any another spec imported on this shared server.
  await expect(companies).toContainText(/\d,\d{3}/);
  const count = Number(
    /(\d{1,3}(?:,\d{3})+)/.exec((await companies.textContent()) ?? '')![1]!.replace(/,/g, ''),
  );
  expect(count).toBeGreaterThanOrEqual(2000);
  await expect(tables.getByRole('rowheader', { name: 'site_settings' })).toBeVisible();
  await tables.getByLabel('Filter tables').fill('admin');
  await expect(tables.getByRole('rowheader', { name: 'companies' })).toHaveCount(0);
  await expect(tables.getByRole('rowheader', { name: 'admin_users' })).toBeVisible();

  const migrations = page.getByRole('region', { name: 'Migrations' });
  await expect(
    migrations.getByText(/applied, 0 pending\. The schema is up to date\./),
  ).toBeVisible();
  await expect(
    migrations.getByRole('rowheader', { name: '20261123_70_create_site_settings' }),
  ).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download backup' }).click(),
  ]);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.length).toBeGreaterThan(1_000_000);
  // A SQLite database file, or on MariaDB a logical export (E2E_DATABASE_URL).
  if (onMariaDb) {
    expect(download.suggestedFilename()).toMatch(/^moveratlas-\d{4}-\d{2}-\d{2}-\d{6}\.sql$/);
    expect(bytes.toString('utf8', 0, 4096)).toMatch(/CREATE TABLE/);
  } else {
    expect(download.suggestedFilename()).toMatch(/^moveratlas-\d{4}-\d{2}-\d{2}-\d{6}\.sqlite$/);
    expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');
  }
  expect(cspViolations).toEqual([]);
});

test('the settings screen changes the site, adds a partner origin, creates an admin who changes their password', async ({
  page,
  browser,
  cspViolations,
}) => {
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const original = (await (
    await page.request.get(`${PRODUCT_URL}/api/admin/settings/site`)
  ).json()) as SiteSettingsResponse;

  try {
    // Site name and support phone.
    const site = page.getByRole('region', { name: 'Site' });
    await site.getByLabel('Site name').fill(`Atlas Movers ${RUN}`);
    await site.getByLabel('Support phone').fill('415-555-01');
    await site.getByRole('button', { name: 'Save settings' }).click();
    await expect(site.getByText('Support phone must have exactly 10 digits')).toBeVisible();
    await site.getByLabel('Support phone').fill('(415) 555-0199');
    await site.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Site' }).getByLabel('Site name')).toHaveValue(
      `Atlas Movers ${RUN}`,
    );
    await expect(
      page.getByRole('region', { name: 'Site' }).getByLabel('Support phone'),
    ).toHaveValue('(415) 555-0199');
    // The Site form's own line (the alert addresses panel says who changed it too).
    await expect(
      page.getByRole('region', { name: 'Site' }).getByText(`by ${E2E_ADMIN.username}`),
    ).toBeVisible();

    // A partner whose origin passes CORS from then on.
    const origin = `https://shop-${RUN}.partner.example`;
    const preflight = async () =>
      (
        await page.request.fetch(`${PRODUCT_URL}/api/proxy/session_send_bq`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
        })
      ).headers()['access-control-allow-origin'];
    expect(await preflight()).toBeUndefined();
    const partners = page.getByRole('region', { name: 'Partner sites' });
    await partners.getByRole('button', { name: 'Add partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a partner site' });
    await dialog.getByLabel('Site id').fill(`e2e-shop-${RUN}`);
    await dialog.getByLabel('Name').fill(`E2E Shop ${RUN}`);
    await dialog.getByLabel('Allowed origins').fill(`${origin}/\n`);
    await dialog.getByRole('button', { name: 'Add partner' }).click();
    await expect(page.getByText('Partner added', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await partners.getByLabel('Search partners').fill(RUN);
    await partners.getByRole('button', { name: 'Search' }).click();
    await expect(partners.getByText(`E2E Shop ${RUN}`)).toBeVisible();
    await expect(partners.getByText(origin, { exact: true })).toBeVisible();
    expect(await preflight()).toBe(origin);

    // A new admin, who signs in and changes their own password.
    const username = `e2e-ops-${RUN}`;
    const firstPassword = `first-${RUN}-kettle`;
    const secondPassword = `second-${RUN}-orbit`;
    const newAdmin = page.getByRole('form', { name: 'New admin' });
    await newAdmin.getByLabel('Username').fill(username);
    await newAdmin.getByLabel('Password', { exact: true }).fill(firstPassword);
    await newAdmin.getByLabel('Repeat password').fill(firstPassword);
    await newAdmin.getByRole('button', { name: 'Create admin' }).click();
    await expect(page.getByText('Admin created', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Admin users' }).getByRole('rowheader', { name: username }),
    ).toBeVisible();

    const other = await browser.newContext();
    const opsPage = await other.newPage();
    try {
      await loginAsAdmin(opsPage, { username, password: firstPassword });
      await opsPage.goto(`${PRODUCT_URL}/admin/settings`);
      const password = opsPage.getByRole('form', { name: 'Change your password' });
      await password.getByLabel('Current password').fill(firstPassword);
      await password.getByLabel('New password', { exact: true }).fill(secondPassword);
      await password.getByLabel('Repeat new password').fill(secondPassword);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(opsPage.getByText('Password changed', { exact: true })).toBeVisible();
      // Still signed in here; the new password works and the old one no longer does.
      await opsPage.reload();
      await expect(opsPage.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
      const login = (password: string) =>
        opsPage.request.post(`${PRODUCT_URL}/api/login`, { data: { username, password } });
      expect((await login(firstPassword)).status()).toBe(401);
      expect((await login(secondPassword)).status()).toBe(200);
    } finally {
      await other.close();
    }

    // Put the shared product back as other specs expect it.
    const adminRows = (await (
      await page.request.get(
        `${PRODUCT_URL}/api/admin/settings/admin-users?q=${encodeURIComponent(username)}`,
      )
    ).json()) as { users: Array<{ id: number }> };
    expect(
      (
        await adminWrite(
          page,
          'DELETE',
          `/api/admin/settings/admin-users/${adminRows.users[0]!.id}`,
          undefined,
        )
      ).status(),
    ).toBe(204);
    expect(
      (
        await adminWrite(page, 'PATCH', `/api/admin/settings/partners/e2e-shop-${RUN}`, {
          active: false,
          version: await versionOf(page, `/api/admin/settings/partners/e2e-shop-${RUN}`),
        })
      ).status(),
    ).toBe(200);
  } finally {
    const restore = await adminWrite(page, 'PUT', '/api/admin/settings/site', {
      siteName: original.settings.siteName,
      supportEmail: original.settings.supportEmail,
      supportPhone: original.settings.supportPhone,
      leadBackendUrl: original.leadBackendOverridden ? original.settings.leadBackendUrl : '',
      version: await versionOf(page, '/api/admin/settings/site'),
    });
    expect(restore.status()).toBe(200);
  }
  expect(cspViolations).toEqual([]);
});
