import type { Knex } from 'knex';

/**
 * Issue 16: until now the companies schema stored free text that starts like a spreadsheet formula with a
 * leading apostrophe, so the directory showed "'@Home Moving & Storage" and sorted it first. Text is stored
 * as typed now and neutralised only in CSV downloads; this removes the apostrophe the app added, on the
 * columns it added it to, and only where what follows is a formula's first character — exactly the text the
 * app changed, so a name such as "'Round the Bend Movers" keeps its apostrophe (docs/decisions/026).
 */
const COLUMNS = ['name', 'description', 'street', 'service_area'] as const;

/** The apostrophe, then = + - @ TAB or CR: what `neutraliseFormula` made of a formula-looking value. */
const ADDED_APOSTROPHE = /^'[=+\-@\t\r]/;

const BATCH = 500;

/** Idempotent: a second run finds nothing to change (the test runs it again). */
export async function removeAddedApostrophes(knex: Knex): Promise<void> {
  for (const column of COLUMNS) {
    // LIKE finds the candidates on both engines; the exact test is done here, in one place, rather than in
    // SQL, where MariaDB's collations would treat TAB and CR as ignorable and compare them loosely.
    for (let afterId = 0; ;) {
      const rows = (await knex('companies')
        .where('id', '>', afterId)
        .andWhere(column, 'like', "'%")
        .orderBy('id')
        .limit(BATCH)
        .select('id', column)) as Array<Record<string, string | number | null>>;
      if (rows.length === 0) break;
      for (const row of rows) {
        const value = row[column];
        if (typeof value === 'string' && ADDED_APOSTROPHE.test(value))
          await knex('companies')
            .where('id', row.id)
            .update({ [column]: value.slice(1) });
      }
      afterId = Number(rows[rows.length - 1]!.id);
    }
  }
}

export async function up(knex: Knex): Promise<void> {
  await removeAddedApostrophes(knex);
}

/** Nothing to undo: putting the apostrophes back would only show them on the site again. */
export async function down(): Promise<void> {}
