/**
 * The staff's Licensing screen (issue 20) in Chromium against the built product: a small census file
 * uploaded through the screen, its import followed to the end by the product's own job worker, its report
 * with the rejected row by line; then the red-flag report, where the company the census names otherwise is
 * unlisted with a reason and leaves the public directory. The company and the census rows are this run's
 * own (a USDOT number far above the seed's), and are removed again.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { censusFields } from '../../server/src/features/licensing/files/census';
import { adminWrite, loginAsAdmin } from '../support/admin';
import { withProductDatabase } from '../support/database';
import { PRODUCT_URL } from '../playwright.config';

test.describe.configure({ mode: 'serial' });

const RUN = `zql${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const COMPANY = `${RUN} Red Flag Movers`;
const CENSUS_FILE = `census-${RUN}.csv`;
/** Far above the seed's USDOT numbers, and apart from the other licensing specs'. */
const FLAGGED_DOT = 96_300_001;
const REJECTED_DOT = 96_300_002;
/** Older than any other census: the directory's newest census date stays what other specs expect. */
const FILE_DATE = '2020-01-01';

const HEADER = censusFields.map((f) => f.column);
const quoted = (cells: readonly string[]) =>
  cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');

/** A census row in FMCSA's format: an interstate, for-hire Austin carrier unless `values` say otherwise. */
function censusRow(values: Record<string, string>): string[] {
  const base: Record<string, string> = {
    CARRIER_OPERATION: 'A',
    PHY_STATE: 'TX',
    PHY_CITY: 'AUSTIN',
    PHY_COUNTRY: 'US',
    MCS150_DATE: '15-JAN-24',
    NBR_POWER_UNIT: '2',
    DRIVER_TOTAL: '2',
    AUTHORIZED_FOR_HIRE: 'Y',
  };
  return HEADER.map(
    (c) =>
      values[c] ??
      base[c] ??
      (/_FLAG$|^PRIVATE|FOR_HIRE|MIGRANT|US_MAIL|GOVERNMENT|TRIBE|OP_OTHER/.test(c) ? 'N' : ''),
  );
}

const censusFile = () =>
  Buffer.from(
    [
      HEADER,
      // Line 2: our company's number under another name: a red flag.
      censusRow({ DOT_NUMBER: String(FLAGGED_DOT), LEGAL_NAME: 'COMPLETELY OTHER HAULING LLC' }),
      // Line 3: a flag that is not Y or N: rejected.
      censusRow({ DOT_NUMBER: String(REJECTED_DOT), LEGAL_NAME: 'BAD ROW LLC', HM_FLAG: 'X' }),
    ]
      .map(quoted)
      .join('\r\n') + '\r\n',
  );

let companyId = 0;
let companySlug = '';

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await loginAsAdmin(page);
  if (companyId > 0)
    await adminWrite(page, 'POST', '/api/admin/companies/bulk', {
      ids: [companyId],
      action: 'delete',
    });
  await page.close();
  await withProductDatabase(async (db) => {
    await db('fmcsa_carriers').whereIn('dot_number', [FLAGGED_DOT, REJECTED_DOT]).delete();
    const imports = (await db('licensing_imports')
      .where('filename', CENSUS_FILE)
      .pluck('id')) as number[];
    await db('licensing_import_rejections').whereIn('import_id', imports).delete();
    await db('licensing_import_chunks').whereIn('import_id', imports).delete();
    await db('licensing_imports').whereIn('id', imports).delete();
  });
});

test('uploads a census file, follows its import to the end and reads the rejected row by line', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const created = await adminWrite(page, 'POST', '/api/admin/companies', {
    name: COMPANY,
    city: 'Austin',
    state: 'TX',
    usdot_number: String(FLAGGED_DOT),
    services: ['local-moving'],
    is_in_list: true,
  });
  expect(created.status()).toBe(201);
  ({ id: companyId, slug: companySlug } = (await created.json()) as { id: number; slug: string });

  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Licensing' })
    .click();
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin/licensing`);
  await page
    .getByLabel('FMCSA file (census or revocations, up to 2 GB)')
    .setInputFiles({ name: CENSUS_FILE, mimeType: 'text/csv', buffer: censusFile() });
  await page.getByLabel('Date FMCSA published it (optional)').fill(FILE_DATE);
  await page.getByRole('button', { name: 'Upload and import' }).click();

  const report = page.getByRole('region', { name: 'Import finished' });
  await expect(report).toBeVisible({ timeout: 90_000 });
  await expect(report.getByText(CENSUS_FILE)).toBeVisible();
  await expect(report.getByText('Imported', { exact: true })).toBeVisible();
  const rejected = report.getByRole('table', { name: 'Rejected rows, by line' });
  await expect(rejected.getByRole('row')).toHaveCount(2);
  await expect(
    rejected.getByRole('row', {
      name: '3 The hazardous materials flag must be Y or N (it is "X")',
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/licensing\?import=\d+$/);
  await expect(
    page.getByRole('region', { name: 'Recent imports' }).getByRole('link', { name: CENSUS_FILE }),
  ).toBeVisible();
});

test('the red-flag report names the company’s flag and unlists it with a reason', async ({
  page,
}) => {
  expect(companyId, 'the first test creates the company').toBeGreaterThan(0);
  await loginAsAdmin(page);
  await page.goto(`${PRODUCT_URL}/admin/licensing`);
  await page
    .getByRole('navigation', { name: 'Licensing sections' })
    .getByRole('link', { name: 'Red flags' })
    .click();
  await page
    .getByRole('navigation', { name: 'Filter by red flag' })
    .getByRole('link', { name: /^Name differs from the registration \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin/licensing/red-flags?flag=name-differs`);
  const table = page.getByRole('table', { name: 'Listed companies with red flags' });
  const row = table.getByRole('row', { name: new RegExp(COMPANY) });
  await expect(row).toContainText('Name differs from the registration');
  await expect(row).toContainText('FMCSA checked January 1, 2020');
  await expect(row.getByRole('link', { name: `Public profile of ${COMPANY}` })).toHaveAttribute(
    'href',
    `/company/${companySlug}`,
  );

  await row.getByRole('checkbox', { name: `Select ${COMPANY}` }).check();
  await page
    .getByRole('region', { name: 'Actions on the selected companies' })
    .getByRole('button', { name: 'Unlist selected' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Unlist 1 company?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Unlist 1 company' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Why/).fill('Registered under another name at FMCSA');
  await confirm.click();
  await expect(page.getByText('1 company unlisted.', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(COMPANY) })).toHaveCount(0);

  // Gone from the directory, and the reason is in the audit log.
  expect((await page.request.get(`${PRODUCT_URL}/api/companies/${companySlug}`)).status()).toBe(
    404,
  );
  const audit = await withProductDatabase(
    (db) =>
      db('audit_events')
        .where({ action: 'company.bulk', entity_id: String(companyId) })
        .first('summary') as Promise<{ summary: string } | undefined>,
  );
  expect(audit?.summary).toBe(
    `Unlisted company ${COMPANY} (bulk): Registered under another name at FMCSA`,
  );
});
