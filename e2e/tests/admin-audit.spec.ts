/**
 * The audit log in Chromium against the built product (issue 16): an owner renames a company on its edit
 * screen, follows its History link to the log filtered to that company, filters by action, and reads the
 * change in plain words; then the same log on a phone. Screenshots for the closing note. The company
 * is made for the test, unlisted (is_in_list false), and deleted at the end.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adminWrite, loginAsAdmin } from '../support/admin';
import { E2E_ADMIN, PRODUCT_URL } from '../playwright.config';
import { austinCompanyForm } from '../../server/test/support/company-form';

const RUN = randomUUID().replace(/-/g, '').slice(0, 6);
const BEFORE = `Acme Movers ${RUN}`;
const AFTER = `Acme Moving Co. ${RUN}`;
const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots/issue-16');

// Made for the test and never shown on the public site.
const companyForm = (name: string) => ({ ...austinCompanyForm(name), is_in_list: false });

test('an owner edits a company, then finds and reads the change in the audit log', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const created = await adminWrite(page, 'POST', '/api/admin/companies', companyForm(BEFORE));
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    await page.goto(`${PRODUCT_URL}/admin/companies/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: BEFORE })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(AFTER);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Company saved', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: AFTER })).toBeVisible();

    // The company's History: the log filtered to it, newest first.
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(`${PRODUCT_URL}/admin/audit?entityType=company&entityId=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByText('2 entries match these filters')).toBeVisible();
    const entries = page.getByRole('list', { name: 'Audit entries, newest first' });
    await expect(entries.locator('> li').first()).toContainText(`Updated company ${AFTER}: name`);
    await expect(entries.locator('> li').nth(1)).toContainText(`Created company ${BEFORE}`);

    // Narrowed to edits only, with the filter in the URL.
    const filters = page.getByRole('search', { name: 'Filter the audit log' });
    await filters.getByLabel('Action').selectOption({ label: 'Edit a company' });
    await filters.getByLabel('Who').selectOption(E2E_ADMIN.username);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/action=company\.update/);
    await expect(page.getByText('1 entry matches these filters')).toBeVisible();
    const entry = entries.locator('> li').first();
    await expect(entry).toContainText(
      `${E2E_ADMIN.username} (owner) · Edit a company · Company ${id}`,
    );
    // The entry's one button; its words change from "Show" to "Hide" as it opens.
    const toggle = entry.getByRole('button');
    await expect(toggle).toHaveText('Show the changes (1)');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveText('Hide the changes');
    const changes = entry.getByRole('list', { name: /^Changes:/ });
    await expect(changes.getByRole('listitem').first()).toHaveText(
      `Name: '${BEFORE}' → '${AFTER}'`,
    );
    await expect(page.getByRole('link', { name: 'Export these entries (CSV)' })).toHaveAttribute(
      'href',
      new RegExp(`^/api/admin/audit/export\\.csv\\?.*entityId=${id}`),
    );
    await page.screenshot({ path: `${SHOTS}/audit-log.png`, fullPage: true });

    // The same entry on a phone: the filters and the entry fit the width, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText('1 entry matches these filters')).toBeVisible();
    await entries
      .locator('> li')
      .first()
      .getByRole('button', { name: 'Show the changes (1)' })
      .click();
    await expect(page.getByText(`Name: '${BEFORE}' → '${AFTER}'`)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The filters past the first two are folded away on a phone, and open on demand.
    const more = page.getByRole('button', { name: 'More filters (2 active)' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(filters.getByLabel('Record id')).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/audit-log-phone.png` });
    await more.click();
    await expect(filters.getByLabel('Record id')).toHaveValue(String(id));
  } finally {
    await adminWrite(page, 'DELETE', `/api/admin/companies/${id}`, {});
  }
});
