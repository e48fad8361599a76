/**
 * GET /api/admin/upload/:id/changes?page=n: the dry run's diff, a page at a time in the file's order — per
 * company the row would create (new) or change, which fields from what to what. Rows that change nothing and
 * rejected rows are not listed (the import's figures count them).
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  idParam,
  IMPORT_CHANGES_PAGE_SIZE,
  ImportChangeQuerySchema,
  type ImportChangePage,
  type ImportFieldChange,
} from '@moveratlas/contracts';
import { notFound } from '../../../../lib/http-error';
import { parseInput } from '../../../../lib/validate';

const IdParams = z.object({ id: idParam('import') });

interface ChangeRow {
  line: number;
  kind: 'new' | 'update';
  company_id: number | null;
  name: string;
  place: string;
  changes: string;
}

const parseChanges = (text: string): ImportFieldChange[] => {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as ImportFieldChange[]) : [];
  } catch {
    return [];
  }
};

export function importChangesRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    const { page } = parseInput(ImportChangeQuerySchema, req.query, 'query');
    const upload = (await db('company_imports').where('id', id).first('status')) as
      { status: string } | undefined;
    if (!upload || upload.status === 'checking') throw notFound(`No import with id ${id}`);
    const limit = IMPORT_CHANGES_PAGE_SIZE;
    const [rows, count] = await Promise.all([
      db('company_import_changes')
        .where('import_id', id)
        .orderBy('line')
        .limit(limit)
        .offset((page - 1) * limit)
        .select('line', 'kind', 'company_id', 'name', 'place', 'changes') as Promise<ChangeRow[]>,
      db('company_import_changes').where('import_id', id).count({ n: '*' }).first() as Promise<
        { n: number | string } | undefined
      >,
    ]);
    const body: ImportChangePage = {
      items: rows.map((r) => ({
        line: Number(r.line),
        kind: r.kind === 'new' ? 'new' : 'update',
        companyId: r.company_id === null ? null : Number(r.company_id),
        name: r.name,
        place: r.place,
        changes: parseChanges(r.changes),
      })),
      total: Number(count?.n ?? 0),
      page,
      limit,
    };
    res.json(body);
  };
}
