/**
 * An axe-core scan of every page template of the directory (issue 5), on a desktop and a phone, and of the
 * states that only exist after an interaction (open menus, search suggestions, form errors, the featured
 * section's error and empty boxes): no serious or critical violation of WCAG 2.2 A/AA.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  animationsDone,
  SITE_NAME,
  TEMPLATE_PARTS,
  templatePagesPart,
  url,
  waitForHydration,
} from '../support/directory';
import { axeScan, seriousLines } from '../support/axe';

// Every test here starts from a fresh page: the two workers share them.
test.describe.configure({ mode: 'parallel' });

/** The serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Mid-animation cards are translucent: scan the page as it settles.
  await animationsDone(page);
  return seriousLines(await axeScan(page));
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 800 },
]) {
  for (let part = 0; part < TEMPLATE_PARTS; part += 1) {
    test(`every page template passes axe (${viewport.name}, part ${part + 1} of ${TEMPLATE_PARTS})`, async ({
      page,
      request,
    }) => {
      const found: string[] = [];
      await page.setViewportSize(viewport);
      for (const template of await templatePagesPart(request, part)) {
        await page.goto(url(template.path));
        await waitForHydration(page);
        await expect(page).toHaveTitle(template.title);
        for (const line of await seriousViolations(page))
          found.push(`${template.template}: ${line}`);
      }
      expect(found).toEqual([]);
    });
  }
}

test('interactive states pass axe: menus, suggestions, form errors', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  const scan = async (state: string) => {
    for (const line of await seriousViolations(page)) found.push(`${state}: ${line}`);
  };

  // The About menu open, then the phone's navigation and its About menu open.
  await page.goto(url('/'));
  await waitForHydration(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'About' }).click();
  await expect(nav.getByRole('link', { name: 'About Us' })).toBeVisible();
  await scan('about menu');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link', { name: 'Find Movers' })).toBeVisible();
  await scan('mobile menu');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Search suggestions open.
  const hero = page.getByRole('main').getByRole('search', { name: 'Search movers' });
  await hero.getByRole('combobox').pressSequentially('new', { delay: 30 });
  await expect(hero.getByRole('listbox')).toBeVisible();
  await hero.getByRole('combobox').press('ArrowDown');
  await scan('search suggestions');

  // Forms with their validation errors shown.
  for (const path of ['/contact', '/list-your-company']) {
    await page.goto(url(path));
    await waitForHydration(page);
    await page
      .getByRole('main')
      .getByRole('button', { name: /^(Send|Submit|Apply)/ })
      .click();
    await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeVisible();
    await scan(`${path} errors`);
  }

  // The calculator with a ZIP code it does not know.
  await page.goto(url('/calculator?size=studio&fromZip=00000&toZip=80202'));
  await expect(page.getByRole('alert')).toBeVisible();
  await scan('calculator error');

  expect(found).toEqual([]);
});

test('the featured section’s error and empty boxes pass axe', async ({ page }) => {
  test.setTimeout(60_000);
  const found: string[] = [];
  const goHome = async () => {
    await page.goto(url('/faq'));
    await waitForHydration(page);
    await page.getByRole('banner').getByRole('link', { name: SITE_NAME }).click();
    await expect(page).toHaveURL(url('/'));
  };
  const section = page.getByRole('region', { name: 'Featured Moving Companies' });

  await page.route(
    (address) => address.pathname.startsWith('/api/companies'),
    (route) => route.fulfill({ status: 500, json: { error: 'Unavailable' } }),
  );
  await goHome();
  await expect(section.getByRole('alert')).toBeVisible({ timeout: 20_000 });
  for (const line of await seriousViolations(page)) found.push(`featured error: ${line}`);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route(
    (address) => address.pathname.startsWith('/api/companies'),
    (route) => route.fulfill({ json: [] }),
  );
  await goHome();
  await expect(section.getByRole('heading', { name: 'No Companies Found' })).toBeVisible();
  for (const line of await seriousViolations(page)) found.push(`featured empty: ${line}`);

  expect(found).toEqual([]);
});
