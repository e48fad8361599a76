/**
 * A company profile on a phone (issue 15): the company's phone number, tap to call, is on the first screen, not
 * twelve screens down below every review; and every review — past the 50 the profile used to stop at — is
 * reached page by page through "Older reviews", with scripts and without.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { REVIEWS_PER_PAGE } from '@moveratlas/contracts';
import { withProductDatabase } from '../support/database';
import { url, waitForHydration } from '../support/directory';

const PHONE = { width: 390, height: 844 };

interface BusyCompany {
  id: number;
  slug: string;
  name: string;
  reviewIds: number[];
}

/** The listed company with the most published reviews, a phone number and an e-mail address. */
async function busiestCompany(): Promise<BusyCompany> {
  return withProductDatabase(async (db) => {
    const company = (await db('companies')
      .where('is_in_list', true)
      .whereNotNull('phone')
      .whereNotNull('email')
      .orderBy([
        { column: 'review_count', order: 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .first('id', 'slug', 'name')) as Omit<BusyCompany, 'reviewIds'>;
    const reviewIds = (await db('reviews')
      .where({ company_id: company.id, status: 'published' })
      .pluck('id')) as number[];
    return { ...company, reviewIds };
  });
}

async function phonePage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
  });
  return context.newPage();
}

let company: BusyCompany;
test.beforeAll(async () => {
  company = await busiestCompany();
  // More reviews than the old profile showed, so the last page is really past the old limit.
  expect(company.reviewIds.length).toBeGreaterThan(50);
});

test('a phone shows the tap-to-call link and the e-mail on the first screen', async ({
  browser,
}) => {
  const page = await phonePage(browser, true);
  await page.goto(url(`/company/${company.slug}`));
  await waitForHydration(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const contact = page.getByRole('region', { name: `Contact ${company.name}` });
  const call = contact.getByRole('link', { name: /^Call \(\d{3}\) \d{3}-\d{4}$/ });
  await expect(call).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  for (const link of [call, contact.getByRole('link', { name: /@/ })]) {
    await expect(link).toBeInViewport({ ratio: 1 });
    const box = (await link.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // A finger-sized target.
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await page.context().close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`every review is reached page by page on a phone ${javaScriptEnabled ? 'with' : 'without'} scripts`, async ({
    browser,
  }) => {
    const page = await phonePage(browser, javaScriptEnabled);
    await page.goto(url(`/company/${company.slug}`));
    if (javaScriptEnabled) await waitForHydration(page);
    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    const seen: number[] = [];
    const pageCount = Math.ceil(company.reviewIds.length / REVIEWS_PER_PAGE);
    for (let n = 1; ; n++) {
      await expect(reviews.getByRole('navigation', { name: 'Review pages' })).toBeVisible();
      await expect(
        reviews.getByRole('navigation', { name: 'Review pages' }).getByRole('link', {
          name: `Page ${n}`,
        }),
      ).toHaveAttribute('aria-current', 'page');
      // The distribution of all the reviews stays on every page.
      await expect(reviews.getByRole('img', { name: /^Rating distribution/ })).toBeVisible();
      const ids = await reviews
        .locator('h3[id^="review-"]')
        .evaluateAll((headings) => headings.map((h) => Number(h.id.slice('review-'.length))));
      seen.push(...ids);
      const older = reviews.getByRole('link', { name: /^Older reviews/ });
      if ((await older.count()) === 0) break;
      await older.click();
      await expect(page).toHaveURL(url(`/company/${company.slug}?reviews=${n + 1}#reviews`));
      // The visitor lands on the reviews, not at the top of the profile.
      await expect(reviews.getByRole('heading', { name: 'Customer Reviews' })).toBeInViewport();
    }
    expect(page.url()).toBe(url(`/company/${company.slug}?reviews=${pageCount}#reviews`));
    expect([...seen].sort((a, b) => a - b)).toEqual([...company.reviewIds].sort((a, b) => a - b));
    await page.context().close();
  });
}
