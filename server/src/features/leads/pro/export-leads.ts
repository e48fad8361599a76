/**
 * GET /api/pro/companies/:companyId/leads/export.csv: the company's filtered leads as a CSV download, newest
 * first. Streamed in pages read by id (keyset: page 40 costs what page 1 does) and written as the client
 * reads them; every cell goes through lib/csv, which neutralises formulas (= + - @ at the start of a cell).
 */
import type { Response } from 'express';
import type { Knex } from 'knex';
import { PRO_LEAD_EXPORT_COLUMNS, type ProLeadFilters } from '@moveratlas/contracts';
import { csvRow, responseWriter, UTF8_BOM } from '../../../lib/csv';
import { isoTime, isoTimeOrNull } from '../admin/lead-rows';
import { companyLeadsQuery } from './inbox-query';

const PAGE = 500;

export async function exportCompanyLeads(
  db: Knex,
  company: { id: number; slug: string },
  filters: ProLeadFilters,
  res: Response,
  now = new Date(),
): Promise<void> {
  res
    .status(200)
    .type('text/csv; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .set(
      'Content-Disposition',
      `attachment; filename="${company.slug}-leads-${now.toISOString().slice(0, 10)}.csv"`,
    );
  const out = responseWriter(res);
  await out.write(UTF8_BOM + csvRow(PRO_LEAD_EXPORT_COLUMNS));
  let before: number | undefined;
  while (!out.closed) {
    const query = companyLeadsQuery(db, company.id, filters, { joinLeads: true })
      .leftJoin({ lc: 'lead_consents' }, 'lc.lead_id', 'cl.lead_id')
      .orderBy('cl.id', 'desc')
      .limit(PAGE)
      .select(
        'l.*',
        'cl.id as cl_id',
        'cl.status as cl_status',
        'cl.note as cl_note',
        'cl.received_at',
        'lc.consented_at',
      );
    if (before !== undefined) query.where('cl.id', '<', before);
    const rows = (await query) as Array<Record<string, unknown>>;
    if (rows.length === 0) break;
    const lines = rows.map((r) => {
      const cells: Record<(typeof PRO_LEAD_EXPORT_COLUMNS)[number], unknown> = {
        lead_id: r.public_id,
        received_at: isoTime(r.received_at),
        status: r.cl_status,
        note: r.cl_note,
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
        consented_at: isoTimeOrNull(r.consented_at),
      };
      return csvRow(PRO_LEAD_EXPORT_COLUMNS.map((c) => cells[c]));
    });
    await out.write(lines.join(''));
    if (rows.length < PAGE) break;
    before = Number(rows.at(-1)!.cl_id);
  }
  res.end();
}
