/**
 * Old addresses of renamed companies (docs/decisions/028): a slug a company left is kept in
 * company_slug_history, and its profile page and API answer 301 to the current slug.
 */
import type { Knex } from 'knex';

/** The current slug of the listed company that once had `slug`; undefined when none did. */
export async function renamedCompanySlug(db: Knex, slug: string): Promise<string | undefined> {
  const row = (await db({ h: 'company_slug_history' })
    .join({ c: 'companies' }, 'c.id', 'h.company_id')
    .where({ 'h.slug': slug, 'c.is_in_list': true })
    .first('c.slug')) as { slug: string } | undefined;
  return row?.slug;
}
