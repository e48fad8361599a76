import type { Knex } from 'knex';
import { loadGeography } from '../seeds/geography';

/**
 * Issue 15: P.O.-box and unique ZIPs (an organisation's, like "Wa State Lottery") were cities of their own
 * and came first in suggestions, and cities were ranked by how many ZIPs they have. ZIPs now say what kind
 * they are and cities how many people live in them (docs/decisions/023-a-seed-that-reads-like-a-market.md).
 *
 * A database seeded before this keeps its rows: the ZIPs it shares with the current data get their kind and
 * its cities the residents of their residential ZIPs, so suggestions and city pages improve at once. A
 * fresh database has nothing to fill (the seed writes both).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('zip_codes', (t) => {
    t.string('kind', 8).notNullable().defaultTo('standard');
  });
  await knex.schema.alterTable('cities', (t) => {
    t.integer('population').unsigned().notNullable().defaultTo(0);
  });
  const existing = (await knex('zip_codes').first('zip')) as { zip: string } | undefined;
  if (existing) await fillExisting(knex);
}

async function fillExisting(knex: Knex): Promise<void> {
  const geo = loadGeography();
  for (const kind of ['po_box', 'unique'] as const) {
    const zips = geo.zips.filter((z) => z.kind === kind).map((z) => z.zip);
    for (let i = 0; i < zips.length; i += 1000) {
      await knex('zip_codes')
        .whereIn('zip', zips.slice(i, i + 1000))
        .update({ kind });
    }
  }
  const residents = new Map<string, number>();
  for (const zips of geo.zipsByCity.values())
    for (const z of zips) residents.set(z.zip, z.population);
  const rows = (await knex('zip_codes').select('zip', 'city_id')) as Array<{
    zip: string;
    city_id: number;
  }>;
  const byCity = new Map<number, number>();
  for (const row of rows) {
    const n = residents.get(row.zip);
    if (n !== undefined) byCity.set(row.city_id, (byCity.get(row.city_id) ?? 0) + n);
  }
  // One UPDATE per population value would be thousands; a CASE per 500 cities is a few dozen statements.
  const entries = [...byCity].filter(([, n]) => n > 0);
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500);
    await knex('cities')
      .whereIn(
        'id',
        chunk.map(([id]) => id),
      )
      .update({
        population: knex.raw(
          `CASE id ${chunk.map(() => 'WHEN ? THEN ?').join(' ')} END`,
          chunk.flat(),
        ),
      });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cities', (t) => {
    t.dropColumn('population');
  });
  await knex.schema.alterTable('zip_codes', (t) => {
    t.dropColumn('kind');
  });
}
