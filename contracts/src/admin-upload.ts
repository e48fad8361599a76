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
  /** Existing companies whose fields the rows change. */
  updated: z.number().int(),
  /** Rows that match an existing company and change none of its fields: nothing is written for them. */
  unchanged: z.number().int(),
  rejected: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const IMPORT_UNDO_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ImportUndoStatus = (typeof IMPORT_UNDO_STATUSES)[number];

export const ImportUndoSchema = z.object({
  status: z.enum(IMPORT_UNDO_STATUSES),
  by: z.string(),
  /** Companies put back as they were before the import. */
  restored: z.number().int(),
  /** Companies the import created, deleted again. */
  deleted: z.number().int(),
  /** Companies left as they are: changed again since the import (the person chose to skip them). */
  skipped: z.number().int(),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportUndo = z.infer<typeof ImportUndoSchema>;

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
  /**
   * Whether "Undo this import" is offered: it succeeded, kept what it changed (imports before undo existed
   * did not), and has not been undone.
   */
  undoable: z.boolean(),
  /** The undo, once asked for. */
  undo: ImportUndoSchema.nullable(),
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

// ---------------------------------------------------------------------------------------------------------
// The dry run's per-company diff (GET /api/admin/upload/:id/changes)

/** Changes listed per page of the diff. */
export const IMPORT_CHANGES_PAGE_SIZE = 50;

export const ImportFieldChangeSchema = z.object({
  /** The column, as the template names it. */
  field: z.string(),
  /** As stored now and as the file would leave it; null for empty. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ImportFieldChange = z.infer<typeof ImportFieldChangeSchema>;

export const ImportCompanyChangeSchema = z.object({
  line: z.number().int(),
  /** new: the row creates a company; update: it changes the fields listed. */
  kind: z.enum(['new', 'update']),
  companyId: z.number().int().nullable(),
  name: z.string(),
  /** "Austin, TX". */
  place: z.string(),
  changes: z.array(ImportFieldChangeSchema),
});
export type ImportCompanyChange = z.infer<typeof ImportCompanyChangeSchema>;

export const ImportChangePageSchema = z.object({
  items: z.array(ImportCompanyChangeSchema),
  /** Companies the file creates or changes (the pages' total). */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ImportChangePage = z.infer<typeof ImportChangePageSchema>;

export const ImportChangeQuerySchema = z.strictObject({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'The page must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1, 'The page must be 1 or more')
    .optional()
    .default(1),
});

// ---------------------------------------------------------------------------------------------------------
// Undoing an import (POST /api/admin/upload/:id/undo)

export const ImportUndoRequestSchema = z.strictObject({
  /** Undo the rest and leave the companies changed again since the import as they are. */
  skipChanged: z
    .boolean({ message: 'Whether to skip changed companies must be true or false' })
    .optional()
    .default(false),
});
export type ImportUndoRequest = z.input<typeof ImportUndoRequestSchema>;

/** The 409 when companies changed since the import: the error in words, and which ones. */
export const ImportUndoConflictSchema = z.object({
  error: z.string(),
  changedSince: z.array(
    z.object({ id: z.number().int(), name: z.string(), slug: z.string(), deleted: z.boolean() }),
  ),
  /** How many in all (the list stops at IMPORT_SAMPLE_SIZE). */
  changedSinceCount: z.number().int(),
});
export type ImportUndoConflict = z.infer<typeof ImportUndoConflictSchema>;
