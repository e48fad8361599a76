import type { Knex } from 'knex';

/**
 * Delivering each lead to the movers the visitor chose (issue 18). The dashboard inbox has it at once
 * (company_leads); e-mail and the mover's signed webhook are delivered by the job queue, one lead_deliveries
 * row per lead, company and channel — the unique key is what makes "one delivery per mover per channel" hold
 * whatever the workers do. company_webhooks keeps a mover's webhook and its signing secret (the previous one
 * signs too for a day after a rotation); webhook_attempts is the delivery log a mover reads: each attempt's
 * status code and duration, never the receiver's body. company_leads.consent_withdrawn_at records a visitor's
 * "stop this mover contacting me"; the delivery job reads it (with the consent) before every attempt.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_webhooks', (t) => {
    t.increments('id');
    t.integer('company_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('companies.id')
      .onDelete('CASCADE');
    t.string('url', 2000).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.string('secret', 100).notNullable();
    t.string('previous_secret', 100);
    // Epoch ms until which the previous secret signs as well.
    t.bigInteger('previous_secret_until');
    t.integer('updated_by_user_id').unsigned().references('mover_users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('lead_deliveries', (t) => {
    t.increments('id');
    t.integer('lead_id').unsigned().notNullable().references('leads.id').onDelete('CASCADE');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    // email | webhook
    t.string('channel', 16).notNullable();
    // queued | retrying | delivered | failed | cancelled | skipped
    t.string('status', 16).notNullable().defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    // <lead public id>-<company id>: the same on every attempt, so a receiver can tell a retry.
    t.string('idempotency_key', 80).notNullable();
    // The job delivering it now (a redelivery queues a new one).
    t.integer('job_id').unsigned();
    // Plain words: where it went, or why it did not.
    t.string('detail', 300);
    t.integer('last_status_code');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('delivered_at');
    t.unique(['lead_id', 'company_id', 'channel']);
    // The mover's delivery log, newest first, by channel and status.
    t.index(['company_id', 'id'], 'lead_deliveries_company');
    t.index(['company_id', 'channel', 'status', 'id'], 'lead_deliveries_company_status');
  });

  await knex.schema.createTable('webhook_attempts', (t) => {
    t.increments('id');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    // null for a test event.
    t.integer('delivery_id').unsigned().references('lead_deliveries.id').onDelete('CASCADE');
    // lead.created | test
    t.string('event_type', 32).notNullable();
    t.integer('attempt').notNullable();
    t.bigInteger('started_at').notNullable();
    t.integer('duration_ms').notNullable();
    t.integer('status_code');
    // delivered | rejected | timeout | unreachable | refused
    t.string('outcome', 16).notNullable();
    t.string('error', 300);
    t.index(['company_id', 'id'], 'webhook_attempts_company');
    t.index(['delivery_id', 'id'], 'webhook_attempts_delivery');
  });

  await knex.schema.alterTable('company_leads', (t) => {
    t.bigInteger('consent_withdrawn_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_leads', (t) => {
    t.dropColumn('consent_withdrawn_at');
  });
  await knex.schema.dropTable('webhook_attempts');
  await knex.schema.dropTable('lead_deliveries');
  await knex.schema.dropTable('company_webhooks');
}
