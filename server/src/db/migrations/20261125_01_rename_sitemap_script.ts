import type { Knex } from 'knex';

/**
 * The script "rebuild-sitemap" only ever checked the sitemaps (they are generated on each request, there is
 * nothing to rebuild): it is "check-sitemaps" now (issue 13). Its schedules and jobs follow the new id, so
 * a schedule saved under the old one keeps firing and its past runs stay on its Scripts page.
 */
const OLD = 'rebuild-sitemap';
const NEW = 'check-sitemaps';

async function rename(knex: Knex, from: string, to: string): Promise<void> {
  await knex('job_schedules').where({ script_id: from }).update({ script_id: to });
  await knex('jobs')
    .where({ type: `script.${from}` })
    .update({ type: `script.${to}` });
}

export async function up(knex: Knex): Promise<void> {
  await rename(knex, OLD, NEW);
}

export async function down(knex: Knex): Promise<void> {
  await rename(knex, NEW, OLD);
}
