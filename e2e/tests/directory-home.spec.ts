/**
 * The home page's featured section (spec 4.2) and hero search (issue 5). The server renders the featured list
 * itself, so the browser's states are reached by a client-side navigation to / from another page, with the
 * API answers forced by the test: loading (skeleton), error (Try Again reloads), empty, and the progressive
 * loading of the four pages merged by id with the progress bar; plus the one-time logo fallback.
 */
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import type { Company } from '@moveratlas/contracts';
import { SITE_NAME, url, waitForHydration } from '../support/directory';

const isFeatured = (address: URL) => address.pathname === '/api/companies/featured';
const isCompanyPage = (address: URL) => address.pathname === '/api/companies';
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

test('loading: three skeleton cards while nothing usable has arrived, then the list', async ({
  page,
}) => {
  const pages = gate();
  await page.route(isFeatured, (route) => route.fulfill({ json: [] }));
  await page.route(isCompanyPage, pages.wait);
  await goHomeInTheBrowser(page);

  const section = featuredSection(page);
  await expect(section).toHaveAttribute('aria-busy', 'true');
  await expect(section.getByRole('list', { name: 'Loading companies' })).toBeVisible();
  await expect(section.getByTestId('company-skeleton')).toHaveCount(3);
  await expect(section.getByText(/Companies Available/)).toHaveCount(0);

  pages.open();
  await expect(section.getByText(/^\d+ Companies Available$/)).toBeVisible();
  await expect(section.getByTestId('company-skeleton')).toHaveCount(0);
  await expect(section).toHaveAttribute('aria-busy', 'false');
  expect(await section.getByRole('article').count()).toBeGreaterThan(0);
});

test('error: the error box with the reason, retried twice, and Try Again reloads the page', async ({
  page,
}) => {
  const featuredCalls: string[] = [];
  await page.route(isFeatured, (route: Route, request: Request) => {
    featuredCalls.push(request.url());
    return route.fulfill({ status: 500, json: { error: 'Featured list unavailable' } });
  });
  await page.route(isCompanyPage, (route) =>
    route.fulfill({ status: 500, json: { error: 'Company list unavailable' } }),
  );
  await goHomeInTheBrowser(page);

  const alert = featuredSection(page).getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert.getByRole('heading')).toHaveText('Unable to Load Companies');
  await expect(alert).toContainText(
    'We encountered an error while loading featured companies. API Error: Featured list unavailable',
  );
  // Spec 7.2 and 9: the featured list is retried twice.
  expect(featuredCalls.filter((address) => new URL(address).search === '')).toHaveLength(3);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const reload = page.waitForEvent('load');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await reload;
  await expect(page).toHaveURL(url('/'));
  await expect(featuredSection(page).getByText(/^\d+ Companies Available$/)).toBeVisible();
  await expect(featuredSection(page).getByRole('alert')).toHaveCount(0);
});

test('empty: "No Companies Found" with a link to the directory', async ({ page }) => {
  await page.route(isFeatured, (route) => route.fulfill({ json: [] }));
  await page.route(isCompanyPage, (route) => route.fulfill({ json: [] }));
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

test('progressive loading merges the four pages by id behind a progress bar, featured first', async ({
  page,
  request,
}) => {
  const all = (await (
    await request.get(url('/api/companies?limit=50&offset=0'))
  ).json()) as Company[];
  const extra = (await (
    await request.get(url('/api/companies?limit=2&offset=200'))
  ).json()) as Company[];
  expect(all).toHaveLength(50);
  expect(extra).toHaveLength(2);
  // The featured answer: two companies beyond the first pages, one repeated, one with a logo that fails to
  // load, and one without a city (dropped).
  const missingLogo = { ...extra[1]!, logo: '/images/logos/e2e-missing-logo.svg' };
  const incomplete = { ...all[49]!, id: 999_999, city: { name: '', slug: '' } };
  const featured = [extra[0]!, missingLogo, extra[0]!, incomplete];

  const rest = gate();
  await page.route(isFeatured, (route) => route.fulfill({ json: featured }));
  await page.route(isCompanyPage, (route, req) =>
    new URL(req.url()).searchParams.get('limit') === '6' ? route.continue() : rest.wait(route),
  );
  await page.route('**/images/logos/*', (route, req) => {
    const name = new URL(req.url()).pathname;
    // The missing logo fails, and so do the placeholders: the fallback must happen once only.
    return name.endsWith('e2e-missing-logo.svg') || name.includes('placeholder-')
      ? route.fulfill({ status: 404, body: '' })
      : route.continue();
  });
  await goHomeInTheBrowser(page);

  const section = featuredSection(page);
  // Two featured plus the first page of six.
  await expect(section.getByText('8 Companies Available')).toBeVisible();
  await expect(section.getByText('8 of ~50 loaded (16%)')).toBeVisible();
  await expect(section.getByRole('progressbar', { name: 'Companies loaded' })).toHaveAttribute(
    'value',
    '8',
  );

  rest.open();
  await expect(section.getByText('52 Companies Available')).toBeVisible();
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  const names = await section.getByRole('article').getByRole('heading').allInnerTexts();
  expect(names).toHaveLength(52);
  expect(names.slice(0, 2)).toEqual([extra[0]!.name, extra[1]!.name]);
  expect(new Set(names.slice(2))).toEqual(new Set(all.map((company) => company.name)));

  // The broken logo (loaded lazily, once in view) is replaced once by one of the 20 placeholders, which,
  // failing too, stays.
  const logo = section.getByRole('img', { name: `${extra[1]!.name} logo` });
  await logo.scrollIntoViewIfNeeded();
  await expect(logo).toHaveAttribute('src', /^\/images\/logos\/placeholder-([1-9]|1\d|20)\.svg$/);
  const placeholder = await logo.getAttribute('src');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  await page.waitForTimeout(500);
  await expect(logo).toHaveAttribute('src', placeholder!);
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
