/**
 * Movers for the /pro specs: an account made in the product's database (the way staff approval or a claim
 * would leave it), and signing in through the /pro/login form as a mover does.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { CompanyUserRole } from '@moveratlas/contracts';
import { hashPassword } from '../../server/src/features/auth/passwords';
import { PRODUCT_URL } from '../playwright.config';
import { withProductDatabase } from './database';

export const E2E_MOVER_PASSWORD = 'violet harbor tractor 58';

export interface E2eMover {
  id: number;
  email: string;
  password: string;
  name: string;
}

/** A new active account, member of the company with `slug` (as `role`) when given. */
export async function createMover(
  options: { companySlug?: string; role?: CompanyUserRole; name?: string } = {},
): Promise<E2eMover> {
  const email = `e2e-mover-${randomUUID().slice(0, 8)}@movers.test`;
  const name = options.name ?? 'Pat Mover';
  const passwordHash = await hashPassword(E2E_MOVER_PASSWORD);
  return withProductDatabase(async (db) => {
    const now = Date.now();
    const [id] = (await db('mover_users').insert({
      email,
      name,
      password_hash: passwordHash,
      status: 'active',
      created_at: now,
      updated_at: now,
    })) as number[];
    if (options.companySlug) {
      const company = (await db('companies').where({ slug: options.companySlug }).first('id')) as {
        id: number;
      };
      await db('company_users').insert({
        company_id: company.id,
        user_id: Number(id),
        role: options.role ?? 'owner',
        created_at: now,
      });
    }
    return { id: Number(id), email, password: E2E_MOVER_PASSWORD, name };
  });
}

/** Signs in through /pro/login and waits to leave it. */
export async function signInAsMover(page: Page, mover: { email: string; password: string }) {
  await page.goto(`${PRODUCT_URL}/pro/login`);
  await page.getByLabel('E-mail address').fill(mover.email);
  await page.getByLabel('Password', { exact: true }).fill(mover.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/pro\/login/);
}
