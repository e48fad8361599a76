/**
 * Every page of the directory is readable with JavaScript disabled (issue 5): the server's HTML carries the
 * main content, the navigation (the header's links, the About menu's and the footer's) and, on the home page,
 * the map's state links; the plain GET forms (search, calculator) work too. Checked on a desktop and a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { TEMPLATE_PARTS, templatePagesPart, url } from '../support/directory';

// Every test here opens its own page without JavaScript: the two workers share them.
test.describe.configure({ mode: 'parallel' });

const HEADER_LINKS: Array<[string, string]> = [
  ['Find Movers', '/moving-companies'],
  ['Blog', '/blog'],
  ['Moving Guides', '/guides'],
  ['Cost Calculator', '/calculator'],
  ['Get Free Quotes', '/get-quotes'],
];
const ABOUT_LINKS: Array<[string, string]> = [
  ['About Us', '/about'],
  ['FAQ', '/faq'],
  ['Privacy Policy', '/privacy-policy'],
  ['Terms of Service', '/terms-of-service'],
];

/** The header's links can be reached: visible, or (the About menu) shown on hover or keyboard focus. */
async function expectHeaderNavigation(page: Page, at: string, desktop: boolean) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // On a desktop the About menu is a drop-down: closed until wanted, not covering the page.
  if (desktop) await expect(nav.getByRole('link', { name: 'FAQ' }), at).toBeHidden();
  for (const [name, href] of HEADER_LINKS) {
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link, `${at}: ${name}`).toBeVisible();
    await expect(link, `${at}: ${name}`).toHaveAttribute('href', href);
  }
  // Without scripts the About button cannot toggle: the menu opens on keyboard focus (and hover) instead.
  await nav.getByRole('button', { name: 'About' }).focus();
  for (const [name, href] of ABOUT_LINKS) {
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link, `${at}: ${name}`).toBeVisible();
    await expect(link, `${at}: ${name}`).toHaveAttribute('href', href);
  }
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'About Us', exact: true }), at).toBeFocused();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 800 },
]) {
  for (let part = 0; part < TEMPLATE_PARTS; part += 1) {
    test(`every page is readable without JavaScript (${viewport.name}, part ${part + 1} of ${TEMPLATE_PARTS})`, async ({
      browser,
      request,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      try {
        for (const template of await templatePagesPart(request, part)) {
          const at = `${template.template} (${template.path})`;
          const response = await page.goto(url(template.path));
          expect(response?.status(), at).toBe(template.status ?? 200);
          await expect(page, at).toHaveTitle(template.title);
          const main = page.locator('main');
          await expect(main.getByRole('heading', { level: 1 }), at).toBeVisible();
          expect((await main.innerText()).length, at).toBeGreaterThan(200);
          await expectHeaderNavigation(page, at, viewport.width >= 768);
          const footer = page.getByRole('contentinfo');
          for (const name of ['Browse by State', 'Moving Tips', 'Privacy', 'Terms', 'Sitemap']) {
            await expect(
              footer.getByRole('link', { name }).first(),
              `${at}: ${name}`,
            ).toBeVisible();
          }
        }
      } finally {
        await context.close();
      }
    });
  }
}

test('without JavaScript the home page lists its companies and the map links to every state', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(url('/'));
    const featured = page.getByRole('region', { name: 'Featured Moving Companies' });
    await expect(
      featured.getByRole('link', { name: /^See all [\d,]+ featured movers$/ }),
    ).toHaveAttribute('href', '/moving-companies?featured=true');
    const cards = await featured.getByRole('article').count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(6);

    const map = page.getByRole('group', { name: /Map of the United States/ });
    const states = map.getByRole('link');
    await expect(states).toHaveCount(51);
    await expect(map.getByRole('link', { name: 'Browse Ohio Movers' })).toHaveAttribute(
      'href',
      '/states/ohio',
    );
    await map.getByRole('link', { name: 'Browse Texas Movers' }).click();
    await expect(page).toHaveURL(url('/states/texas'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Moving Companies in Texas');
  } finally {
    await context.close();
  }
});

test('without JavaScript the search and calculator forms still work', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(url('/'));
    const hero = page.getByRole('main').getByRole('search', { name: 'Search movers' });
    await hero.getByRole('combobox').fill('chica');
    await hero.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(url('/search?q=chica'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “chica”');
    await expect(page.getByRole('link', { name: 'Chicago, IL' }).first()).toBeVisible();
    // A place named in full lands on its page, without scripts too.
    await page.goto(url('/'));
    await hero.getByRole('combobox').fill('chicago movers');
    await hero.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(url('/states/illinois/chicago'));

    await page.goto(url('/calculator'));
    await page.getByRole('radio', { name: /4\+ Bedrooms/ }).check();
    await page.getByLabel('Moving from ZIP').fill('60601');
    await page.getByLabel('Moving to ZIP').fill('80202');
    await page.getByLabel('Moving date').fill('2030-06-15');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByTestId('estimate-total')).toHaveText(/^\$[\d,]+ – \$[\d,]+$/);
    await expect(page.getByRole('link', { name: 'Get Free Quotes for This Move' })).toHaveAttribute(
      'href',
      '/get-quotes?size=4br&date=2030-06-15&fromZip=60601&toZip=80202',
    );
  } finally {
    await context.close();
  }
});
