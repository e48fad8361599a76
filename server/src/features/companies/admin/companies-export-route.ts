/**
 * GET /api/admin/companies/export.csv?…: the companies the list's filters match, in exactly the columns the
 * CSV import reads (the template's, in its order), so export → edit → import changes exactly what was
 * edited. Streamed a page of companies at a time in id order, waiting for the client; formula-looking cells
 * are neutralised by csvRow, reversibly: the import reads them back as stored (docs/decisions/029).
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import {
  AdminCompanyExportQuerySchema,
  COMPANY_CSV_COLUMNS,
  type CompanyInputField,
} from '@moveratlas/contracts';
import { csvRow, responseWriter, UTF8_BOM } from '../../../lib/csv';
import { TimeSlice } from '../../../lib/time-slice';
import { parseInput } from '../../../lib/validate';
import { parsePhotoUrls } from '../company-row';
import { applyFilters, matchingIds } from './company-list';
import { recordRequestAudit } from '../../audit';

/** Companies read per query. */
const PAGE = 500;

type Row = Record<string, unknown>;

/** A column's cell as the import reads it back to the same value. */
function cell(field: CompanyInputField, row: Row, services: string[]): string {
  const value = row[field];
  switch (field) {
    case 'photo_urls':
      return parsePhotoUrls((row.photo_urls as string | null) ?? null).join('|');
    case 'services':
      return services.join('|');
    case 'is_featured':
    case 'is_in_list':
      return Number(value) ? 'true' : 'false';
    case 'lat':
    case 'lng':
    case 'founded_year':
    case 'service_radius_miles':
      return value === null || value === undefined ? '' : String(Number(value));
    default:
      return value === null || value === undefined ? '' : String(value as string);
  }
}

export function companiesExportRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const query = parseInput(AdminCompanyExportQuerySchema, req.query, 'query');
    const q = query.q ?? '';
    const ids = q === '' ? null : matchingIds(db, q);
    const day = new Date().toISOString().slice(0, 10);
    // Recorded before the first byte: a download cut short was still a download.
    await recordRequestAudit(db, req, res, {
      action: 'companies.export',
      entityType: 'company',
      summary:
        q === ''
          ? 'Exported the companies as CSV'
          : `Exported the companies matching "${q}" as CSV`,
      after: { ...query },
    });
    res
      .type('text/csv; charset=utf-8')
      .attachment(`moveratlas-companies-${day}.csv`)
      .set('Cache-Control', 'no-store');
    const out = responseWriter(res);
    await out.write(UTF8_BOM + csvRow(COMPANY_CSV_COLUMNS));
    if (q !== '' && ids === null) {
      res.end();
      return;
    }
    const slice = new TimeSlice();
    for (let afterId = 0; !out.closed;) {
      const qb = ids
        ? db.from(ids.as('m')).join({ c: 'companies' }, 'c.id', 'm.id')
        : db({ c: 'companies' });
      applyFilters(db, qb, query);
      const rows = (await qb
        .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
        .join({ s: 'states' }, 's.id', 'c.state_id')
        .where('c.id', '>', afterId)
        .orderBy('c.id')
        .limit(PAGE)
        .select('c.*', 'ci.name as city', 's.abbreviation as state')) as Row[];
      if (rows.length === 0) break;
      const services = (await db({ cs: 'company_services' })
        .join({ sv: 'services' }, 'sv.id', 'cs.service_id')
        .whereIn(
          'cs.company_id',
          rows.map((r) => Number(r.id)),
        )
        .orderBy('sv.sort_order')
        .select('cs.company_id', 'sv.id')) as Array<{ company_id: number; id: string }>;
      const byCompany = new Map<number, string[]>();
      for (const s of services)
        byCompany.set(Number(s.company_id), [...(byCompany.get(Number(s.company_id)) ?? []), s.id]);
      let text = '';
      for (const row of rows) {
        const list = byCompany.get(Number(row.id)) ?? [];
        text += csvRow(COMPANY_CSV_COLUMNS.map((field) => cell(field, row, list)));
      }
      await out.write(text);
      afterId = Number(rows[rows.length - 1]!.id);
      await slice.pause();
    }
    res.end();
  };
}
