/**
 * Issue 16 in Chromium against the built product: bulk actions on the companies table (keyboard, the
 * confirmation naming the number, the typed guard of a delete, the result read out), bulk moderation of a
 * company's reviews with its header rating following at once, and the export → edit → import round trip:
 * the dry run's per-field diff (screenshots for the closing note, desktop and phone), the import, and its
 * undo. Every company made here is unlisted and has the run's word in its name; all are deleted again.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminWrite, loginAsAdmin } from '../support/admin';
import { expect, test } from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

const RUN = `zqe${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const SHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../docs/screenshots/issue-16',
);

async function createCompanies(page: Parameters<typeof adminWrite>[0], names: string[]) {
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const res = await adminWrite(page, 'POST', '/api/admin/companies', {
      name,
      city: 'Austin',
      state: 'TX',
      phone: `512 555 01${String(10 + i)}`,
      description: `Careful crews from run ${RUN}.`,
      is_in_list: false,
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await loginAsAdmin(page);
  const list = (await (
    await page.request.get(`${PRODUCT_URL}/api/admin/companies?q=${RUN}&limit=100`)
  ).json()) as { items: Array<{ id: number }> };
  if (list.items.length > 0)
    await adminWrite(page, 'POST', '/api/admin/companies/bulk', {
      ids: list.items.map((c) => c.id),
      action: 'delete',
    });
  await page.close();
});

test('bulk actions on companies: select by keyboard, confirm with the number, delete behind a typed guard', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await createCompanies(page, [`${RUN} Alpha Movers`, `${RUN} Beta Movers`, `${RUN} Gamma Movers`]);
  await page.goto(`${PRODUCT_URL}/admin/companies?q=${RUN}`);
  const table = page.getByRole('table', { name: 'Companies' });
  await expect(table.getByRole('link', { name: `${RUN} Gamma Movers` })).toBeVisible();

  // Select two by keyboard: focus a checkbox, Space.
  await table.getByRole('checkbox', { name: `Select ${RUN} Alpha Movers` }).focus();
  await page.keyboard.press('Space');
  await table.getByRole('checkbox', { name: `Select ${RUN} Beta Movers` }).focus();
  await page.keyboard.press('Space');
  const bar = page.getByRole('region', { name: 'Actions on the selected companies' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Feature', exact: true }).click();
  const feature = page.getByRole('dialog', { name: 'Feature 2 companies?' });
  await expect(feature).toBeVisible();
  await feature.getByRole('button', { name: 'Feature 2 companies' }).click();
  await expect(page.getByText('2 companies featured.', { exact: true })).toBeVisible();
  await expect(
    table.getByRole('switch', { name: `Featured: ${RUN} Alpha Movers` }),
  ).toHaveAttribute('aria-checked', 'true');
  await expect(
    table.getByRole('switch', { name: `Featured: ${RUN} Gamma Movers` }),
  ).toHaveAttribute('aria-checked', 'false');

  // Select the page, delete: the confirm button waits for the number; Escape closes without a change.
  await table.getByRole('checkbox', { name: 'Select all 3 companies on this page' }).check();
  await expect(bar.getByText('3 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const remove = page.getByRole('dialog', { name: 'Delete 3 companies?' });
  await expect(remove.getByRole('button', { name: 'Delete 3 companies' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(remove).toBeHidden();
  await expect(table.getByRole('link', { name: `${RUN} Alpha Movers` })).toBeVisible();
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  await remove.getByLabel('Type 3 to confirm').fill('3');
  await remove.getByRole('button', { name: 'Delete 3 companies' }).click();
  await expect(page.getByText('3 companies deleted.', { exact: true })).toBeVisible();
  await expect(page.getByText('No companies match these filters.')).toBeVisible();
});

test('bulk actions fit a phone: a checkbox per card and the action bar', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAsAdmin(page);
  await createCompanies(page, [`${RUN} Phone One Movers`, `${RUN} Phone Two Movers`]);
  await page.goto(`${PRODUCT_URL}/admin/companies?q=${RUN}%20Phone`);
  const cards = page.getByRole('list', { name: 'Companies' });
  await cards.getByRole('checkbox', { name: `Select ${RUN} Phone One Movers` }).check();
  const bar = page.getByRole('region', { name: 'Actions on the selected companies' });
  await expect(bar.getByText('1 selected')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Unlist', exact: true })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await bar.getByRole('button', { name: 'List', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'List 1 company?' })
    .getByRole('button', { name: 'List 1 company' })
    .click();
  await expect(page.getByText('1 company listed.', { exact: true })).toBeVisible();
  await adminWrite(page, 'POST', '/api/admin/companies/bulk', {
    ids: (
      (await (
        await page.request.get(`${PRODUCT_URL}/api/admin/companies?q=${RUN}%20Phone`)
      ).json()) as { items: Array<{ id: number }> }
    ).items.map((c) => c.id),
    action: 'unlist',
  });
});

test('hiding reviews in bulk: the company header rating follows at once, then back', async ({
  page,
}) => {
  await loginAsAdmin(page);
  // Not the company with the most reviews: company-profile.spec.ts pages through all of that one's reviews,
  // perhaps at this moment in the other worker, and two hidden for a while went missing there. The seed is the
  // same every run, so the eleventh is always another company, with reviews enough.
  const list = (await (
    await page.request.get(`${PRODUCT_URL}/api/admin/companies?sort=reviews&limit=1&page=11`)
  ).json()) as { items: Array<{ id: number; rating: number; reviewCount: number }> };
  const company = list.items[0]!;
  await page.goto(`${PRODUCT_URL}/admin/companies/${company.id}`);
  const header = page.getByText(/★ \(\d+\) · updated/);
  await expect(header).toContainText(`(${company.reviewCount})`);
  const reviews = page.getByRole('list', { name: 'Reviews' });
  const chosen = [
    (await reviews.getByRole('checkbox').nth(0).getAttribute('aria-label'))!,
    (await reviews.getByRole('checkbox').nth(1).getAttribute('aria-label'))!,
  ];
  for (const label of chosen) await reviews.getByRole('checkbox', { name: label }).check();
  const bar = page.getByRole('region', { name: 'Actions on the selected reviews' });
  await bar.getByRole('button', { name: 'Hide', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Hide 2 reviews?' })
    .getByRole('button', { name: 'Hide 2 reviews' })
    .click();
  await expect(page.getByText('2 reviews hidden.', { exact: true })).toBeVisible();
  await expect(header).toContainText(`(${company.reviewCount - 2})`);
  const detail = (await (
    await page.request.get(`${PRODUCT_URL}/api/admin/companies/${company.id}`)
  ).json()) as { rating: number };
  await expect(header).toContainText(`${detail.rating.toFixed(2)} ★`);

  // Back as they were: the two just hidden, found by the status filter.
  await page.getByLabel('Show', { exact: true }).selectOption('hidden');
  for (const label of chosen) await reviews.getByRole('checkbox', { name: label }).check();
  await bar.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Publish 2 reviews?' })
    .getByRole('button', { name: 'Publish 2 reviews' })
    .click();
  await expect(page.getByText('2 reviews published.', { exact: true })).toBeVisible();
  await expect(header).toContainText(`${company.rating.toFixed(2)} ★ (${company.reviewCount})`);
});

test('export → edit one cell → import: the dry run shows that field from what to what; then undo', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const [first] = await createCompanies(page, [
    `${RUN} Export One Movers`,
    `${RUN} Export Two Movers`,
  ]);
  await page.goto(`${PRODUCT_URL}/admin/companies?q=${RUN}%20Export`);
  await expect(page.getByText('2 companies match these filters')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^moveratlas-companies-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync((await file.path())!, 'utf8');
  const lines = exported
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]!.startsWith('slug,name,description,website,phone')).toBe(true);

  // One cell edited: Export One's description.
  const edited = exported.replace(
    `${RUN} Export One Movers,Careful crews from run ${RUN}.`,
    `${RUN} Export One Movers,Careful crews and free boxes from run ${RUN}.`,
  );
  expect(edited).not.toBe(exported);
  await page.goto(`${PRODUCT_URL}/admin/upload`);
  await page.getByLabel('CSV file (UTF-8, up to 50 MB)').setInputFiles({
    name: `edited-${RUN}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(edited, 'utf8'),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const report = page.getByRole('region', { name: 'Dry run: nothing is written yet' });
  await expect(report.getByText('Would update').locator('..')).toContainText('1');
  await expect(report.getByText('Unchanged', { exact: true }).locator('..')).toContainText('1');
  const diff = report.getByRole('table', { name: `Changes to ${RUN} Export One Movers` });
  await expect(diff.getByRole('row')).toHaveCount(2);
  await expect(diff.getByRole('row').nth(1)).toHaveText(
    `DescriptionCareful crews from run ${RUN}.Careful crews and free boxes from run ${RUN}.`,
  );
  await expect(report.getByText('0 new, 1 updated, 1 unchanged (not written)')).toBeVisible();

  mkdirSync(SHOTS, { recursive: true });
  await report.screenshot({
    path: path.join(SHOTS, 'import-dry-run-diff.png'),
    animations: 'disabled',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(diff).toBeVisible();
  await report.screenshot({
    path: path.join(SHOTS, 'import-dry-run-diff-phone.png'),
    animations: 'disabled',
  });
  await page.setViewportSize({ width: 1280, height: 900 });

  await report.getByRole('button', { name: 'Import 1 company' }).click();
  const done = page.getByRole('region', { name: 'Import finished' });
  await expect(done).toBeVisible({ timeout: 60_000 });
  const stored = async () =>
    (
      (await (await page.request.get(`${PRODUCT_URL}/api/admin/companies/${first}`)).json()) as {
        values: { description: string };
      }
    ).values.description;
  expect(await stored()).toBe(`Careful crews and free boxes from run ${RUN}.`);

  await done.getByRole('button', { name: 'Undo this import' }).click();
  const undo = page.getByRole('dialog', { name: 'Undo this import?' });
  await undo.getByRole('button', { name: 'Undo the import' }).click();
  await expect(
    done.getByText(/^Undone by e2e-admin: 1 company put back, 0 created by the import deleted\./),
  ).toBeVisible({
    timeout: 60_000,
  });
  expect(await stored()).toBe(`Careful crews from run ${RUN}.`);
  await expect(done.getByRole('button', { name: 'Undo this import' })).toHaveCount(0);
});
