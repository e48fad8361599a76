/**
 * Licensing on the public directory (issue 20) in Chromium: a profile's Licensing panel with a red flag
 * explained and every fact's source (server-rendered: the same without JavaScript, and no wider than a
 * phone), the badge on the cards of a city page, and "Licensed for interstate moves" narrowing the list, kept
 * in the address. Three companies of this run's own in the smallest city, and their FMCSA facts, are written
 * through the server's DB layer as an import leaves them, and removed after.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { Knex } from 'knex';
import { cityPath, licensingDay, RED_FLAG_TEXT } from '@moveratlas/contracts';
import { refreshCompanyMatches } from '../../server/src/features/licensing';
import { axeScan, seriousLines } from '../support/axe';
import { withProductDatabase } from '../support/database';
import {
  e2eCarrier,
  e2eRevocation,
  publicFactsChanged,
  recordFmcsaImports,
  removeFmcsaFacts,
} from '../support/licensing';
import { animationsDone, url, waitForHydration } from '../support/directory';

// The specs share the product's database: these rows are this spec's own, written once and removed after.
test.describe.configure({ mode: 'serial' });

const RUN = `zlp${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const CENSUS_FILE = `FMCSA_CENSUS1_E2E_PROFILE_${RUN}.txt`;
const REVOCATIONS_FILE = `revocations-e2e-profile-${RUN}.csv`;
/** Older than the other licensing specs' files: the directory's newest census date stays theirs. */
const FILE_DATE = '2026-09-01';
/** Far above the seed's USDOT numbers, and apart from the other licensing specs'. */
const LICENSED_DOT = 96_500_001;
const REVOKED_DOT = 96_500_002;
const UNCHECKED_DOT = 96_500_003;
const REVOKED_DOCKET = 'MC96500002';
/** Two months ago: a registration well inside its two years. */
const RECENT_MCS150 = new Date(Date.now() - 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);

const COMPANIES = {
  licensed: { name: `${RUN} Licensed Movers`, dot: LICENSED_DOT, mc: null, rank: 4.9 },
  revoked: { name: `${RUN} Revoked Movers`, dot: REVOKED_DOT, mc: 'MC-96500002', rank: 4.8 },
  unchecked: { name: `${RUN} Unchecked Movers`, dot: UNCHECKED_DOT, mc: null, rank: 4.7 },
} as const;
type Key = keyof typeof COMPANIES;
const KEYS = Object.keys(COMPANIES) as Key[];
const slugOf = (key: Key) => `${RUN}-${key}-movers`;

let place: { stateSlug: string; citySlug: string };

const FILES = { census: CENSUS_FILE, revocations: REVOCATIONS_FILE, date: FILE_DATE };

async function removeFixture(db: Knex) {
  await db('companies').whereIn('slug', KEYS.map(slugOf)).delete();
  await removeFmcsaFacts(db, {
    dots: [LICENSED_DOT, REVOKED_DOT],
    dockets: [REVOKED_DOCKET],
    files: FILES,
  });
}

test.beforeAll(async () => {
  await withProductDatabase(async (db) => {
    await removeFixture(db);
    // The city with the fewest listed companies: ours all fit on the first page of its list.
    const smallest = (await db('companies')
      .where('is_in_list', true)
      .groupBy('city_id')
      .select('city_id')
      .count({ n: '*' })
      .orderBy([
        { column: 'n', order: 'asc' },
        { column: 'city_id', order: 'asc' },
      ])
      .first()) as { city_id: number };
    const city = (await db('cities as ci')
      .join('states as s', 's.id', 'ci.state_id')
      .where('ci.id', smallest.city_id)
      .first('ci.id', 'ci.slug', 'ci.state_id', 's.slug as state_slug')) as {
      id: number;
      slug: string;
      state_id: number;
      state_slug: string;
    };
    place = { stateSlug: city.state_slug, citySlug: city.slug };
    const ids: number[] = [];
    for (const key of KEYS) {
      const company = COMPANIES[key];
      await db('companies').insert({
        slug: slugOf(key),
        name: company.name,
        city_id: city.id,
        state_id: city.state_id,
        is_in_list: true,
        usdot_number: String(company.dot),
        mc_number: company.mc,
        rating: company.rank,
        review_count: 30,
        rank_score: company.rank,
      });
      const row = (await db('companies').where('slug', slugOf(key)).first('id')) as { id: number };
      ids.push(Number(row.id));
      await db('company_services').insert(
        ['local-moving', 'long-distance-moving'].map((service_id) => ({
          company_id: Number(row.id),
          service_id,
        })),
      );
    }

    const imports = await recordFmcsaImports(db, FILES);
    await db('fmcsa_carriers').insert([
      e2eCarrier(imports, LICENSED_DOT, `${COMPANIES.licensed.name.toUpperCase()} LLC`, {
        mcs150_date: RECENT_MCS150,
      }),
      e2eCarrier(imports, REVOKED_DOT, COMPANIES.revoked.name.toUpperCase(), {
        mcs150_date: RECENT_MCS150,
      }),
    ]);
    await db('fmcsa_revocations').insert(
      e2eRevocation(imports, {
        docket: REVOKED_DOCKET,
        dot: REVOKED_DOT,
        serveDate: '2026-07-15',
        effectiveDate: '2026-08-14',
      }),
    );
    // As an import ends: our companies matched to the carriers, then every public cache starts again.
    await refreshCompanyMatches(db, { companyIds: ids });
    await publicFactsChanged(db);
  });
});

test.afterAll(async () => {
  await withProductDatabase(async (db) => {
    await removeFixture(db);
    await publicFactsChanged(db);
  });
});

const listPath = () => cityPath(place.stateSlug, place.citySlug);
const cardOf = (page: Page, key: Key) =>
  page.getByRole('article', { name: COMPANIES[key].name, exact: true });

test('a profile’s Licensing panel explains the red flag and names every fact’s source, without any axe violation', async ({
  page,
}) => {
  await page.goto(url(`/company/${slugOf('revoked')}`));
  await waitForHydration(page);
  const panel = page.getByRole('region', { name: 'Licensing', exact: true });
  const flags = panel.getByRole('region', { name: '1 red flag' });
  await expect(flags).toContainText(RED_FLAG_TEXT['authority-revoked'].title);
  await expect(flags).toContainText(RED_FLAG_TEXT['authority-revoked'].explanation);
  await expect(panel).toContainText(
    `Checked against FMCSA’s motor carrier census of ${licensingDay(FILE_DATE)}.`,
  );
  const revocation = panel.getByRole('definition').filter({ hasText: 'Involuntary revocation' });
  await expect(revocation).toHaveText(
    `Involuntary revocation of ${REVOKED_DOCKET}’s common authority, served July 15, 2026, effective August 14, 2026` +
      `Source: FMCSA L&I revocations, ${licensingDay(FILE_DATE)}`,
  );
  await expect(panel.getByRole('definition').filter({ hasText: 'is registered' })).toHaveText(
    `USDOT ${REVOKED_DOT} is registered, as ${COMPANIES.revoked.name.toUpperCase()}` +
      `Source: FMCSA motor carrier census, ${licensingDay(FILE_DATE)}`,
  );
  await expect(panel.getByRole('link', { name: 'protectyourmove.gov' })).toHaveAttribute(
    'href',
    'https://www.protectyourmove.gov/',
  );

  await animationsDone(page);
  expect(
    seriousLines(await axeScan(page, { include: 'section[aria-labelledby="licensing-heading"]' })),
  ).toEqual([]);

  await page.goto(url(`/company/${slugOf('licensed')}`));
  await expect(
    page
      .getByRole('region', { name: 'Licensing', exact: true })
      .getByText(`FMCSA checked ${licensingDay(FILE_DATE)}: no red flags`),
  ).toBeVisible();
});

test('without JavaScript on a phone, the server renders the panel, no wider than the screen', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 780 },
    isMobile: true,
  });
  const page = await context.newPage();
  try {
    await page.goto(url(`/company/${slugOf('unchecked')}`));
    const panel = page.getByRole('region', { name: 'Licensing', exact: true });
    await expect(panel).toContainText(
      `Not verified: no carrier with USDOT ${UNCHECKED_DOT} is in FMCSA’s motor carrier census of`,
    );
    await page.goto(url(`/company/${slugOf('revoked')}`));
    await expect(panel.getByRole('region', { name: '1 red flag' })).toContainText(
      RED_FLAG_TEXT['authority-revoked'].explanation,
    );
    await panel.scrollIntoViewIfNeeded();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  } finally {
    await context.close();
  }
});

test('the cards show their badge, and “Licensed for interstate moves” narrows the list, kept in the address', async ({
  page,
}) => {
  await page.goto(url(listPath()));
  await waitForHydration(page);
  // The card's short date: "Sep 1, 2026".
  await expect(cardOf(page, 'licensed')).toContainText('FMCSA checked Sep 1, 2026');
  await expect(cardOf(page, 'revoked').getByText('Red flag', { exact: false })).toHaveText(
    'Licensing: Red flag in FMCSA’s public files — see the profile',
  );
  await expect(cardOf(page, 'unchecked')).toContainText('Not verified');
  const summary = page.getByText(/^Showing \d+–\d+ of \d+ companies$/);
  const before = Number((await summary.textContent())!.match(/of (\d+) companies/)![1]);

  const filters = page.getByRole('form', { name: 'Filter companies' });
  const box = filters.getByRole('checkbox', { name: 'Licensed for interstate moves' });
  await expect(box).toHaveAccessibleDescription(
    'Movers with active for-hire authority in FMCSA’s public files, none of it revoked: what a move across state lines needs.',
  );
  await box.check();
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]licensed=interstate(&|$)/);
  await expect(cardOf(page, 'licensed')).toBeVisible();
  await expect(cardOf(page, 'revoked')).toHaveCount(0);
  await expect(cardOf(page, 'unchecked')).toHaveCount(0);
  const after = Number((await summary.textContent())!.match(/of (\d+) companies/)![1]);
  expect(after).toBeGreaterThanOrEqual(1);
  expect(after).toBeLessThan(before);
  await expect(
    filters.getByRole('checkbox', { name: 'Licensed for interstate moves' }),
  ).toBeChecked();

  // The filter's address, loaded as a page: the same narrowed list.
  await page.goto(url(`${listPath()}?licensed=interstate`));
  await expect(cardOf(page, 'licensed')).toBeVisible();
  await expect(cardOf(page, 'revoked')).toHaveCount(0);
});
