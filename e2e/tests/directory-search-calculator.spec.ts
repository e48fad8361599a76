/**
 * /search (grouped results for companies, cities, states and ZIP codes, one group with numbered pages) and
 * the cost calculator's hand-off to the quote widget on /get-quotes, prefilled with size, date and ZIPs.
 */
import { expect, test } from '@playwright/test';
import type { SearchResults } from '@moveratlas/contracts';
import { SITE_NAME, url, waitForHydration } from '../support/directory';
import { FUTURE_DATE } from '../support/quote';

const count = (n: number) => n.toLocaleString('en-US');

test('/search groups the results, and one group pages through all of its results', async ({
  page,
  request,
}) => {
  const { totals } = (await (
    await request.get(url('/api/search?q=new&limit=1'))
  ).json()) as SearchResults;
  // The query must exercise every part of the page: several groups, one longer than two pages.
  expect(totals.companies).toBeGreaterThan(20);
  expect(totals.cities).toBeGreaterThan(0);
  expect(totals.states).toBeGreaterThan(0);

  await page.goto(url('/search?q=new'));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “new”');
  const main = page.getByRole('main');
  const total = totals.companies + totals.cities + totals.states + totals.zips;
  await expect(main.getByText(`${count(total)} results`)).toBeVisible();
  const groups = [
    ['Moving Companies', totals.companies],
    ['Cities', totals.cities],
    ['States', totals.states],
  ] as const;
  for (const [title, n] of groups) {
    const group = main.getByRole('region', { name: `${title} (${count(n)})` });
    await expect(group).toBeVisible();
    // The overview shows up to eight of a group.
    await expect(group.getByRole('listitem')).toHaveCount(Math.min(n, 8));
  }
  await expect(main.getByRole('region', { name: /^ZIP Codes/ })).toHaveCount(0);
  await expect(
    main
      .getByRole('region', { name: /^States/ })
      .getByRole('link', { name: 'New York', exact: true }),
  ).toHaveAttribute('href', '/states/new-york');

  // One group alone, 20 to a page, each page its own URL.
  await main
    .getByRole('link', { name: `See all ${count(totals.companies)} moving companies` })
    .click();
  await expect(page).toHaveURL(url('/search?q=new&type=companies'));
  // The group's results, not the list of its page links.
  const companies = main
    .getByRole('region', { name: /^Moving Companies/ })
    .getByRole('list')
    .first();
  await expect(companies.getByRole('listitem')).toHaveCount(20);
  await expect(main.getByRole('region', { name: /^Cities/ })).toHaveCount(0);
  // Compare the profiles' addresses, which are unique even where names could repeat.
  const hrefs = () =>
    companies.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const firstPage = await hrefs();

  const pager = main.getByRole('navigation', { name: 'Moving Companies pages' });
  await pager.getByRole('link', { name: /^(Page )?2$/ }).click();
  await expect(page).toHaveURL(url('/search?q=new&type=companies&page=2'));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    url('/search?q=new&type=companies&page=2'),
  );
  await expect(companies.getByRole('listitem')).toHaveCount(Math.min(20, totals.companies - 20));
  const secondPage = await hrefs();
  expect(secondPage.filter((item) => firstPage.includes(item))).toEqual([]);

  await main.getByRole('link', { name: 'All result types' }).click();
  await expect(page).toHaveURL(url('/search?q=new'));
});

test('/search answers a query with no match, a ZIP code, and an empty query', async ({ page }) => {
  await page.goto(url('/search?q=zzqxj'));
  await expect(
    page.getByText(
      'Nothing matches “zzqxj”. Check the spelling, or try a city, a state or a ZIP code.',
    ),
  ).toBeVisible();

  await page.goto(url('/search?q=60601'));
  const zips = page.getByRole('main').getByRole('region', { name: /^ZIP Codes/ });
  await expect(zips.getByRole('link', { name: '60601' })).toHaveAttribute(
    'href',
    '/states/illinois/chicago',
  );

  await page.goto(url('/search'));
  await expect(page).toHaveTitle(`Search Moving Companies | ${SITE_NAME}`);
  await expect(page.getByRole('main').getByRole('search')).toBeVisible();

  // A type or page that is not ours is a 404, not another copy of the page.
  expect((await page.goto(url('/search?q=new&type=people')))?.status()).toBe(404);
});

test('the calculator estimates a move and hands it to the quote widget, prefilled', async ({
  page,
}) => {
  await page.goto(url('/calculator'));
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Moving cost calculator' });
  await form.getByRole('radio', { name: /4\+ Bedrooms/ }).check();
  await form.getByLabel('Moving from ZIP').fill('60601');
  await form.getByLabel('Moving to ZIP').fill('80202');
  await form.getByLabel('Moving date').fill(FUTURE_DATE);
  await form.getByRole('button', { name: 'Calculate' }).click();

  const estimate = page.getByRole('region', { name: 'Your estimate' });
  await expect(estimate.getByTestId('estimate-total')).toHaveText(/^\$[\d,]+ – \$[\d,]+$/);
  await expect(estimate).toContainText('Long-distance move');
  await expect(estimate.getByRole('table', { name: 'Cost breakdown' })).toBeVisible();

  await estimate.getByRole('link', { name: 'Get Free Quotes for This Move' }).click();
  await expect(page).toHaveURL(
    url(`/get-quotes?size=4br&date=${FUTURE_DATE}&fromZip=60601&toZip=80202`),
  );
  await expect(page).toHaveTitle(`Get Free Moving Quotes | ${SITE_NAME}`);

  // The prefill reaches the widget's own fields, step by step.
  const widget = page.locator('[data-moveratlas-quote]');
  const heading = widget.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('What size is your move?');
  await expect(widget.getByRole('button', { name: /4\+ Bedrooms/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading).toHaveText('When are you moving?');
  await expect(widget.getByLabel('Moving date', { exact: true })).toHaveValue(FUTURE_DATE);
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading).toHaveText('Where are you moving?');
  await expect(widget.getByRole('combobox', { name: 'Moving from', exact: true })).toHaveValue(
    '60601',
  );
  await expect(widget.getByRole('combobox', { name: 'Moving to', exact: true })).toHaveValue(
    '80202',
  );
});
