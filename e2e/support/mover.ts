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
/** Where a listing is, as the companies table keeps it. */
export interface ListingPlace {
  city_id: number;
  state_id: number;
  zip_code: string | null;
  lat?: number | null;
  lng?: number | null;
}

export async function createListing(
  name: string,
  /** By default at the first seeded company's place, offering nothing: found by name, never matched. */
  options: { place?: ListingPlace; services?: readonly string[]; featured?: boolean } = {},
): Promise<E2eListing> {
  const slug = `e2e-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}`;
  return withProductDatabase(async (db) => {
    const place =
      options.place ??
      ((await db('companies')
        .orderBy('id')
        .first('city_id', 'state_id', 'zip_code')) as ListingPlace);
    const [id] = (await db('companies').insert({
      slug,
      name,
      ...place,
      phone: '(512) 555-0148',
      is_in_list: true,
      is_featured: options.featured ?? false,
      review_count: 0,
    })) as number[];
    if (options.services?.length)
      await db('company_services').insert(
        options.services.map((service) => ({ company_id: Number(id), service_id: service })),
      );
    return { id: Number(id), slug, name };
  });
}

/**
 * A ZIP code of a city where no company is listed, for a spec whose own listings must be the movers a route
 * is matched with (same city: the nearest band, ahead of every seeded company).
 */
export async function emptyPlace(): Promise<ListingPlace & { zip_code: string }> {
  return withProductDatabase(async (db) => {
    const row = (await db('zip_codes as z')
      .join('cities as c', 'c.id', 'z.city_id')
      .where('z.kind', 'standard')
      .whereNotExists(db('companies').select(db.raw('1')).whereRaw('companies.city_id = z.city_id'))
      .orderBy('c.population', 'desc')
      .first('z.zip', 'z.city_id', 'c.state_id', 'z.lat', 'z.lng')) as {
      zip: string;
      city_id: number;
      state_id: number;
      lat: number;
      lng: number;
    };
    return {
      city_id: Number(row.city_id),
      state_id: Number(row.state_id),
      zip_code: row.zip,
      lat: Number(row.lat),
      lng: Number(row.lng),
    };
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
