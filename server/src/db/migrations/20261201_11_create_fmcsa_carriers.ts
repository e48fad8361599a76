import type { Knex } from 'knex';

/**
 * Carriers of FMCSA's motor carrier census (issue 20), one row per USDOT number as published, with the file
 * and date it comes from. The names' lookup keys (lower case, no punctuation) serve "Check a mover" and the
 * name checks; phy_state with authorized_for_hire serves the for-hire carriers of a state. fact_hash is a
 * digest of the row's values: a re-import of the same file finds every row equal and writes nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fmcsa_carriers', (t) => {
    t.integer('dot_number').unsigned().primary();
    t.string('legal_name', 200).notNullable();
    t.string('dba_name', 200);
    // A interstate, B intrastate hazmat, C intrastate non-hazmat.
    t.string('carrier_operation', 1);
    t.boolean('hm_flag');
    t.boolean('pc_flag');
    for (const prefix of ['phy', 'mailing']) {
      t.string(`${prefix}_street`, 200);
      t.string(`${prefix}_city`, 100);
      t.string(`${prefix}_state`, 4);
      t.string(`${prefix}_zip`, 12);
      t.string(`${prefix}_country`, 4);
    }
    t.string('telephone', 30);
    t.string('fax', 30);
    t.string('email_address', 200);
    // Dates as YYYY-MM-DD.
    t.string('mcs150_date', 10);
    t.bigInteger('mcs150_mileage');
    t.integer('mcs150_mileage_year');
    t.string('add_date', 10);
    t.string('oic_state', 4);
    t.integer('power_units');
    t.integer('drivers');
    t.bigInteger('recent_mileage');
    t.integer('recent_mileage_year');
    t.integer('vmt_source_id');
    for (const flag of [
      'private_only',
      'authorized_for_hire',
      'exempt_for_hire',
      'private_property',
      'private_passenger_business',
      'private_passenger_nonbusiness',
      'migrant',
      'us_mail',
      'federal_government',
      'state_government',
      'local_government',
      'indian_tribe',
      'op_other',
    ])
      t.boolean(flag);
    t.string('legal_name_key', 200).notNullable();
    t.string('dba_name_key', 200);
    t.string('fact_hash', 22).notNullable();
    t.integer('source_import_id').unsigned().notNullable();
    t.string('source_file', 200).notNullable();
    t.string('source_date', 10).notNullable();
    // The newest file that lists this row as it is (source_*: the file that last changed it).
    t.string('last_seen_date', 10).notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['legal_name_key'], 'fmcsa_carriers_legal_name');
    t.index(['dba_name_key'], 'fmcsa_carriers_dba_name');
    t.index(['phy_state', 'authorized_for_hire'], 'fmcsa_carriers_state_for_hire');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('fmcsa_carriers');
}
