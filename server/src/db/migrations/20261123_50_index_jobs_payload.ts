import type { Knex } from 'knex';
import { dialectOf } from '../dialect';

/**
 * Finds a lead's forwarding job by its payload ({"leadId":N}): the admin lead screens show its attempts,
 * retry it and filter by it. Without this index each lookup reads every job of the type.
 */
export async function up(knex: Knex): Promise<void> {
  await dialectOf(knex).createPrefixIndex('jobs', 'jobs_type_payload', [
    'type',
    { column: 'payload', prefix: 64 },
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => t.dropIndex([], 'jobs_type_payload'));
}
