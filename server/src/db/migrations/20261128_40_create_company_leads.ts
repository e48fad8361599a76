import type { Knex } from 'knex';

/**
 * The leads each company was named in (issue 17): until now a lead named its movers only inside
 * `lead_consents.named_companies` (JSON text), which no index can read. One row per lead and named company,
 * written by the intake in the lead's own transaction, is what a mover's inbox lists and filters, where the
 * mover keeps its own status and note (new, contacted, quoted, booked, lost — the staff's lead status is
 * another thing), and where the delivery of leads to movers by e-mail and webhook (the next issue) hangs.
 * The lead's received time, move day and size are copied here (they never change) so the inbox's filters
 * and sorts run on this table's indexes alone. Existing leads are filled in from their consents, in batches.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_leads', (t) => {
    t.increments('id');
    t.integer('lead_id').unsigned().notNullable().references('leads.id').onDelete('CASCADE');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    // new | contacted | quoted | booked | lost: the mover's own progress with this lead.
    t.string('status', 16).notNullable().defaultTo('new');
    t.string('note', 500);
    // Epoch ms of the last status change and the mover user who made it (null: none yet).
    t.bigInteger('status_changed_at');
    t.integer('status_changed_by_user_id')
      .unsigned()
      .references('mover_users.id')
      .onDelete('SET NULL');
    // Copies of the lead's created_at, move day (YYYY-MM-DD, null when unreadable) and move size.
    t.timestamp('received_at').notNullable();
    t.string('move_on', 10);
    t.string('move_size', 40);
    // The lead's names, e-mail address and cities in lower case: what the inbox's search box reads, on this
    // table's own index instead of a join to every lead of the company.
    t.string('search_text', 600).notNullable().defaultTo('');
    t.bigInteger('created_at').notNullable();
    t.unique(['lead_id', 'company_id']);
    // The inbox: newest first (and the overview's counts per period), by status (with or without a size), by
    // size, by move day, and the search box's scan of one company's rows.
    t.index(['company_id', 'received_at', 'id'], 'company_leads_received');
    t.index(['company_id', 'status', 'move_size', 'received_at', 'id'], 'company_leads_status');
    t.index(['company_id', 'move_size', 'received_at', 'id'], 'company_leads_move_size');
    t.index(['company_id', 'move_on', 'id'], 'company_leads_move_on');
    // The search: a company's texts with what the inbox sorts by, so the matches of a rare word are found
    // (and sorted) inside this index, without visiting every row.
    t.index(['company_id', 'search_text', 'received_at', 'move_on'], 'company_leads_search');
  });

  // Every status change a mover makes, with its note: the detail page's history.
  await knex.schema.createTable('company_lead_events', (t) => {
    t.increments('id');
    t.integer('company_lead_id')
      .unsigned()
      .notNullable()
      .references('company_leads.id')
      .onDelete('CASCADE');
    t.string('from_status', 16).notNullable();
    t.string('to_status', 16).notNullable();
    t.string('note', 500);
    t.integer('changed_by_user_id').unsigned().references('mover_users.id').onDelete('SET NULL');
    t.bigInteger('changed_at').notNullable();
    t.index(['company_lead_id', 'id']);
  });

  await backfillCompanyLeads(knex);
}

const BATCH = 1000;

/** MM/DD/YYYY (the backend's format) as YYYY-MM-DD; null when it is not a date. */
function moveOn(value: unknown): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(String(value ?? ''));
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

/** The words the inbox's search box matches, in lower case (as features/leads/company-leads.ts writes them). */
function searchText(row: Record<string, unknown>): string {
  return [row.first_name, row.last_name, row.email, row.from_city, row.to_city]
    .map((v) => (v === null || v === undefined ? '' : String(v).trim()))
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    .slice(0, 600);
}

/** The positive whole-number company ids a consent names (JSON [{id, name}]); anything unreadable names none. */
function namedIds(text: unknown): number[] {
  try {
    const parsed: unknown = JSON.parse(String(text));
    if (!Array.isArray(parsed)) return [];
    const ids = parsed
      .map((c: unknown) =>
        c && typeof c === 'object' && 'id' in c ? Number((c as { id: unknown }).id) : NaN,
      )
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    return [...new Set(ids)];
  } catch {
    return [];
  }
}

/** One company_leads row per existing consent and named company that is still in the directory. */
export async function backfillCompanyLeads(knex: Knex): Promise<void> {
  const now = Date.now();
  let after = 0;
  for (;;) {
    const rows = (await knex('lead_consents')
      .join('leads', 'leads.id', 'lead_consents.lead_id')
      .where('lead_consents.id', '>', after)
      .orderBy('lead_consents.id')
      .limit(BATCH)
      .select(
        'lead_consents.id as consent_id',
        'leads.id as lead_id',
        'lead_consents.named_companies',
        'leads.created_at',
        'leads.move_date',
        'leads.move_size',
        'leads.first_name',
        'leads.last_name',
        'leads.email',
        'leads.from_city',
        'leads.to_city',
      )) as Array<Record<string, unknown>>;
    if (rows.length === 0) break;
    after = Number(rows.at(-1)!.consent_id);
    const named = rows.map((r) => ({ row: r, ids: namedIds(r.named_companies) }));
    const wanted = [...new Set(named.flatMap((n) => n.ids))];
    const existing = new Set<number>();
    for (let i = 0; i < wanted.length; i += BATCH) {
      const found = (await knex('companies')
        .whereIn('id', wanted.slice(i, i + BATCH))
        .select('id')) as Array<{ id: number }>;
      for (const { id } of found) existing.add(Number(id));
    }
    const inserts = named.flatMap(({ row, ids }) =>
      ids
        .filter((id) => existing.has(id))
        .map((companyId) => ({
          lead_id: Number(row.lead_id),
          company_id: companyId,
          status: 'new',
          received_at: row.created_at,
          move_on: moveOn(row.move_date),
          move_size: row.move_size ?? null,
          search_text: searchText(row),
          created_at: now,
        })),
    );
    for (let i = 0; i < inserts.length; i += 200)
      await knex('company_leads')
        .insert(inserts.slice(i, i + 200))
        .onConflict(['lead_id', 'company_id'])
        .ignore();
    if (rows.length < BATCH) break;
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_lead_events');
  await knex.schema.dropTable('company_leads');
}
