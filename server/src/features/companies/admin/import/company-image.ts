/**
 * A company as an import sees it: the columns an import writes, plus its services and its place's names.
 * The dry run compares a row's write against it (which fields change, from what to what); an applied import
 * keeps it before and after each change, so undo can put the row back and can tell whether it was changed
 * again since (docs/decisions/029).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { COMPANY_CSV_COLUMNS, type ImportFieldChange } from '@moveratlas/contracts';
import {
  companyColumns,
  type CompanyWrite,
  type ExistingCompany,
  type PlaceResolver,
} from '../company-store';

/** The companies columns an import (or the form) writes; rating, review count and rank belong to reviews. */
export const WRITTEN_COLUMNS = [
  'slug',
  'name',
  'description',
  'website',
  'phone',
  'email',
  'logo',
  'photo_urls',
  'street',
  'zip_code',
  'city_id',
  'state_id',
  'lat',
  'lng',
  'usdot_number',
  'mc_number',
  'founded_year',
  'service_area',
  'service_radius_miles',
  'is_featured',
  'is_in_list',
] as const;
type WrittenColumn = (typeof WRITTEN_COLUMNS)[number];

type Value = string | number | boolean | null;

export interface CompanyImage {
  id: number;
  columns: Record<WrittenColumn, Value>;
  /** Service ids, sorted. */
  services: string[];
  city: string;
  state: string;
}

const NUMBERS = new Set<string>([
  'city_id',
  'state_id',
  'lat',
  'lng',
  'founded_year',
  'service_radius_miles',
]);
const FLAGS = new Set<string>(['is_featured', 'is_in_list']);

/** One engine's value as the other would read it: numbers as numbers (MariaDB), flags as booleans. */
function normalise(column: string, value: unknown): Value {
  if (value === null || value === undefined) return null;
  if (FLAGS.has(column)) return Boolean(Number(value));
  if (NUMBERS.has(column)) return Number(value);
  if (column === 'photo_urls') {
    // '[]' and a NULL column both mean no photos.
    const text = String(value);
    return text === '' ? '[]' : text;
  }
  return String(value as string);
}

/** The images of the given companies (missing ids are absent from the map), in `db` or a transaction. */
export async function companyImages(
  db: Knex | Knex.Transaction,
  ids: readonly number[],
): Promise<Map<number, CompanyImage>> {
  const images = new Map<number, CompanyImage>();
  if (ids.length === 0) return images;
  const unique = [...new Set(ids)];
  const [rows, services] = await Promise.all([
    db({ c: 'companies' })
      .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
      .join({ s: 'states' }, 's.id', 'c.state_id')
      .whereIn('c.id', unique)
      .select(
        'c.id',
        ...WRITTEN_COLUMNS.map((c) => `c.${c}`),
        'ci.name as city_name',
        's.abbreviation as state_abbreviation',
      ) as Promise<Array<Record<string, unknown>>>,
    db('company_services')
      .whereIn('company_id', unique)
      .select('company_id', 'service_id') as Promise<
      Array<{ company_id: number; service_id: string }>
    >,
  ]);
  const byCompany = new Map<number, string[]>();
  for (const s of services) {
    const id = Number(s.company_id);
    byCompany.set(id, [...(byCompany.get(id) ?? []), s.service_id]);
  }
  for (const row of rows) {
    const id = Number(row.id);
    const columns = {} as Record<WrittenColumn, Value>;
    for (const column of WRITTEN_COLUMNS) columns[column] = normalise(column, row[column]);
    images.set(id, {
      id,
      columns,
      services: (byCompany.get(id) ?? []).sort(),
      city: String(row.city_name),
      state: String(row.state_abbreviation),
    });
  }
  return images;
}

/**
 * A fingerprint of an image's company data (not its id, city or state names): what undo compares with the
 * image the import left, to tell whether the company was changed again since.
 */
export function imageHash(image: CompanyImage): string {
  return createHash('sha1')
    .update(JSON.stringify([WRITTEN_COLUMNS.map((c) => image.columns[c]), image.services]))
    .digest('hex');
}

/** An image as stored in company_import_undo. */
export const imageJson = (image: CompanyImage): string => JSON.stringify(image);

export function parseImage(text: string | null): CompanyImage | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as CompanyImage;
  } catch {
    return null;
  }
}

/** How the diff shows a column's value: as the template's column would hold it; null for empty. */
function shown(column: string, value: Value): string | null {
  if (value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (column === 'photo_urls') {
    try {
      const list = JSON.parse(String(value)) as string[];
      return list.length === 0 ? null : list.join(' | ');
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/**
 * The fields a row's write would change on an existing company, from what to what, in the template's
 * column order. Computed from the very columns the write sets (companyColumns), so the diff is what the
 * import does: a blank lat next to a new ZIP code shows the coordinates the ZIP code gives.
 */
export function fieldChanges(
  write: CompanyWrite,
  places: PlaceResolver,
  existing: ExistingCompany,
  image: CompanyImage,
): ImportFieldChange[] {
  const written = companyColumns(write, places, existing, '');
  const changes: ImportFieldChange[] = [];
  for (const column of WRITTEN_COLUMNS) {
    if (!(column in written)) continue;
    const to = normalise(column, written[column]);
    const from = image.columns[column];
    if (to === from) continue;
    if (column === 'state_id') {
      changes.push({ field: 'state', from: image.state, to: write.input.state });
    } else if (column === 'city_id') {
      changes.push({ field: 'city', from: image.city, to: write.input.city });
    } else {
      changes.push({ field: column, from: shown(column, from), to: shown(column, to) });
    }
  }
  if (write.input.services !== undefined) {
    const to = [...write.input.services].sort();
    if (to.join('|') !== image.services.join('|'))
      changes.push({
        field: 'services',
        from: image.services.length === 0 ? null : image.services.join(' | '),
        to: to.length === 0 ? null : to.join(' | '),
      });
  }
  // The template's order, as the file has them.
  const order = (field: string) => (COMPANY_CSV_COLUMNS as readonly string[]).indexOf(field);
  return changes.sort((a, b) => order(a.field) - order(b.field));
}

/** The companies columns (and services) that put an image back. */
export function imageColumns(image: CompanyImage): Record<string, Value> {
  return { ...image.columns };
}
