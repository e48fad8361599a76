/**
 * The companies CSV import (/admin/upload): the file goes up as the raw request body
 * (POST /api/admin/upload), is checked at once (the dry run: what would be created, updated and rejected),
 * and is then imported by a background job whose progress the screen polls. Rows are validated with the
 * companies' own schema (CompanyInputSchema in admin-companies.ts); the columns are its fields.
 */
import { z } from 'zod';
import { plainText } from './text';

/** The largest file the upload accepts. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** How many rejected rows (and neutralised cells) an import's answer lists; the CSV report has them all. */
export const IMPORT_SAMPLE_SIZE = 20;
/** Longest ignored column name an import's answer shows (longer ones end in "…"). */
export const IGNORED_COLUMN_NAME_CHARS = 60;

export const ImportRejectedRowSchema = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number().int(),
  /** The column at fault; null when the whole row is (a wrong number of fields, a duplicate key). */
  column: z.string().nullable(),
  reason: z.string(),
});
export type ImportRejectedRow = z.infer<typeof ImportRejectedRowSchema>;

export const ImportCellSchema = z.object({ line: z.number().int(), column: z.string() });

export const IMPORT_STATUSES = ['ready', 'queued', 'running', 'succeeded', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ImportCountsSchema = z.object({
  /** Data rows read (blank lines are skipped). */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const CompanyImportSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  bytes: z.number().int(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  /** The file's columns the import reads, as the header names them, in its order. */
  columns: z.array(z.string()),
  /**
   * The columns it ignores (not in the template): how many, and the first few names (IMPORT_SAMPLE_SIZE,
   * each cut to IGNORED_COLUMN_NAME_CHARS), so a header of thousands of columns is not sent back whole.
   */
  ignoredColumnCount: z.number().int(),
  ignoredColumns: z.array(z.string()),
  /** What the dry run found: created and updated are what the import would do. */
  dryRun: ImportCountsSchema,
  /**
   * Free-text cells that look like spreadsheet formulas (= + - @ first): the count and the first few. They are
   * stored as typed; every CSV download neutralises them (docs/decisions/026). Told so staff can check them.
   */
  neutralised: z.number().int(),
  neutralisedCells: z.array(ImportCellSchema),
  /** ready (dry run done) → queued → running → succeeded | failed. */
  status: z.enum(IMPORT_STATUSES),
  jobId: z.number().int().nullable(),
  /** 0-100 while the job runs. */
  progress: z.number().int(),
  /** What the import did so far (the final figures once it has succeeded); null before it starts. */
  result: ImportCountsSchema.nullable(),
  /** The first rejected rows of the import, or of the dry run before the import has run. */
  rejected: z.array(ImportRejectedRowSchema),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CompanyImport = z.infer<typeof CompanyImportSchema>;

export const CompanyImportListSchema = z.object({ items: z.array(CompanyImportSchema) });
export type CompanyImportList = z.infer<typeof CompanyImportListSchema>;

/** ?filename= on the upload: the name the browser gave the file, shown in the history. */
export const ImportUploadQuerySchema = z.strictObject({
  filename: plainText(
    z.string().trim().max(200, 'Filename must be at most 200 characters'),
    'The file name',
  )
    .optional()
    .default('upload.csv'),
});
