import type { Knex } from 'knex';

/**
 * Revocations of operating authority from FMCSA's L&I files (issue 20). A docket is revoked more than once
 * (its common and broker authority, again after a reinstatement), so a row is keyed by all it says:
 * revocation_key joins docket, authority type, serve date, revocation type, effective date and USDOT number.
 * dot_number is null where FMCSA wrote 00000000 (unknown). Each row keeps the file and date it comes from.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fmcsa_revocations', (t) => {
    t.increments('id');
    t.string('revocation_key', 190).notNullable().unique('fmcsa_revocations_key');
    // MC12345: prefix and number without leading zeros.
    t.string('docket', 12).notNullable();
    t.integer('dot_number').unsigned();
    t.string('authority_type', 40).notNullable();
    t.string('serve_date', 10).notNullable();
    t.string('revocation_type', 60).notNullable();
    t.string('effective_date', 10);
    t.string('fact_hash', 22).notNullable();
    t.integer('source_import_id').unsigned().notNullable();
    t.string('source_file', 200).notNullable();
    t.string('source_date', 10).notNullable();
    // The newest file that lists this row as it is (source_*: the file that last changed it).
    t.string('last_seen_date', 10).notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['docket'], 'fmcsa_revocations_docket');
    t.index(['dot_number'], 'fmcsa_revocations_dot');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('fmcsa_revocations');
}
