/**
 * GET /api/admin/leads/export.csv: the filtered list as a CSV download, newest first. Streamed in pages read
 * by id (keyset, so page 200 costs what page 1 does) and written as the client reads them: any number of
 * leads in constant memory, and a client that goes away stops the reading.
 */
import type { Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { LEAD_EXPORT_COLUMNS, type AdminLeadExportQuery } from '@moveratlas/contracts';
import { applyLeadFilters } from './lead-filters';
import { deliveryState, forwardJobs, isoTime, isoTimeOrNull } from './lead-rows';
import { csvRow, responseWriter, UTF8_BOM } from '../../../lib/csv';

const PAGE = 500;

const CompanyNames = z.array(z.object({ name: z.string() }));

function companyNames(text: unknown): string {
  try {
    const parsed = CompanyNames.safeParse(JSON.parse(String(text)));
    return parsed.success ? parsed.data.map((c) => c.name).join('; ') : '';
  } catch {
    return '';
  }
}

export async function exportLeads(
  db: Knex,
  filters: AdminLeadExportQuery,
  res: Response,
  now = new Date(),
): Promise<void> {
  res
    .status(200)
    .type('text/csv; charset=utf-8')
    .set(
      'Content-Disposition',
      `attachment; filename="leads-${now.toISOString().slice(0, 10)}.csv"`,
    );
  const out = responseWriter(res);
  await out.write(UTF8_BOM + csvRow(LEAD_EXPORT_COLUMNS));
  let before: number | undefined;
  while (!out.closed) {
    const query = applyLeadFilters(
      db,
      db('leads').leftJoin('lead_consents', 'lead_consents.lead_id', 'leads.id'),
      filters,
    )
      .orderBy('leads.id', 'desc')
      .limit(PAGE)
      .select('leads.*', 'lead_consents.consent_version', 'lead_consents.consented_at');
    if (before !== undefined) query.where('leads.id', '<', before);
    const rows = (await query) as Array<Record<string, unknown>>;
    if (rows.length === 0) break;
    const jobs = await forwardJobs(
      db,
      rows.map((r) => Number(r.id)),
    );
    const lines = rows.map((r) => {
      const cells: Record<(typeof LEAD_EXPORT_COLUMNS)[number], unknown> = {
        public_id: r.public_id,
        created_at: isoTime(r.created_at),
        status: r.status,
        delivery: deliveryState(r.delivery_status, jobs.get(Number(r.id))),
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email,
        phone: r.phone,
        from_zip: r.from_zip,
        from_city: r.from_city,
        from_state: r.from_state,
        from_location: r.from_location,
        to_zip: r.to_zip,
        to_city: r.to_city,
        to_state: r.to_state,
        to_location: r.to_location,
        move_date: r.move_date,
        move_size: r.move_size,
        number_of_rooms: r.number_of_rooms,
        needs_auto_transport: r.needs_auto_transport ? 'yes' : 'no',
        selected_companies: companyNames(r.selected_companies),
        site_id: r.site_id,
        origin: r.origin,
        consent_version: r.consent_version,
        consented_at: isoTimeOrNull(r.consented_at),
      };
      return csvRow(LEAD_EXPORT_COLUMNS.map((c) => cells[c]));
    });
    await out.write(lines.join(''));
    if (rows.length < PAGE) break;
    before = Number(rows.at(-1)!.id);
  }
  res.end();
}
