/**
 * The public directory's routes (issue 5): every template answers with its status, title and canonical
 * address; state segments given as names or abbreviations, the aliases (/about-us, /moving-companies/…) and
 * every other form of an address (case, slashes) answer 301 to its one address; the 404 and error pages show
 * the spec's texts; and a server error while a page loads shows the error page, never the server's words.
 */
import { expect, test, type Page } from '@playwright/test';
import { TITLE_MAX_LENGTH } from '@moveratlas/contracts';
import { canonicalOf, SITE_NAME, templatePages, url, waitForHydration } from '../support/directory';

const robots = (page: Page) => page.locator('meta[name="robots"]');
const canonical = (page: Page) => page.locator('link[rel="canonical"]');

test('every route type renders with its status, title, canonical address and one h1, and hydrates cleanly', async ({
  page,
  request,
}) => {
  // Anything the page reports as an error: hydration mismatches, crashes, failed requests.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  for (const template of await templatePages(request)) {
    const response = await page.goto(url(template.path));
    const at = `${template.template} (${template.path})`;
    await waitForHydration(page);
    expect(response?.status(), at).toBe(template.status ?? 200);
    await expect(page, at).toHaveTitle(template.title);
    // Short enough for a results page; the site name follows where it fits.
    expect(template.title.length, at).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
    await expect(canonical(page), at).toHaveAttribute('href', url(canonicalOf(template)));
    await expect(robots(page), at).toHaveAttribute('content', template.robots ?? 'index, follow');
    await expect(page.locator('main h1'), at).toHaveCount(1);
    await expect(page.locator('main h1'), at).toBeVisible();
  }
  // The 404 and error pages log their own status as a failed resource load; nothing else may fail.
  expect(errors.filter((text) => !/status of (404|500)/.test(text))).toEqual([]);
});

test('a list page has its own canonical address per page', async ({ page }) => {
  await page.goto(url('/states/illinois?page=2'));
  await expect(page).toHaveTitle(`Moving Companies in Illinois – Page 2 | ${SITE_NAME}`);
  await expect(canonical(page)).toHaveAttribute('href', url('/states/illinois?page=2'));
  await page.goto(url('/moving-companies?page=3'));
  await expect(canonical(page)).toHaveAttribute('href', url('/moving-companies?page=3'));
});

test('state names, abbreviations and other spellings redirect (301) to the slug, keeping the city and query', async ({
  page,
  request,
}) => {
  const cases: Array<[string, string]> = [
    ['/states/il', '/states/illinois'],
    ['/states/IL', '/states/illinois'],
    ['/states/Illinois', '/states/illinois'],
    ['/states/new%20york', '/states/new-york'],
    ['/states/new_york', '/states/new-york'],
    ['/states/dc', '/states/district-of-columbia'],
    ['/states/tx/houston', '/states/texas/houston'],
    ['/states/Illinois/Chicago', '/states/illinois/chicago'],
    ['/moving-companies/ca', '/states/california'],
    ['/moving-companies/Texas/Houston', '/states/texas/houston'],
    [
      '/moving-companies/ca/los-angeles?sort=rating&page=2',
      '/states/california/los-angeles?sort=rating&page=2',
    ],
    // Every other form of a page's address, in one hop (issue 15).
    ['/States/Texas/', '/states/texas'],
    ['//states/texas', '/states/texas'],
    ['/states/texas/', '/states/texas'],
    ['/FAQ', '/faq'],
    ['/about-us', '/about'],
  ];
  for (const [from, to] of cases) {
    const response = await request.get(url(from), { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(new URL(response.headers()['location'] ?? '', url('/')).href, from).toBe(url(to));
  }

  // A browser follows it to the canonical page.
  await page.goto(url('/states/IL/Chicago'));
  await expect(page).toHaveURL(url('/states/illinois/chicago'));
  await expect(page).toHaveTitle(`Moving Companies in Chicago, IL | ${SITE_NAME}`);

  // Unknown states and cities are not redirected anywhere: they are 404s.
  for (const path of ['/states/xx', '/states/illinois/no-such-city', '/moving-companies/nowhere']) {
    expect((await request.get(url(path), { maxRedirects: 0 })).status(), path).toBe(404);
  }
});

test('/about-us and /moving-companies/… lead to /about and /states/…, one address per page', async ({
  page,
}) => {
  await page.goto(url('/about-us'));
  await expect(page).toHaveURL(url('/about'));
  await expect(page).toHaveTitle(`About ${SITE_NAME} | ${SITE_NAME}`);
  await expect(canonical(page)).toHaveAttribute('href', url('/about'));

  await page.goto(url('/moving-companies/illinois'));
  await expect(page).toHaveURL(url('/states/illinois'));
  await expect(page).toHaveTitle(`Moving Companies in Illinois | ${SITE_NAME}`);
  await expect(canonical(page)).toHaveAttribute('href', url('/states/illinois'));

  await page.goto(url('/moving-companies/illinois/chicago'));
  await expect(page).toHaveURL(url('/states/illinois/chicago'));
  await expect(canonical(page)).toHaveAttribute('href', url('/states/illinois/chicago'));
});

test('an unknown path answers 404 with the not-found page, marked noindex', async ({ page }) => {
  for (const path of ['/no/such/page', '/company/no-such-company', '/blog/no-such-post']) {
    const response = await page.goto(url(path));
    expect(response?.status(), path).toBe(404);
    await expect(page).toHaveTitle(`Page Not Found | ${SITE_NAME}`);
    await expect(robots(page)).toHaveAttribute('content', 'noindex');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(
      main.getByText(
        "Sorry, we couldn't find the page you're looking for. It might have been moved, deleted, or never existed.",
      ),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'Search Moving Companies' })).toHaveAttribute(
      'href',
      '/search',
    );
    // Reached by typing the address: no page of this site to go back to (not-found.spec.ts has Go Back).
    await expect(main.getByText('Go Back')).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact',
    );
  }
});

async function expectErrorPage(page: Page, status: number, message: string) {
  await expect(page).toHaveTitle(`Something Went Wrong | ${SITE_NAME}`);
  await expect(robots(page)).toHaveAttribute('content', 'noindex');
  const main = page.locator('main');
  await expect(main.getByText(`Error ${status}`, { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Something Went Wrong');
  await expect(
    main.getByText(`${message}. Our team has been notified and is working to fix the issue.`),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expect(main.getByRole('link', { name: 'support@moveratlas.example' })).toHaveAttribute(
    'href',
    'mailto:support@moveratlas.example',
  );
}

test('/error shows the error page with status 500 by default and the status it is given', async ({
  page,
}) => {
  const response = await page.goto(url('/error'));
  expect(response?.status()).toBe(500);
  await expectErrorPage(page, 500, "We're experiencing some technical difficulties");

  const unavailable = await page.goto(url('/error?status=503'));
  expect(unavailable?.status()).toBe(503);
  await expectErrorPage(
    page,
    503,
    'The service is temporarily unavailable; please try again in a few moments',
  );

  // The page works: Refresh Page reloads it, Back to Home leaves it.
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page).toHaveURL(url('/error?status=503'));
  await page.locator('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(url('/'));
});

test('a server error while loading a page shows the error page, and none of the server’s words', async ({
  page,
}) => {
  // After hydration a page's data comes from the API; here the company profile's answers what the server
  // answers when a loader throws (the error handler's 500 and body), on whichever database the product runs.
  // The profile's link is followed as a visitor follows it: a client-side navigation.
  await page.goto(url('/'));
  await waitForHydration(page);
  const link = page.locator('main a[href^="/company/"]').first();
  const href = (await link.getAttribute('href'))!;
  await page.route(`**/api/companies/${href.slice('/company/'.length)}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Internal server error' }),
    }),
  );
  await link.click();
  await expect(page).toHaveURL(url(href));
  await expectErrorPage(page, 500, "We're experiencing some technical difficulties");
  await expect(page.locator('main')).not.toContainText('Internal server error');
});
