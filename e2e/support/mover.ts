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

export interface E2eListing {
  id: number;
  slug: string;
  name: string;
}

/**
 * A listed company of the spec's own, in the city of the seed's first company: a spec that picked "the newest
 * unclaimed listing" or "the one with fewest reviews" could pick a listing another spec running beside it had
 * just created, and lose it to that spec's clean-up. Remove it with `removeListing` afterwards.
 */
export async function createListing(name: string): Promise<E2eListing> {
  const slug = `e2e-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}`;
  return withProductDatabase(async (db) => {
    const place = (await db('companies')
      .orderBy('id')
      .first('city_id', 'state_id', 'zip_code')) as {
      city_id: number;
      state_id: number;
      zip_code: string | null;
    };
    const [id] = (await db('companies').insert({
      slug,
      name,
      ...place,
      phone: '(512) 555-0148',
      is_in_list: true,
      is_featured: false,
      review_count: 0,
    })) as number[];
    return { id: Number(id), slug, name };
  });
}

/** Deletes a listing `createListing` made, with every row of the spec's that names it. */
export async function removeListing(listing: E2eListing): Promise<void> {
  await withProductDatabase(async (db) => {
    const users = (await db('company_users')
      .where('company_id', listing.id)
      .pluck('user_id')) as number[];
    await db('companies').where('id', listing.id).delete();
    await db('mover_users').whereIn('id', users).delete();
  });
}

/** Signs in through /pro/login and waits to leave it. */
export async function signInAsMover(page: Page, mover: { email: string; password: string }) {
  await page.goto(`${PRODUCT_URL}/pro/login`);
  await page.getByLabel('E-mail address').fill(mover.email);
  await page.getByLabel('Password', { exact: true }).fill(mover.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/pro\/login/);
}
