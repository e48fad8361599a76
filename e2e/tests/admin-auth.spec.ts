/**
 * The admin sign-in in Chromium against the built product: the guard's redirect, the login form's
 * validation, a failed login's toast, login and logout with their toasts and cookies, and the admin layout
 * on a phone (375 px): the drawer menu and the bottom bar. No CSP violation on the way.
 */
import type { Page } from '@playwright/test';
import { loginAsAdmin, submitLogin } from '../support/admin';
import { expect, test } from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

// A section with a queue shows how much waits in it when something does: other specs create claims, returns,
// deletion requests and messages at the same time, so the count is not fixed.
const SIDEBAR: Array<string | RegExp> = [
  'Dashboard',
  'Companies',
  // Claims to listings, for staff who may read them (the e2e admin is an owner).
  /^Claims(?:\d+|99\+)?$/,
  'Leads',
  // Visitors' requests to delete their data, for staff who may read them.
  /^Deletion requests(?:\d+|99\+)?$/,
  /^Lead returns(?:\d+|99\+)?$/,
  // With the count of unread contact messages.
  /^Messages(?:\d+|99\+)?$/,
  'Mail',
  'Statistics',
  'Script Management',
  'Jobs System',
  'Database',
  'CSV Upload',
  'Licensing',
  'SEO Health',
  'QA Automation',
  // Owners and editors read the audit log (the e2e admin is an owner).
  'Audit log',
  'Settings',
];

const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test('the admin area sends a visitor who is not signed in to /login', async ({
  page,
  cspViolations,
}) => {
  await page.goto(`${PRODUCT_URL}/admin/companies`);
  // With the page to come back to after signing in (decision 028); no "session expired": there was none.
  await expect(page).toHaveURL(
    `${PRODUCT_URL}/login?next=${encodeURIComponent('/admin/companies')}`,
  );
  await expect(page.getByText(/Your session expired/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(
    page.getByText('Authorized personnel only. Unauthorized access is prohibited.'),
  ).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('the login form checks its fields before sending anything', async ({ page }) => {
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/login')) logins.push(request.method());
  });
  await page.goto(`${PRODUCT_URL}/login`);
  const submit = page.getByRole('button', { name: 'Login' });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password').fill('12345');
  await submit.click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  expect(logins).toEqual([]);
});

test('a wrong password gets the Login Failed toast and no session', async ({ page, context }) => {
  await submitLogin(page, { username: 'e2e-nobody', password: 'not the password' });
  await expect(toast(page).getByText('Login Failed')).toBeVisible();
  await expect(toast(page).getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(`${PRODUCT_URL}/login`);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('ma_session');
  // F8 takes the keyboard to the notifications (spec 9).
  await page.keyboard.press('F8');
  await expect(toast(page).locator('ol')).toBeFocused();
});

test('an admin logs in, sees the admin layout, and logs out for good', async ({
  page,
  context,
  cspViolations,
}) => {
  await submitLogin(page);
  await expect(toast(page).getByText('Success', { exact: true })).toBeVisible();
  await expect(toast(page).getByText('You have been logged in successfully.')).toBeVisible();
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin`);

  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === 'ma_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(cookies.find((cookie) => cookie.name === 'ma_csrf')).toMatchObject({
    httpOnly: false,
    sameSite: 'Strict',
  });

  const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sidebar.getByRole('link')).toHaveText(SIDEBAR);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Website' })).toBeVisible();
  // The public header is not part of the admin area, nor is the bottom bar on a wide screen.
  await expect(page.getByRole('link', { name: 'Get Free Quotes' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Admin quick links' })).toBeHidden();

  // A section without its screen yet says so inside the layout.
  await page.goto(`${PRODUCT_URL}/admin/no-such-screen`);
  await expect(page.getByRole('heading', { name: 'No such admin screen' })).toBeVisible();
  await expect(sidebar).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page).getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(`${PRODUCT_URL}/`);
  // The session is over on the server: the old cookie, replayed, is refused.
  const replay = await page.request.get(`${PRODUCT_URL}/api/admin/anything`, {
    headers: { Cookie: `ma_session=${session!.value}` },
  });
  expect(replay.status()).toBe(401);
  await page.goto(`${PRODUCT_URL}/admin`);
  await expect(page).toHaveURL(`${PRODUCT_URL}/login?next=${encodeURIComponent('/admin')}`);
  expect(cspViolations).toEqual([]);
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the admin menu is a drawer, and the bottom bar holds the main sections', async ({
    page,
    cspViolations,
  }) => {
    await loginAsAdmin(page);
    await expect(page).toHaveURL(`${PRODUCT_URL}/admin`);
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();

    const bottom = page.getByRole('navigation', { name: 'Admin quick links' });
    await expect(bottom).toBeVisible();
    await expect(bottom.getByRole('link')).toHaveText([
      'Home',
      'Companies',
      'SEO',
      'QA',
      'Database',
    ]);
    await bottom.getByRole('link', { name: 'Database' }).click();
    await expect(page).toHaveURL(`${PRODUCT_URL}/admin/database`);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: /./ })).toHaveText([
      'MoverAtlas Admin',
      ...SIDEBAR,
      'Return to Website',
    ]);
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
    // Focus stays in the drawer however far the keyboard goes.
    for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Companies' }).click();
    await expect(page).toHaveURL(`${PRODUCT_URL}/admin/companies`);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();

    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page).getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(`${PRODUCT_URL}/`);
    expect(cspViolations).toEqual([]);
  });
});
