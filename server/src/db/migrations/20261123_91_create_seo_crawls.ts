import type { Knex } from 'knex';

/**
 * SEO crawls (features/seo-health): one row per crawl of the site with its score and counts, so the SEO
 * Health screen can show the trend. Times are epoch milliseconds, like the job tables.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('seo_crawls', (t) => {
    t.increments('id');
    // The script job that ran it; its page holds the crawl's log.
    t.bigInteger('job_id');
    // running → finished | failed.
    t.string('status', 16).notNullable();
    t.integer('score');
    t.integer('page_limit').notNullable();
    t.integer('pages_crawled').notNullable().defaultTo(0);
    t.integer('sitemap_urls').notNullable().defaultTo(0);
    t.boolean('truncated').notNullable().defaultTo(false);
    t.integer('errors').notNullable().defaultTo(0);
    t.integer('warnings').notNullable().defaultTo(0);
    t.integer('notices').notNullable().defaultTo(0);
    // Compared with the previous finished crawl.
    t.integer('new_findings').notNullable().defaultTo(0);
    t.integer('resolved_findings').notNullable().defaultTo(0);
    t.integer('avg_response_ms');
    t.bigInteger('started_at').notNullable();
    t.bigInteger('finished_at');
    t.integer('duration_ms');
    t.text('error');
    t.index(['status', 'id'], 'seo_crawls_status');
    t.index(['job_id'], 'seo_crawls_job');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('seo_crawls');
}
