/**
 * "Check a mover" (issue 20) in Chromium: reached from the footer and from search, a USDOT number, an MC
 * number or a name looked up in FMCSA's files (rows written here through the server's DB layer, as an
 * import leaves them), our listing linked when the carrier is one of ours, red flags explained; the same
 * check without JavaScript on a phone, and an axe scan of the results.
 */
import { expect, test } from '@playwright/test';
import type { Knex } from 'knex';
import { licensingDay, type Company, type LicensingFileDates } from '@moveratlas/contracts';
import { axeScan, seriousLines } from '../support/axe';
import { withProductDatabase } from '../support/database';
import {
  e2eCarrier,
  e2eRevocation,
  publicFactsChanged,
  recordFmcsaImports,
  removeFmcsaFacts,
} from '../support/licensing';
import {
  animationsDone,
  SITE_NAME,
  someCompany,
  url,
  waitForHydration,
} from '../support/directory';

// The specs share the product's database: these rows are this spec's own, written once and removed after.
test.describe.configure({ mode: 'serial' });

const CENSUS_FILE = 'FMCSA_CENSUS1_E2E_CHECK.txt';
const REVOCATIONS_FILE = 'revocations-e2e-check.csv';
const FILE_DATE = '2026-10-01';
/** Far above the seed's USDOT numbers. */
const LISTED_DOT = 96_100_001;
const REVOKED_DOT = 96_100_002;
const REVOKED_DOCKET = 'MC961002';
const REVOKED_NAME = 'ZZE2E ROGUE VAN LINES INC';

let listed: Company;
let listedId: number;

const FILES = { census: CENSUS_FILE, revocations: REVOCATIONS_FILE, date: FILE_DATE };

const removeFixture = (db: Knex) =>
  removeFmcsaFacts(db, {
    dots: [LISTED_DOT, REVOKED_DOT],
    dockets: [REVOKED_DOCKET],
    files: FILES,
  });

test.beforeAll(async ({ request }) => {
  listed = await someCompany(request);
  await withProductDatabase(async (db) => {
    await removeFixture(db);
    listedId = Number(
      ((await db('companies').where('slug', listed.slug).first('id')) as { id: number }).id,
    );
    const imports = await recordFmcsaImports(db, FILES);
    await db('fmcsa_carriers').insert([
      e2eCarrier(imports, LISTED_DOT, listed.name.toUpperCase(), { power_units: 5, drivers: 6 }),
      e2eCarrier(imports, REVOKED_DOT, REVOKED_NAME, { power_units: 5, drivers: 6 }),
    ]);
    await db('fmcsa_revocations').insert(
      e2eRevocation(imports, {
        docket: REVOKED_DOCKET,
        dot: REVOKED_DOT,
        serveDate: '2026-09-15',
        effectiveDate: '2026-10-15',
      }),
    );
    await db('licensing_company_matches')
      .insert({
        company_id: listedId,
        dot_number: LISTED_DOT,
        docket: null,
        matched_by: 'usdot',
        matched_at: imports.now,
        authority: 'active',
      })
      .onConflict('company_id')
      .merge();
    await publicFactsChanged(db);
  });
  await expect
    .poll(async () => {
      const files = (await (
        await request.get(url('/api/licensing/files'))
      ).json()) as LicensingFileDates;
      return files.revocationsDate !== null && files.censusDate !== null;
    })
    .toBe(true);
});

test.afterAll(async () => {
  await withProductDatabase(async (db) => {
    await removeFixture(db);
    await publicFactsChanged(db);
  });
});

test('from the footer: a USDOT number checked without a reload, our listing linked, no violations', async ({
  page,
  request,
}) => {
  const files = (await (
    await request.get(url('/api/licensing/files'))
  ).json()) as LicensingFileDates;
  await page.goto(url('/'));
  await waitForHydration(page);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Check a Mover', exact: true })
    .click();
  await expect(page).toHaveURL(url('/check-a-mover'));
  await expect(page).toHaveTitle(`Check a Mover’s USDOT and MC Numbers | ${SITE_NAME}`);
  await expect(
    page.getByRole('region', { name: 'What we check, and where it comes from' }),
  ).toContainText(`FMCSA’s motor carrier census, published ${licensingDay(files.censusDate!)}`);

  await page.getByLabel('USDOT number, MC number or company name').fill(`00${LISTED_DOT}`);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page).toHaveURL(url(`/check-a-mover?q=00${LISTED_DOT}`));
  await expect(page.getByRole('status')).toHaveText(
    `One carrier found for USDOT number ${LISTED_DOT}.`,
  );
  const result = page.getByRole('article');
  await expect(result.getByRole('heading', { level: 3 })).toHaveText(listed.name.toUpperCase());
  await expect(result).toContainText(`Listed on ${SITE_NAME}: ${listed.name}`);
  await expect(result).toContainText(
    `USDOT ${LISTED_DOT} is registered, as ${listed.name.toUpperCase()}`,
  );
  await expect(result).toContainText(
    `Source: FMCSA motor carrier census, ${licensingDay(FILE_DATE)}`,
  );

  await animationsDone(page);
  expect(seriousLines(await axeScan(page))).toEqual([]);

  await result.getByRole('link', { name: listed.name }).click();
  await expect(page).toHaveURL(url(`/company/${listed.slug}`));
});

test('from search: the query checked in FMCSA’s files, red flags explained', async ({ page }) => {
  await page.goto(url('/search?q=zze2e+rogue'));
  await waitForHydration(page);
  await page
    .getByRole('link', { name: 'Check a mover’s license: search FMCSA’s files for “zze2e rogue”' })
    .click();
  await expect(page).toHaveURL(url('/check-a-mover?q=zze2e+rogue'));
  await expect(page.getByRole('status')).toHaveText(
    'One carrier found for names starting with “zze2e rogue”.',
  );
  const result = page.getByRole('article');
  await expect(result.getByRole('heading', { level: 3 })).toHaveText(REVOKED_NAME);
  await expect(result).toContainText(`Not listed on ${SITE_NAME}`);
  await expect(result.getByRole('region', { name: '1 red flag' })).toContainText(
    'Operating authority revoked',
  );
});

test('without JavaScript on a phone: the form is sent, the server renders the results', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  try {
    await page.goto(url('/check-a-mover'));
    await page.getByLabel('USDOT number, MC number or company name').fill('MC-0961002');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page).toHaveURL(url('/check-a-mover?q=MC-0961002'));
    await expect(page.getByRole('status')).toHaveText(
      'One carrier found for the MC number MC-961002.',
    );
    const result = page.getByRole('article');
    await expect(result.getByRole('heading', { level: 3 })).toHaveText(REVOKED_NAME);
    await expect(result.getByRole('region', { name: '1 red flag' })).toContainText(
      'FMCSA revoked this carrier’s operating authority.',
    );
    await expect(result).toContainText(
      'Involuntary revocation of MC961002’s common authority, served September 15, 2026, effective October 15, 2026',
    );
    // Nothing wider than the phone's screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // A name too short is refused in words, beside the form.
    await page.goto(url('/check-a-mover?q=ab'));
    await expect(page.getByRole('alert')).toHaveText(
      'Enter at least 3 letters or digits of the company’s name, or its USDOT or MC number',
    );
  } finally {
    await context.close();
  }
});
