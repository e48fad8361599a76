import type { Knex } from 'knex';

/**
 * What each SEO crawl found: one row per (rule, page) problem, marked new or persisting against the previous
 * finished crawl — plus one `resolved` row per problem of that crawl this one found gone, so a report lists
 * both sides of the difference without recomputing it. finding_key is sha1(rule + url): addresses can be
 * longer than an index allows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('seo_findings', (t) => {
    t.bigIncrements('id');
    t.integer('crawl_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('seo_crawls')
      .onDelete('CASCADE');
    t.string('rule', 48).notNullable();
    t.string('severity', 16).notNullable();
    // Path and query on the site.
    t.text('url').notNullable();
    t.string('message', 1000).notNullable();
    t.string('finding_key', 40).notNullable();
    // new | persisting | resolved.
    t.string('change_type', 16).notNullable();
    t.index(['crawl_id', 'change_type', 'severity'], 'seo_findings_crawl');
    t.index(['crawl_id', 'rule'], 'seo_findings_rule');
    t.index(['crawl_id', 'finding_key'], 'seo_findings_key');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('seo_findings');
}
