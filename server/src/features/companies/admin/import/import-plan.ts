/**
 * What an import does with each row, decided a batch at a time and the same way for the dry run and the
 * import itself: rejected (wrong number of fields, a value the companies schema refuses, an unknown city, a
 * key used twice in the file or held by another company), an update of the company it matches — by slug,
 * else by USDOT number — or a new company.
 */
import type { Knex } from 'knex';
import {
  COMPANY_CSV_COLUMNS,
  COMPANY_CSV_REQUIRED_COLUMNS,
  CompanyInputSchema,
  IMPORT_SAMPLE_SIZE,
  looksLikeFormula,
  restoreNeutralised,
  type CompanyInput,
  type CompanyInputField,
  type ImportFieldChange,
} from '@moveratlas/contracts';
import { PlaceResolver, type ExistingCompany, type Place } from '../company-store';
import { FileRefusedError, type CsvRecord } from './csv-reader';
import { companyImages, fieldChanges } from './company-image';
import { TimeSlice } from '../../../../lib/time-slice';

export interface HeaderPlan {
  /** The header's cells as written (for the report). */
  columns: string[];
  /** The field each column fills, or null for a column the import ignores. */
  fieldAt: Array<CompanyInputField | null>;
  ignored: string[];
}

const FIELDS = new Set<string>(COMPANY_CSV_COLUMNS);

/** Whether the import reads a column of this name. */
export const isOurColumn = (cell: string) => FIELDS.has(columnKey(cell));

/** "USDOT Number", "usdot-number" and "usdotNumber" all name usdot_number. */
export function columnKey(cell: string): string {
  return cell
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Maps the header to fields; refuses a file without the required columns or with a column twice. */
export function analyseHeader(cells: string[]): HeaderPlan {
  const fieldAt: Array<CompanyInputField | null> = [];
  const ignored: string[] = [];
  const position = new Map<string, number>();
  cells.forEach((cell, i) => {
    const key = columnKey(cell);
    if (!FIELDS.has(key)) {
      fieldAt.push(null);
      ignored.push(cell.trim() === '' ? `(blank, column ${i + 1})` : cell.trim());
      return;
    }
    const before = position.get(key);
    if (before !== undefined)
      throw new FileRefusedError(
        `The column "${key}" appears twice in the header (columns ${before + 1} and ${i + 1}).`,
      );
    position.set(key, i);
    fieldAt.push(key as CompanyInputField);
  });
  const missing = COMPANY_CSV_REQUIRED_COLUMNS.filter((c) => !position.has(c));
  if (missing.length > 0)
    throw new FileRefusedError(
      `The header has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}: the first line must name the columns (download the template for their names).`,
    );
  return { columns: cells.map((c) => c.trim()), fieldAt, ignored };
}

export interface Rejection {
  line: number;
  column: string | null;
  reason: string;
  cells: string[];
}

export type Decision =
  | { kind: 'create'; line: number; input: CompanyInput; place: Place }
  | {
      kind: 'update';
      line: number;
      input: CompanyInput;
      place: Place;
      existing: ExistingCompany;
      /** The fields it changes, from what to what (never empty: a row changing nothing is 'unchanged'). */
      changes: ImportFieldChange[];
      /** The company's name and place before the row (for the diff). */
      before: { name: string; place: string };
    }
  | { kind: 'unchanged'; line: number; existing: ExistingCompany }
  | ({ kind: 'reject' } & Rejection);

/** Free-text columns whose formula-looking values the dry run points out (stored as typed; exports neutralise). */
const TEXT_FIELDS: readonly CompanyInputField[] = ['name', 'description', 'street', 'service_area'];

interface ExistingRow extends ExistingCompany {
  name: string;
}

export class ImportPlanner {
  readonly places: PlaceResolver;
  private readonly slugLines = new Map<string, number>();
  private readonly usdotLines = new Map<string, number>();
  private readonly companyLines = new Map<number, number>();
  neutralised = 0;
  readonly neutralisedCells: Array<{ line: number; column: string }> = [];

  constructor(
    private readonly db: Knex | Knex.Transaction,
    readonly header: HeaderPlan,
  ) {
    this.places = new PlaceResolver(db);
  }

  /** The row as the schema's input: each known column's cell, by field name. */
  private inputOf(cells: string[]): Record<string, string> {
    const input: Record<string, string> = {};
    this.header.fieldAt.forEach((field, i) => {
      if (field) input[field] = cells[i] ?? '';
    });
    return input;
  }

  async plan(read: readonly CsvRecord[]): Promise<Decision[]> {
    // A cell our own export neutralised ("'=…") reads back as the text it was (docs/decisions/029).
    const records = read.map((r) => ({ ...r, cells: r.cells.map(restoreNeutralised) }));
    const decisions: Decision[] = [];
    const reject = (record: CsvRecord, column: string | null, reason: string) =>
      ({ kind: 'reject', line: record.line, column, reason, cells: record.cells }) as const;
    const valid: Array<{ record: CsvRecord; input: CompanyInput; index: number }> = [];
    const width = this.header.fieldAt.length;

    // Validation is synchronous work (a wide row of long cells takes far longer than a short one): the
    // server answers other requests every few milliseconds of it.
    const slice = new TimeSlice();
    for (const record of records) {
      await slice.pause();
      if (record.cells.length !== width) {
        decisions.push(
          reject(
            record,
            null,
            `The row has ${record.cells.length} field${record.cells.length === 1 ? '' : 's'}; the header has ${width}`,
          ),
        );
        continue;
      }
      const parsed = CompanyInputSchema.safeParse(this.inputOf(record.cells));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const column = issue.path.length > 0 ? String(issue.path[0]) : null;
        decisions.push(reject(record, column, issue.message));
        continue;
      }
      valid.push({ record, input: parsed.data, index: decisions.length });
      decisions.push(reject(record, null, 'pending')); // replaced below
    }

    await this.places.load(valid.map((v) => v.input));
    const slugs = valid.map((v) => v.input.slug).filter((s): s is string => !!s);
    const usdots = valid.map((v) => v.input.usdot_number).filter((u): u is string => !!u);
    const [bySlug, byUsdot] = await Promise.all([
      this.existing('slug', slugs),
      this.existing('usdot_number', usdots),
    ]);

    for (const { record, input, index } of valid) {
      decisions[index] = this.decide(record, input, bySlug, byUsdot, reject);
    }
    return this.withChanges(decisions);
  }

  /** Each update with the fields it changes; one changing nothing becomes 'unchanged' (nothing is written). */
  private async withChanges(decisions: Decision[]): Promise<Decision[]> {
    const images = await companyImages(
      this.db,
      decisions.flatMap((d) => (d.kind === 'update' ? [d.existing.id] : [])),
    );
    return decisions.map((d) => {
      if (d.kind !== 'update') return d;
      const image = images.get(d.existing.id);
      if (!image) return d;
      const slug = d.input.slug ?? d.existing.slug;
      const changes = fieldChanges(
        { input: d.input, place: d.place, slug },
        this.places,
        d.existing,
        image,
      );
      if (changes.length === 0)
        return { kind: 'unchanged', line: d.line, existing: d.existing } as const;
      return {
        ...d,
        changes,
        before: { name: String(image.columns.name), place: `${image.city}, ${image.state}` },
      };
    });
  }

  private async existing(
    column: 'slug' | 'usdot_number',
    values: string[],
  ): Promise<Map<string, ExistingRow>> {
    const found = new Map<string, ExistingRow>();
    if (values.length === 0) return found;
    const rows = (await this.db('companies')
      .whereIn(column, [...new Set(values)])
      .select('id', 'slug', 'name', 'usdot_number', 'city_id', 'zip_code')) as ExistingRow[];
    for (const row of rows) {
      const key = column === 'slug' ? row.slug : row.usdot_number;
      if (key !== null)
        found.set(key, { ...row, id: Number(row.id), city_id: Number(row.city_id) });
    }
    return found;
  }

  private decide(
    record: CsvRecord,
    input: CompanyInput,
    bySlug: Map<string, ExistingRow>,
    byUsdot: Map<string, ExistingRow>,
    reject: (record: CsvRecord, column: string | null, reason: string) => Decision,
  ): Decision {
    const place = this.places.place(input);
    if (typeof place === 'string')
      return reject(record, place.startsWith('state') ? 'state' : 'city', place);
    const slug = input.slug ?? undefined;
    const usdot = input.usdot_number ?? undefined;
    if (slug !== undefined && this.slugLines.has(slug))
      return reject(
        record,
        'slug',
        `slug "${slug}" is already on line ${this.slugLines.get(slug)} of this file`,
      );
    if (usdot !== undefined && this.usdotLines.has(usdot))
      return reject(
        record,
        'usdot_number',
        `usdot_number ${usdot} is already on line ${this.usdotLines.get(usdot)} of this file`,
      );
    const slugMatch = slug !== undefined ? bySlug.get(slug) : undefined;
    const usdotMatch = usdot !== undefined ? byUsdot.get(usdot) : undefined;
    if (slugMatch && usdotMatch && slugMatch.id !== usdotMatch.id)
      return reject(
        record,
        'usdot_number',
        `usdot_number ${usdot} belongs to another company (${usdotMatch.slug})`,
      );
    if (!slugMatch && usdotMatch && slug !== undefined)
      return reject(
        record,
        'slug',
        `slug "${slug}" does not match the company with usdot_number ${usdot} (${usdotMatch.slug})`,
      );
    const match = slugMatch ?? usdotMatch;
    if (match && this.companyLines.has(match.id))
      return reject(
        record,
        null,
        `updates the same company (${match.slug}) as line ${this.companyLines.get(match.id)} of this file`,
      );

    // Accepted: its keys are taken for the rest of the file.
    if (slug !== undefined) this.slugLines.set(slug, record.line);
    if (usdot !== undefined) this.usdotLines.set(usdot, record.line);
    if (match) {
      this.companyLines.set(match.id, record.line);
      this.slugLines.set(match.slug, record.line);
    }
    this.countNeutralised(record);
    return match
      ? {
          kind: 'update',
          line: record.line,
          input,
          place,
          existing: match,
          changes: [],
          before: { name: match.name, place: '' },
        }
      : { kind: 'create', line: record.line, input, place };
  }

  /**
   * Counts the formula-looking free-text cells, so staff can check them before importing: they are stored as
   * typed (less a leading tab or CR, which the schema trims) and neutralised in every CSV download.
   */
  private countNeutralised(record: CsvRecord): void {
    for (const field of TEXT_FIELDS) {
      const i = this.header.fieldAt.indexOf(field);
      const cell = i < 0 ? '' : (record.cells[i] ?? '');
      if (looksLikeFormula(cell) || looksLikeFormula(cell.trim())) {
        this.neutralised++;
        if (this.neutralisedCells.length < IMPORT_SAMPLE_SIZE)
          this.neutralisedCells.push({ line: record.line, column: field });
      }
    }
  }
}
