/**
 * The home page's featured section (spec 4.2, issue 15) and hero search (issue 5). The server renders today's
 * featured companies itself, so the browser's states are reached by a client-side navigation to / from
 * another page, with the API answers forced by the test: loading (skeleton), error (Try Again reloads),
 * empty, and the list of today's few with the link to every featured mover; plus the one-time logo fallback.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { Company } from '@moveratlas/contracts';
import { SITE_NAME, url, waitForHydration } from '../support/directory';

const isFeatured = (address: URL) => address.pathname === '/api/companies/featured';
const featuredSection = (page: Page) =>
  page.getByRole('region', { name: 'Featured Moving Companies' });

/** Opens / by a client-side navigation, so the home loader and the section run in the browser. */
async function goHomeInTheBrowser(page: Page) {
  await page.goto(url('/faq'));
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: SITE_NAME }).click();
  await expect(page).toHaveURL(url('/'));
}

/** A route handler that waits until the test releases it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, wait: (route: Route) => opened.then(() => route.continue()) };
}

test('loading: three skeleton cards while the list is on its way, then the list', async ({
  page,
}) => {
  // The home loader's tries fail, so the section loads in the browser, whose request waits for the test.
  const later = gate();
  let calls = 0;
  await page.route(isFeatured, (route) =>
    ++calls <= 3 ? route.fulfill({ status: 500, json: { error: 'Not yet' } }) : later.wait(route),
  );
  await goHomeInTheBrowser(page);

  const section = featuredSection(page);
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute('aria-busy', 'true');
  await expect(section.getByRole('list', { name: 'Loading companies' })).toBeVisible();
  await expect(section.getByTestId('company-skeleton')).toHaveCount(3);

  later.open();
  await expect(section.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
  await expect(section.getByTestId('company-skeleton')).toHaveCount(0);
  await expect(section).toHaveAttribute('aria-busy', 'false');
});

test('error: the error box with the reason, retried twice, and Try Again reloads the page', async ({
  page,
}) => {
  const featuredCalls: URL[] = [];
  await page.route(isFeatured, (route: Route) => {
    featuredCalls.push(new URL(route.request().url()));
    return route.fulfill({ status: 500, json: { error: 'Featured list unavailable' } });
  });
  await goHomeInTheBrowser(page);

  const alert = featuredSection(page).getByRole('alert');
  await featuredSection(page).scrollIntoViewIfNeeded();
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert.getByRole('heading')).toHaveText('Unable to Load Companies');
  await expect(alert).toContainText(
    // Plain words, never the server's status or "API Error: …" (issue 15).
    'We encountered an error while loading featured companies. Our server is having trouble right now. Please try again in a minute.',
  );
  // Spec 7.2 and 9: the featured list is retried twice; every try asks for today's share.
  expect(featuredCalls.length).toBeGreaterThanOrEqual(3);
  for (const call of featuredCalls) expect(call.searchParams.get('rotation')).toBe('day');

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const reload = page.waitForEvent('load');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await reload;
  await expect(page).toHaveURL(url('/'));
  await expect(featuredSection(page).getByRole('article').first()).toBeVisible();
  await expect(featuredSection(page).getByRole('alert')).toHaveCount(0);
});

test('empty: "No Companies Found" with a link to the directory', async ({ page }) => {
  await page.route(isFeatured, (route) => route.fulfill({ json: [] }));
  await goHomeInTheBrowser(page);

  const section = featuredSection(page);
  await expect(section.getByRole('heading', { name: 'No Companies Found' })).toBeVisible();
  await expect(
    section.getByText('No featured companies are available at this time.'),
  ).toBeVisible();
  await expect(section.getByText('Please check back later or browse our directory.')).toBeVisible();
  await section.getByRole('link', { name: 'Browse Directory', exact: true }).click();
  await expect(page).toHaveURL(url('/moving-companies'));
});

test("today's few featured movers, with their review counts, and a link to every featured mover", async ({
  page,
  request,
}) => {
  const today = (await (
    await request.get(url('/api/companies/featured?limit=6&rotation=day'))
  ).json()) as Company[];
  expect(today).toHaveLength(6);
  // Today's answer with one logo that fails to load, and a company without a city (dropped).
  const missingLogo = { ...today[1]!, logo: '/images/logos/e2e-missing-logo.svg' };
  const incomplete = { ...today[5]!, id: 999_999, city: { name: '', slug: '' } };
  const answer = [today[0]!, missingLogo, ...today.slice(2, 5), incomplete];
  await page.route(isFeatured, (route) => route.fulfill({ json: answer }));
  await page.route('**/images/logos/*', (route, req) => {
    const name = new URL(req.url()).pathname;
    // The missing logo fails, and so do the placeholders: the fallback must happen once only.
    return name.endsWith('e2e-missing-logo.svg') || name.includes('placeholder-')
      ? route.fulfill({ status: 404, body: '' })
      : route.continue();
  });
  await goHomeInTheBrowser(page);

  const section = featuredSection(page);
  // allInnerTexts does not wait: the cards first (they render in a transition, later on a busy machine).
  await expect(section.getByRole('article')).toHaveCount(5);
  const names = await section.getByRole('article').getByRole('heading').allInnerTexts();
  expect(names).toEqual(today.slice(0, 5).map((company) => company.name));
  for (const company of today.slice(0, 5)) {
    const card = section.getByRole('article').filter({ hasText: company.name });
    await expect(card).toContainText(
      company.rating === null
        ? 'Not yet rated'
        : `(${company.reviewCount.toLocaleString('en-US')} ${company.reviewCount === 1 ? 'review' : 'reviews'})`,
    );
  }

  // The broken logo (loaded lazily, once in view) is replaced once by one of the 20 placeholders, which,
  // failing too, stays.
  const logo = section.getByRole('img', { name: `${missingLogo.name} logo` });
  await logo.scrollIntoViewIfNeeded();
  await expect(logo).toHaveAttribute('src', /^\/images\/logos\/placeholder-([1-9]|1\d|20)\.svg$/);
  const placeholder = await logo.getAttribute('src');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  await page.waitForTimeout(500);
  await expect(logo).toHaveAttribute('src', placeholder!);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await section.getByRole('link', { name: /^See all [\d,]+ featured movers$/ }).click();
  await expect(page).toHaveURL(url('/moving-companies?featured=true'));
  const listed = page.getByRole('region', { name: 'Featured Movers' });
  await expect(listed.getByRole('checkbox', { name: 'Featured movers only' })).toBeChecked();
  expect(await listed.getByRole('article').count()).toBeGreaterThan(0);
});

test.describe('hero search', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(url('/'));
    await waitForHydration(page);
  });

  const hero = (page: Page) =>
    page.getByRole('main').getByRole('search', { name: 'Search movers' });
  const box = (page: Page) =>
    hero(page).getByRole('combobox', { name: 'City, state, ZIP code or company name' });
  const suggestions = (page: Page) => hero(page).getByRole('listbox', { name: 'Suggestions' });

  test('suggests states, cities and companies as you type; arrows and Enter open one', async ({
    page,
  }) => {
    await box(page).pressSequentially('new', { delay: 30 });
    const list = suggestions(page);
    await expect(list).toBeVisible();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    for (const kind of ['State', 'City', 'Company']) {
      await expect(list.getByRole('option', { name: new RegExp(kind) }).first()).toBeVisible();
    }
    await expect(list.getByRole('option', { name: /^New York\s*State/ })).toBeVisible();

    await box(page).press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box(page)).toHaveAttribute(
      'aria-activedescendant',
      (await first.getAttribute('id'))!,
    );
    await box(page).press('Escape');
    await expect(list).toBeHidden();
    await box(page).press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/states\/new-[a-z-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Moving Companies in New /);
  });

  test('suggests ZIP codes, and a click opens the city', async ({ page }) => {
    await box(page).pressSequentially('6060', { delay: 30 });
    const zip = suggestions(page).getByRole('option', { name: /^60601\s*ZIP code · Chicago, IL/ });
    await expect(zip).toBeVisible();
    await zip.click();
    await expect(page).toHaveURL(url('/states/illinois/chicago'));
  });

  test('suggests a company by name, and a click opens its profile', async ({ page, request }) => {
    const [company] = (await (
      await request.get(url('/api/companies?limit=1&offset=10'))
    ).json()) as Company[];
    await box(page).pressSequentially(company!.name, { delay: 10 });
    const option = suggestions(page).getByRole('option', {
      name: new RegExp(`^${company!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*Company`),
    });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(url(`/company/${company!.slug}`));
  });

  test('submitting goes to /search with the query, and a place typed lands on its page', async ({
    page,
  }) => {
    await box(page).fill('new');
    await hero(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(url('/search?q=new'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “new”');

    // Issue 15: "Houston, TX" (the form the suggestions show) found nothing; a place lands on its page.
    await page.goto(url('/'));
    await box(page).fill('Houston, TX');
    await hero(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(url('/states/texas/houston'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Houston');
  });
});
