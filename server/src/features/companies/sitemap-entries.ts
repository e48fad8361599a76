/** Read-only queries for the XML sitemaps: every listed company's slug, in pages. */
import type { Knex } from 'knex';

export async function countListedCompanies(db: Knex): Promise<number> {
  const row = (await db('companies').where('is_in_list', true).count({ total: '*' }).first()) as
    { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

/** Slugs and last changes of listed companies in id order, one sitemap's worth at a time. */
export async function listedCompanySlugs(
  db: Knex,
  offset: number,
  limit: number,
): Promise<Array<{ slug: string; updatedAt: Date | null }>> {
  const rows = (await db('companies')
    .where('is_in_list', true)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .select('slug', 'updated_at')) as Array<{ slug: string; updated_at: string | Date | null }>;
  return rows.map((row) => ({
    slug: row.slug,
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at),
  }));
}
