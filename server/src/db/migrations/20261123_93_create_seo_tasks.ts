import type { Knex } from 'knex';

/**
 * SEO tasks: one per (rule, page) problem any crawl has found, with the status an admin works it through —
 * open, in_progress, fixed, ignored. A crawl that finds a fixed task's problem again reopens it; a crawl that
 * checks the page and no longer finds an open task's problem marks it fixed. task_key is sha1(rule + url)
 * and url_hash sha1(url), since addresses can be longer than an index allows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('seo_tasks', (t) => {
    t.increments('id');
    t.string('task_key', 40).notNullable().unique();
    t.string('url_hash', 40).notNullable();
    t.string('rule', 48).notNullable();
    t.string('severity', 16).notNullable();
    t.text('url').notNullable();
    t.string('message', 1000).notNullable();
    t.string('status', 16).notNullable();
    t.integer('first_seen_crawl_id').notNullable();
    t.integer('last_seen_crawl_id').notNullable();
    t.integer('fixed_crawl_id');
    t.integer('reopened_count').notNullable().defaultTo(0);
    t.string('status_changed_by', 100);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['status', 'severity'], 'seo_tasks_status');
    t.index(['url_hash'], 'seo_tasks_url');
    t.index(['rule', 'status'], 'seo_tasks_rule');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('seo_tasks');
}
