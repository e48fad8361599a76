import type { Knex } from 'knex';

/**
 * Claiming a listing (issue 17).
 *
 * claim_codes: one-time codes e-mailed to the address on the listing. Only the code's SHA-256 is kept (with
 * the company id, so a hash means nothing elsewhere); a code is used once, void after its wrong tries, and
 * expires 30 minutes after it was made. The rows also count the codes asked for, per listing and per
 * address, for the throttle. Times are epoch milliseconds.
 *
 * company_claims: claims with evidence for staff to decide, with the uploaded document in the row (a
 * MEDIUMBLOB on MariaDB, up to 16 MiB; 5 MB are accepted): the database is the one store every server
 * process shares, and no file is ever served from a path.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('claim_codes', (t) => {
    t.increments('id');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable();
    // The listing's address the code went to, and who asked (their name and the address of their account).
    t.string('sent_to', 255).notNullable();
    t.string('claimant_name', 100).notNullable();
    t.string('claimant_email', 254).notNullable();
    t.string('ip_address', 64);
    t.integer('wrong_tries').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at');
    // Voided: too many wrong tries, or replaced by a newer code.
    t.bigInteger('voided_at');
    t.index(['company_id', 'created_at'], 'claim_codes_company');
    t.index(['ip_address', 'created_at'], 'claim_codes_ip');
    t.index(['claimant_email', 'created_at'], 'claim_codes_claimant');
  });
  await knex.schema.createTable('company_claims', (t) => {
    t.increments('id');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    // pending → approved | declined
    t.string('status', 16).notNullable();
    t.string('name', 100).notNullable();
    t.string('email', 254).notNullable();
    t.string('phone', 20).notNullable();
    t.string('role', 16).notNullable();
    t.string('usdot_number', 12).notNullable();
    t.text('message').notNullable();
    t.string('document_name', 200).notNullable();
    t.string('document_type', 40).notNullable();
    t.integer('document_bytes').notNullable();
    t.specificType('document', 'mediumblob').notNullable();
    t.string('ip_address', 64);
    t.string('user_agent', 300);
    t.bigInteger('created_at').notNullable();
    t.string('decided_by', 64);
    t.bigInteger('decided_at');
    t.text('decline_reason');
    t.integer('mover_user_id').unsigned();
    t.index(['status', 'created_at'], 'company_claims_status');
    t.index(['company_id', 'status'], 'company_claims_company');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_claims');
  await knex.schema.dropTable('claim_codes');
}
