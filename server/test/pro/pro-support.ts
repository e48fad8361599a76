/**
 * A company of the tests' own for the /api/pro tests: a copy of the first seeded company under a new name and
 * slug, so leads naming it are the test's alone. Deleting it takes its company_leads, activity and reviews.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export async function createProCompany(
  db: Knex,
  name: string,
): Promise<{ id: number; name: string; slug: string }> {
  const { id: _id, ...template } = (await db('companies').orderBy('id').first()) as Record<
    string,
    unknown
  >;
  const slug = `test-${randomUUID().slice(0, 12)}`;
  await db('companies').insert({ ...template, name, slug, usdot_number: null });
  const row = (await db('companies').where({ slug }).first('id')) as { id: number };
  return { id: Number(row.id), name, slug };
}
