import type { Knex } from 'knex';

/**
 * The visitor in control of a request (issue 18). lead_request_links: the private "my request" link e-mailed
 * with the confirmation — the SHA-256 of a 256-bit secret, never the secret, with its expiry.
 * lead_consent_withdrawals: "stop this mover contacting me", part of the consent record (when, from where);
 * company_leads.consent_withdrawn_at (issue 18's first migration) is the mark the delivery and the inbox read.
 * company_leads.opened_at: when someone at the company first opened the lead, which the visitor's page shows.
 * data_deletion_requests: a visitor's request to delete their data, which staff fulfil; the address is
 * masked once it is done, so the request outlives the data without keeping it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_leads', (t) => {
    t.bigInteger('opened_at');
  });

  await knex.schema.createTable('lead_request_links', (t) => {
    t.increments('id');
    t.integer('lead_id').unsigned().notNullable().references('leads.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['lead_id']);
  });

  await knex.schema.createTable('lead_consent_withdrawals', (t) => {
    t.increments('id');
    t.integer('lead_id').unsigned().notNullable().references('leads.id').onDelete('CASCADE');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.bigInteger('withdrawn_at').notNullable();
    t.string('ip_address', 64).notNullable();
    t.string('user_agent', 500).notNullable();
    t.unique(['lead_id', 'company_id']);
  });

  await knex.schema.createTable('data_deletion_requests', (t) => {
    t.increments('id');
    // Null once the lead is deleted (the request stays, as the record of what was done).
    t.integer('lead_id').unsigned().references('leads.id').onDelete('SET NULL');
    // The visitor's address while open; masked (a•••@example.com) once fulfilled.
    t.string('email', 254).notNullable();
    // open | done
    t.string('status', 16).notNullable().defaultTo('open');
    t.bigInteger('requested_at').notNullable();
    t.string('ip_address', 64).notNullable();
    t.bigInteger('handled_at');
    t.string('handled_by', 64);
    // What the deletion removed: requests and stored e-mails.
    t.integer('leads_deleted');
    t.integer('mails_deleted');
    t.index(['status', 'id']);
    t.unique(['lead_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('data_deletion_requests');
  await knex.schema.dropTable('lead_consent_withdrawals');
  await knex.schema.dropTable('lead_request_links');
  await knex.schema.alterTable('company_leads', (t) => {
    t.dropColumn('opened_at');
  });
}
