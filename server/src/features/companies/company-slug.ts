import type { Knex } from 'knex';

/** The shape of a company slug in a URL: anything else cannot name a company, so it is not looked up. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isCompanySlug = (slug: string): boolean => slug.length <= 160 && SLUG.test(slug);

/**
 * The id of the listed company whose public profile is at `slug` (its current slug), or undefined: what the
 * profile's own requests (its activity beacons) are counted against. An unlisted company has no profile.
 */
export async function listedCompanyId(db: Knex, slug: string): Promise<number | undefined> {
  if (!isCompanySlug(slug)) return undefined;
  const row = (await db('companies').where({ slug, is_in_list: true }).first('id')) as
    { id: number | string } | undefined;
  return row ? Number(row.id) : undefined;
}
