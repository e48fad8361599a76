/** Signing in to the admin area through the login form, as an admin does. */
import { expect, type Page } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '@moveratlas/contracts';
import { E2E_ADMIN, PRODUCT_URL } from '../playwright.config';

export interface AdminCredentials {
  username: string;
  password: string;
}

/** Fills in and sends the login form; what happens next is the caller's to check. */
export async function submitLogin(page: Page, credentials: AdminCredentials = E2E_ADMIN) {
  await page.goto(`${PRODUCT_URL}/login`);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in (the seeded e2e admin unless told otherwise) and waits for the dashboard. */
export async function loginAsAdmin(page: Page, credentials: AdminCredentials = E2E_ADMIN) {
  await submitLogin(page, credentials);
  await expect(page).toHaveURL(`${PRODUCT_URL}/admin`);
}

/** A write to the admin API with the page's session and CSRF cookie, for setting up and putting things back. */
export async function adminWrite(page: Page, method: string, path: string, data: unknown) {
  const csrf = (await page.context().cookies(PRODUCT_URL)).find((c) => c.name === CSRF_COOKIE);
  return page.request.fetch(`${PRODUCT_URL}${path}`, {
    method,
    data,
    headers: { [CSRF_HEADER]: csrf?.value ?? '' },
  });
}

/** The version of an admin record as saved now: what a write to it must name (docs/decisions/028). */
export async function versionOf(page: Page, path: string): Promise<number> {
  const res = await page.request.get(`${PRODUCT_URL}${path}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { version: number }).version;
}
