/**
 * Issue 16, on every test database: the companies CSV export is in the import's own columns, so
 *  - exporting the whole directory and importing that file unchanged changes nothing: the dry run reports no
 *    change and, imported, the database is exactly the same (every column, every service, every search word);
 *  - editing one cell changes exactly that field, which the dry run's diff names from what to what;
 *  - formula-looking text is neutralised in the file and read back as stored, apostrophes included;
 * and an applied import can be undone: refused with the list while a company it touched was changed since,
 * then, skipping that one, the rest is put back exactly and the company it created is deleted.
 */
import { createHash, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  COMPANY_CSV_COLUMNS,
  CompanyImportSchema,
  ImportChangePageSchema,
  ImportUndoConflictSchema,
  type CompanyImport,
} from '@moveratlas/contracts';
import { type JobWorker } from '../../src/jobs/worker';
import { testDatabases } from '../databases';
import { startImportWorker } from '../support/import-worker';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

const WORD = `zqround${randomInt(100_000, 999_999)}`;

/** Our own CSV writer for edited files: quoted where needed, CRLF, as a spreadsheet saves it. */
const toCsv = (rows: string[][]) =>
  rows
    .map((cells) =>
      cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','),
    )
    .join('\r\n') + '\r\n';

describe.each(testDatabases())(
  'companies export → import round trip and undo on $name',
  (database) => {
    let app: TestApp;
    let admin: AdminClient;
    let worker: JobWorker;

    /** Every company with its services and search words, as one hash per company. */
    async function snapshot(): Promise<Map<number, string>> {
      const companies = (await app.db('companies').orderBy('id').select('*')) as Array<
        Record<string, unknown>
      >;
      const services = (await app
        .db('company_services')
        .orderBy(['company_id', 'service_id'])
        .select('company_id', 'service_id')) as Array<{ company_id: number; service_id: string }>;
      const tokens = (await app
        .db('company_search_tokens')
        .orderBy(['company_id', 'token'])
        .select('company_id', 'token')) as Array<{ company_id: number; token: string }>;
      const extra = new Map<number, string[]>();
      for (const s of services)
        extra.set(Number(s.company_id), [
          ...(extra.get(Number(s.company_id)) ?? []),
          `s:${s.service_id}`,
        ]);
      for (const t of tokens)
        extra.set(Number(t.company_id), [
          ...(extra.get(Number(t.company_id)) ?? []),
          `t:${t.token}`,
        ]);
      const hashes = new Map<number, string>();
      for (const c of companies) {
        const id = Number(c.id);
        hashes.set(
          id,
          createHash('sha1')
            .update(JSON.stringify(c))
            .update(JSON.stringify(extra.get(id) ?? []))
            .digest('hex'),
        );
      }
      return hashes;
    }

    /** The ids whose hash differs between two snapshots (or that are in only one). */
    function differing(a: Map<number, string>, b: Map<number, string>): number[] {
      const ids = new Set([...a.keys(), ...b.keys()]);
      return [...ids].filter((id) => a.get(id) !== b.get(id)).sort((x, y) => x - y);
    }

    async function exportCsv(query = ''): Promise<string> {
      const res = await admin.request(`/api/admin/companies/export.csv${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /moveratlas-companies-\d{4}-\d{2}-\d{2}\.csv/,
      );
      return res.text();
    }

    const rowsOf = (text: string): string[][] =>
      parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];

    async function upload(text: string): Promise<CompanyImport> {
      const res = await admin.request('/api/admin/upload?filename=export.csv', {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv' },
        body: Buffer.from(text, 'utf8'),
      });
      const json = (await res.json()) as unknown;
      expect(res.status, JSON.stringify(json)).toBe(201);
      return CompanyImportSchema.parse(json);
    }

    async function waitFor(
      id: number,
      done: (i: CompanyImport) => boolean,
    ): Promise<CompanyImport> {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const state = CompanyImportSchema.parse(
          await (await admin.request(`/api/admin/upload/${id}`)).json(),
        );
        if (done(state)) return state;
        if (Date.now() > deadline) throw new Error(`import ${id} still ${state.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    async function importAndWait(id: number): Promise<CompanyImport> {
      const started = await admin.request(`/api/admin/upload/${id}/import`, { method: 'POST' });
      expect(started.status).toBe(202);
      return waitFor(id, (s) => s.status === 'succeeded' || s.status === 'failed');
    }

    async function create(body: Record<string, unknown>): Promise<number> {
      const res = await admin.request('/api/admin/companies', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    }

    let ids: { formula: number; plain: number; other: number };

    beforeAll(async () => {
      app = await startTestApp(database.config);
      admin = await loginAsAdmin(app.baseUrl);
      worker = startImportWorker(app.db);
      ids = {
        formula: await create({
          slug: `${WORD}-formula`,
          name: `@${WORD} Home Movers`,
          description: `'=${WORD} is not a formula, the apostrophe is the company's own`,
          street: '-5 Mill Way',
          service_area: "'Round the bay",
          city: 'Austin',
          state: 'TX',
          phone: '512 555 0101',
          mc_number: '123456',
          services: ['local-moving', 'storage'],
          photo_urls: ['/images/photos/1.svg', '/images/photos/2.svg'],
        }),
        plain: await create({
          slug: `${WORD}-plain`,
          name: `${WORD} Plain Movers`,
          description: 'Careful movers.\nTwo lines.',
          city: 'Chicago',
          state: 'IL',
          usdot_number: String(randomInt(10_000_000, 99_999_999)),
          founded_year: 1999,
          is_featured: true,
        }),
        other: await create({
          slug: `${WORD}-other`,
          name: `${WORD} Other Movers`,
          city: 'Denver',
          state: 'CO',
          phone: '303 555 0102',
        }),
      };
    });

    afterAll(async () => {
      await worker.stop();
      const ours = (await app
        .db('companies')
        .where('slug', 'like', `${WORD}%`)
        .pluck('id')) as number[];
      if (ours.length > 0) await app.db('companies').whereIn('id', ours).delete();
      await app.db('company_imports').where('filename', 'export.csv').delete();
      await app.close();
    });

    it('exports in the import columns, neutralising formula cells reversibly, with the list filters applied', async () => {
      const text = await exportCsv(`?q=${WORD}`);
      const rows = rowsOf(text);
      expect(rows[0]).toEqual(COMPANY_CSV_COLUMNS);
      expect(rows.slice(1).map((r) => r[0])).toEqual([
        `${WORD}-formula`,
        `${WORD}-plain`,
        `${WORD}-other`,
      ]);
      const cell = (row: string[], column: string) =>
        row[COMPANY_CSV_COLUMNS.indexOf(column as never)];
      const formula = rows[1]!;
      expect(cell(formula, 'name')).toBe(`'@${WORD} Home Movers`);
      expect(cell(formula, 'description')).toBe(
        `''=${WORD} is not a formula, the apostrophe is the company's own`,
      );
      expect(cell(formula, 'street')).toBe("'-5 Mill Way");
      expect(cell(formula, 'service_area')).toBe("'Round the bay");
      expect(cell(formula, 'services')).toBe('local-moving|storage');
      expect(cell(formula, 'photo_urls')).toBe('/images/photos/1.svg|/images/photos/2.svg');
      expect(cell(formula, 'mc_number')).toBe('MC-123456');
      expect([cell(formula, 'city'), cell(formula, 'state')]).toEqual(['Austin', 'TX']);
      expect(cell(rows[2]!, 'is_featured')).toBe('true');
      expect(cell(rows[2]!, 'founded_year')).toBe('1999');
      // Filters narrow it: Colorado alone.
      const denver = rowsOf(await exportCsv(`?q=${WORD}&state=CO`));
      expect(denver.slice(1).map((r) => r[0])).toEqual([`${WORD}-other`]);
    });

    it('imports the whole unchanged export without changing anything: 0 changes in the dry run, the same database after', async () => {
      const before = await snapshot();
      const text = await exportCsv();
      const dataRows = rowsOf(text).length - 1;
      expect(dataRows).toBe(before.size);
      const dry = await upload(text);
      expect(dry.rejected).toEqual([]);
      expect(dry.dryRun).toEqual({
        rows: before.size,
        created: 0,
        updated: 0,
        unchanged: before.size,
        rejected: 0,
      });
      const changes = ImportChangePageSchema.parse(
        await (await admin.request(`/api/admin/upload/${dry.id}/changes`)).json(),
      );
      expect(changes).toEqual({ items: [], total: 0, page: 1, limit: 50 });
      const done = await importAndWait(dry.id);
      expect(done.status).toBe('succeeded');
      expect(done.result).toEqual({
        rows: before.size,
        created: 0,
        updated: 0,
        unchanged: before.size,
        rejected: 0,
      });
      expect(differing(before, await snapshot())).toEqual([]);
      // Nothing was changed, so there is nothing to undo.
      expect(done.undoable).toBe(false);
    });

    it('changes exactly the edited cells, shows them in the diff, and undoes the import (skipping a company changed since)', async () => {
      const rows = rowsOf(await exportCsv(`?q=${WORD}`));
      const col = (name: string) => COMPANY_CSV_COLUMNS.indexOf(name as never);
      const plainBefore = rows[2]![col('description')]!;
      rows[2]![col('description')] = 'Careful movers, now with storage.';
      rows[3]![col('phone')] = '(303) 555-0199';
      const newRow = COMPANY_CSV_COLUMNS.map(() => '');
      newRow[col('slug')] = `${WORD}-new`;
      newRow[col('name')] = `${WORD} New Movers`;
      newRow[col('city')] = 'Boston';
      newRow[col('state')] = 'MA';
      rows.push(newRow);

      const before = await snapshot();
      const plainRow = async () => {
        // The time of the change and the version move on with every write (an open form must see it).
        const {
          updated_at: _changedAt,
          version: _version,
          ...row
        } = (await app.db('companies').where('id', ids.plain).first()) as Record<string, unknown>;
        const derived = await Promise.all([
          app
            .db('company_services')
            .where('company_id', ids.plain)
            .orderBy('service_id')
            .pluck('service_id'),
          app
            .db('company_search_tokens')
            .where('company_id', ids.plain)
            .orderBy('token')
            .pluck('token'),
        ]);
        return { row, derived };
      };
      const plainBeforeImport = await plainRow();
      const dry = await upload(toCsv(rows));
      expect(dry.dryRun).toEqual({ rows: 4, created: 1, updated: 2, unchanged: 1, rejected: 0 });
      const diff = ImportChangePageSchema.parse(
        await (await admin.request(`/api/admin/upload/${dry.id}/changes`)).json(),
      );
      expect(diff).toEqual({
        total: 3,
        page: 1,
        limit: 50,
        items: [
          {
            line: 3,
            kind: 'update',
            companyId: ids.plain,
            name: `${WORD} Plain Movers`,
            place: 'Chicago, IL',
            changes: [
              { field: 'description', from: plainBefore, to: 'Careful movers, now with storage.' },
            ],
          },
          {
            line: 4,
            kind: 'update',
            companyId: ids.other,
            name: `${WORD} Other Movers`,
            place: 'Denver, CO',
            changes: [{ field: 'phone', from: '(303) 555-0102', to: '(303) 555-0199' }],
          },
          {
            line: 5,
            kind: 'new',
            companyId: null,
            name: `${WORD} New Movers`,
            place: 'Boston, MA',
            changes: [],
          },
        ],
      });
      // The dry run wrote nothing.
      expect(differing(before, await snapshot())).toEqual([]);

      const done = await importAndWait(dry.id);
      expect(done.result).toEqual({ rows: 4, created: 1, updated: 2, unchanged: 1, rejected: 0 });
      expect(done.undoable).toBe(true);
      const after = await snapshot();
      const created = (await app.db('companies').where('slug', `${WORD}-new`).first('id')) as {
        id: number;
      };
      expect(differing(before, after)).toEqual(
        [ids.plain, ids.other, Number(created.id)].sort((x, y) => x - y),
      );
      const plain = (await app.db('companies').where('id', ids.plain).first('description')) as {
        description: string;
      };
      expect(plain.description).toBe('Careful movers, now with storage.');

      // Someone changes a company the import touched: undo refuses, naming it, and changes nothing.
      const { version } = (await (
        await admin.request(`/api/admin/companies/${ids.other}`)
      ).json()) as { version: number };
      const patched = await admin.request(`/api/admin/companies/${ids.other}`, {
        method: 'PATCH',
        body: JSON.stringify({ is_featured: true, version }),
      });
      expect(patched.status).toBe(200);
      const touched = await snapshot();
      const refused = await admin.request(`/api/admin/upload/${dry.id}/undo`, {
        method: 'POST',
        body: JSON.stringify({}),
      });
      expect(refused.status).toBe(409);
      expect(ImportUndoConflictSchema.parse(await refused.json())).toEqual({
        error: `1 company was changed again since this import: ${WORD} Other Movers. Undo would overwrite those changes, so nothing was undone. Undo the rest and leave them as they are, or review them first.`,
        changedSince: [
          { id: ids.other, name: `${WORD} Other Movers`, slug: `${WORD}-other`, deleted: false },
        ],
        changedSinceCount: 1,
      });
      expect(differing(touched, await snapshot())).toEqual([]);

      const started = await admin.request(`/api/admin/upload/${dry.id}/undo`, {
        method: 'POST',
        body: JSON.stringify({ skipChanged: true }),
      });
      expect(started.status).toBe(202);
      const undone = await waitFor(
        dry.id,
        (s) => s.undo?.status === 'succeeded' || s.undo?.status === 'failed',
      );
      expect(undone.undo).toMatchObject({
        status: 'succeeded',
        by: 'test-admin',
        restored: 1,
        deleted: 1,
        skipped: 1,
        error: null,
      });
      expect(undone.undoable).toBe(false);
      const restored = await snapshot();
      // The created company is gone, the other keeps its later change (and the import's phone).
      expect(restored.has(Number(created.id))).toBe(false);
      expect(restored.get(ids.other)).toBe(touched.get(ids.other));
      const plainAgain = (await app.db('companies').where('id', ids.plain).first()) as Record<
        string,
        unknown
      >;
      expect(plainAgain.description).toBe(plainBefore);
      // Put back exactly: every column but the time of the change, the services and search words too.
      expect(await plainRow()).toEqual(plainBeforeImport);
      const everythingElse = differing(before, restored).filter(
        (id) => id !== ids.other && id !== ids.plain && id !== Number(created.id),
      );
      expect(everythingElse).toEqual([]);

      const again = await admin.request(`/api/admin/upload/${dry.id}/undo`, {
        method: 'POST',
        body: JSON.stringify({ skipChanged: true }),
      });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: 'This import has already been undone' });
    });
  },
);
