/**
 * The companies CSV import over HTTP on every test database, with hostile files: each upload's answer is
 * checked exactly (the dry run's figures and rejected rows, or the refusal's message), and the database is
 * compared before and after wherever nothing may change — a dry run, a refused encoding, a missing column, a
 * file cut in the middle. Imports run on a real job worker; a 20,000-row file (forty batches) is imported whole (`npm run bench:import` times 100,000); an import
 * stopped part-way resumes without writing a row twice.
 *
 * Every company this file creates has a word of this run in its slug and is deleted afterwards.
 */
import { createHash, randomInt } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COMPANY_CSV_COLUMNS,
  CompanyImportSchema,
  type CompanyImport,
} from '@moveratlas/contracts';
import { type JobWorker } from '../../src/jobs/worker';
import type { Job } from '../../src/jobs/queue';
import {
  COMPANY_IMPORT_JOB,
  runImport,
} from '../../src/features/companies/admin/import/import-job';
import { IMPORT_BATCH_ROWS } from '../../src/features/companies/admin/import/dry-run';
import { testDatabases } from '../databases';
import { startImportWorker } from '../support/import-worker';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

const WORD = `zqi${randomInt(100_000, 999_999)}`;
const BOM = '\uFEFF';

/** RFC 4180 rows, CRLF-terminated, quoted where needed. */
function csv(rows: ReadonlyArray<readonly string[]>, { finalBreak = true } = {}): string {
  const line = (cells: readonly string[]) =>
    cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
  return rows.map(line).join('\r\n') + (finalBreak ? '\r\n' : '');
}

const HEADER = ['slug', 'name', 'city', 'state', 'usdot_number', 'description', 'services'];

describe.each(testDatabases())('companies CSV import on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  let worker: JobWorker;

  /** A fingerprint of every company and its derived rows: equal before and after means untouched. */
  async function fingerprint(): Promise<string> {
    const hash = createHash('sha256');
    const companies = (await app
      .db('companies')
      .orderBy('id')
      .select('id', 'slug', 'name', 'description', 'usdot_number', 'updated_at')) as unknown[];
    hash.update(JSON.stringify(companies));
    for (const table of ['company_search_tokens', 'company_services', 'reviews']) {
      const row = (await app.db(table).count({ n: '*' }).first()) as { n: number | string };
      hash.update(`${table}:${row.n}`);
    }
    return hash.digest('hex');
  }

  async function upload(
    body: string | Buffer,
    filename = 'companies.csv',
    type = 'text/csv',
  ): Promise<Response> {
    return admin.request(`/api/admin/upload?filename=${encodeURIComponent(filename)}`, {
      method: 'POST',
      headers: { 'Content-Type': type },
      body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    });
  }

  async function dryRun(body: string | Buffer): Promise<CompanyImport> {
    const res = await upload(body);
    const json = (await res.json()) as unknown;
    expect(res.status, JSON.stringify(json)).toBe(201);
    return CompanyImportSchema.parse(json);
  }

  async function refused(body: string | Buffer, error: string, status = 400): Promise<void> {
    const before = await fingerprint();
    const imports = await app.db('company_imports').count({ n: '*' }).first();
    const res = await upload(body);
    expect(await res.json()).toEqual({ error });
    expect(res.status).toBe(status);
    expect(await fingerprint()).toBe(before);
    // A refused file leaves nothing behind.
    expect(await app.db('company_imports').count({ n: '*' }).first()).toEqual(imports);
  }

  async function importAndWait(id: number, timeoutMs = 240_000): Promise<CompanyImport> {
    const started = await admin.request(`/api/admin/upload/${id}/import`, { method: 'POST' });
    expect(started.status).toBe(202);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = CompanyImportSchema.parse(
        await (await admin.request(`/api/admin/upload/${id}`)).json(),
      );
      if (state.status === 'succeeded' || state.status === 'failed') return state;
      if (Date.now() > deadline) throw new Error(`import ${id} still ${state.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const ours = async () =>
    (await app
      .db('companies')
      .where('slug', 'like', `${WORD}%`)
      .orderBy('slug')
      .select('id', 'slug', 'name', 'description', 'usdot_number', 'phone', 'street')) as Array<{
      id: number;
      slug: string;
      name: string;
      description: string | null;
      usdot_number: string | null;
      phone: string | null;
      street: string | null;
    }>;

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    worker = startImportWorker(app.db);
  });

  afterAll(async () => {
    await worker.stop();
    // Deleted a slice at a time: one statement cascading 20,000 companies would hold its locks for long.
    for (;;) {
      const ids = (await app
        .db('companies')
        .where('slug', 'like', `${WORD}%`)
        .limit(5000)
        .pluck('id')) as number[];
      if (ids.length === 0) break;
      await app.db('companies').whereIn('id', ids).delete();
    }
    await app.db('jobs').where('type', COMPANY_IMPORT_JOB).delete();
    await app.db('company_imports').delete();
    await app.close();
  });

  it('offers the template: the columns of the companies schema, in order, as UTF-8 CSV', async () => {
    const res = await admin.request('/api/admin/upload/template.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('moveratlas-companies-template.csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.subarray(3).toString('utf8')).toBe(`${COMPANY_CSV_COLUMNS.join(',')}\r\n`);
    expect(COMPANY_CSV_COLUMNS.slice(0, 3)).toEqual(['slug', 'name', 'description']);
  });

  it('dry-runs a file without touching the database, then imports it as a job: creates, then updates by slug and by USDOT', async () => {
    const before = await fingerprint();
    const first = csv([
      HEADER,
      [`${WORD}-alpha`, `${WORD} Alpha Movers`, 'Austin', 'TX', '', 'First', 'local-moving'],
      [
        '',
        `${WORD} Beta Movers`,
        'Chicago',
        'Illinois',
        '91234567',
        'Second',
        'storage|Piano Moving',
      ],
    ]);
    // A UTF-8 byte-order mark is fine.
    const report = await dryRun(BOM + first);
    expect(report).toMatchObject({
      filename: 'companies.csv',
      status: 'ready',
      columns: HEADER,
      ignoredColumns: [],
      dryRun: { rows: 2, created: 2, updated: 0, unchanged: 0, rejected: 0 },
      neutralised: 0,
      rejected: [],
      result: null,
      jobId: null,
    });
    expect(await fingerprint()).toBe(before);

    const done = await importAndWait(report.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: { rows: 2, created: 2, updated: 0, unchanged: 0, rejected: 0 },
      error: null,
    });
    expect(done.jobId).toBeTypeOf('number');
    // The import's own record is final when the handler returns; the runner settles the job row right
    // after, so on a busy machine a read in between still sees it running.
    await vi.waitFor(
      async () => {
        const job = (await app.db('jobs').where('id', done.jobId!).first('status', 'progress')) as {
          status: string;
          progress: number;
        };
        expect(job).toEqual({ status: 'succeeded', progress: 100 });
      },
      { timeout: 15_000, interval: 50 },
    );
    const again = await admin.request(`/api/admin/upload/${report.id}/import`, {
      method: 'POST',
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: 'This file was already imported (status: succeeded)',
    });

    const rows = await ours();
    expect(rows.map((r) => [r.slug, r.name, r.usdot_number])).toEqual([
      [`${WORD}-alpha`, `${WORD} Alpha Movers`, null],
      [`${WORD}-beta-movers`, `${WORD} Beta Movers`, '91234567'],
    ]);
    const beta = rows[1]!;
    expect(
      await app
        .db('company_services')
        .where('company_id', beta.id)
        .orderBy('service_id')
        .pluck('service_id'),
    ).toEqual(['piano-moving', 'storage']);
    const search = (await (await app.get(`/api/search?type=companies&q=${WORD}`)).json()) as {
      companies: Array<{ slug: string }>;
    };
    expect(search.companies.map((c) => c.slug).sort()).toEqual([
      `${WORD}-alpha`,
      `${WORD}-beta-movers`,
    ]);

    // Updates: alpha by its slug, beta by its USDOT number; a column the file lacks (phone) is kept.
    await app.db('companies').where('id', beta.id).update({ phone: '(312) 555-0100' });
    const second = await dryRun(
      csv([
        ['name', 'city', 'state', 'slug', 'usdot_number', 'description'],
        [`${WORD} Alpha Movers`, 'Austin', 'TX', `${WORD}-alpha`, '', 'First, revised'],
        [`${WORD} Beta Relocation`, 'Chicago', 'IL', '', 'USDOT 91234567', 'Second, revised'],
        [`${WORD} Gamma Movers`, 'Houston', 'TX', '', '', ''],
      ]),
    );
    expect(second.dryRun).toEqual({ rows: 3, created: 1, updated: 2, unchanged: 0, rejected: 0 });
    const finished = await importAndWait(second.id);
    expect(finished.result).toEqual({ rows: 3, created: 1, updated: 2, unchanged: 0, rejected: 0 });
    const after = await ours();
    expect(after.map((r) => [r.slug, r.name, r.description, r.phone])).toEqual([
      [`${WORD}-alpha`, `${WORD} Alpha Movers`, 'First, revised', null],
      [`${WORD}-beta-movers`, `${WORD} Beta Relocation`, 'Second, revised', '(312) 555-0100'],
      [`${WORD}-gamma-movers`, `${WORD} Gamma Movers`, null, null],
    ]);
    // The word index follows the new name.
    expect(
      await app
        .db('company_search_tokens')
        .where('company_id', beta.id)
        .orderBy('token')
        .pluck('token'),
    ).toEqual(['beta', 'relocation', WORD]);
  });

  it('stores formula-looking text as typed, points it out, and neutralises it in the downloadable report', async () => {
    const header = [
      'name',
      'city',
      'state',
      'slug',
      'description',
      'street',
      'service_area',
      'lat',
      'lng',
    ];
    const report = await dryRun(
      csv([
        header,
        [
          '=HYPERLINK("http://evil.example")',
          'Austin',
          'TX',
          `${WORD}-formula-a`,
          "+cmd|' /C calc'!A0",
          '@SUM(1)',
          '\t-2+3',
          '',
          '',
        ],
        [
          `${WORD} Formula B`,
          'Austin',
          'TX',
          `${WORD}-formula-b`,
          'Plain',
          '',
          '',
          '=1+1',
          '-97.7',
        ],
      ]),
    );
    expect(report.dryRun).toEqual({ rows: 2, created: 1, updated: 0, unchanged: 0, rejected: 1 });
    expect(report.neutralised).toBe(4);
    expect(report.neutralisedCells).toEqual([
      { line: 2, column: 'name' },
      { line: 2, column: 'description' },
      { line: 2, column: 'street' },
      { line: 2, column: 'service_area' },
    ]);
    expect(report.rejected).toEqual([
      { line: 3, column: 'lat', reason: 'Latitude must be a number between -90 and 90' },
    ]);
    const dryReport = await admin.request(`/api/admin/upload/${report.id}/rejected.csv`);
    expect(dryReport.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(Buffer.from(await dryReport.arrayBuffer()).toString('utf8')).toBe(
      `${BOM}line,column,reason,${header.join(',')}\r\n` +
        `3,lat,Latitude must be a number between -90 and 90,${WORD} Formula B,Austin,TX,${WORD}-formula-b,Plain,,,'=1+1,'-97.7\r\n`,
    );

    const done = await importAndWait(report.id);
    expect(done.result).toEqual({ rows: 2, created: 1, updated: 0, unchanged: 0, rejected: 1 });
    expect(done.rejected).toEqual(report.rejected);
    const stored = (await app
      .db('companies')
      .where('slug', `${WORD}-formula-a`)
      .first('name', 'description', 'street', 'service_area')) as Record<string, string>;
    // As typed (issue 16): the directory shows what staff wrote; a download neutralises it (csv.test.ts).
    expect(stored).toEqual({
      name: '=HYPERLINK("http://evil.example")',
      description: "+cmd|' /C calc'!A0",
      street: '@SUM(1)',
      service_area: '-2+3',
    });
    expect(await app.db('companies').where('slug', `${WORD}-formula-b`).first()).toBeUndefined();
  });

  it('refuses other encodings with a clear message and leaves the database as it was', async () => {
    const text = csv([HEADER, ['', `${WORD} Encoded`, 'Austin', 'TX', '', 'Café', 'local-moving']]);
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    await refused(
      utf16le,
      'The file is encoded as UTF-16 (little-endian). Save it as "CSV UTF-8 (Comma delimited)" and upload it again.',
    );
    const utf16be = Buffer.from(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]).swap16(),
    );
    await refused(
      utf16be,
      'The file is encoded as UTF-16 (big-endian). Save it as "CSV UTF-8 (Comma delimited)" and upload it again.',
    );
    const latin1 = Buffer.from(
      csv([
        HEADER,
        ['', `${WORD} One`, 'Austin', 'TX', '', 'ok', ''],
        ['', `${WORD} Two`, 'Austin', 'TX', '', 'Caf\u00e9', ''],
      ]),
      'latin1',
    );
    await refused(
      latin1,
      'The file is not UTF-8 text: line 3 has bytes that are not UTF-8 (Excel\'s plain "CSV" is Windows-1252). Save it as "CSV UTF-8 (Comma delimited)" and upload it again.',
    );
    await refused(
      Buffer.from(text, 'utf16le'),
      'The file has NUL bytes on line 1: it is not a UTF-8 text file (perhaps UTF-16 without a byte-order mark). Save it as "CSV UTF-8 (Comma delimited)" and upload it again.',
    );
    await refused(
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
      'The file is a spreadsheet workbook (.xlsx), not a CSV file. Save it as "CSV UTF-8 (Comma delimited)" and upload it again.',
    );
    await refused('', 'The file is empty.');
  });

  it('refuses a header without the required columns, ignores unknown ones, and rejects rows with missing or extra fields', async () => {
    await refused(
      csv([
        ['name', 'city'],
        [`${WORD} No State`, 'Austin'],
      ]),
      'The header has no state column: the first line must name the columns (download the template for their names).',
    );
    await refused(
      csv([
        ['company', 'town', 'state'],
        ['x', 'y', 'TX'],
      ]),
      'The header has no name, city columns: the first line must name the columns (download the template for their names).',
    );
    await refused(
      csv([
        ['name', 'city', 'state', 'Name'],
        ['a', 'b', 'TX', 'c'],
      ]),
      'The column "name" appears twice in the header (columns 1 and 4).',
    );
    await refused(csv([['name', 'city', 'state']]), 'The file has a header but no data rows.');

    const before = await fingerprint();
    const report = await dryRun(
      csv([
        ['name', 'city', 'state', 'fax', 'slug'],
        [`${WORD} Short`, 'Austin', 'TX'],
        [`${WORD} Long`, 'Austin', 'TX', '555', `${WORD}-long`, 'surplus'],
        [`${WORD} Fine`, 'Austin', 'TX', '555', `${WORD}-fine`],
        ['', '', '', '', ''],
        [`${WORD} Nowhere`, 'Atlantis', 'TX', '', `${WORD}-nowhere`],
      ]),
    );
    expect(report.ignoredColumns).toEqual(['fax']);
    expect(report.dryRun).toEqual({ rows: 4, created: 1, updated: 0, unchanged: 0, rejected: 3 });
    expect(report.rejected).toEqual([
      { line: 2, column: null, reason: 'The row has 3 fields; the header has 5' },
      { line: 3, column: null, reason: 'The row has 6 fields; the header has 5' },
      { line: 6, column: 'city', reason: 'City "Atlantis" is not a city of TX in the directory' },
    ]);
    expect(await fingerprint()).toBe(before);
  });

  it('rejects duplicate keys inside the file and keys held by another company', async () => {
    const report = await dryRun(
      csv([
        ['slug', 'name', 'city', 'state', 'usdot_number'],
        [`${WORD}-dup`, `${WORD} Dup One`, 'Austin', 'TX', '92000001'],
        [`${WORD}-dup`, `${WORD} Dup Two`, 'Austin', 'TX', '92000002'],
        [`${WORD}-dup-three`, `${WORD} Dup Three`, 'Austin', 'TX', '92000001'],
        [`${WORD}-alpha`, `${WORD} Alpha Movers`, 'Austin', 'TX', '91234567'],
        [`${WORD}-unknown`, `${WORD} Unknown`, 'Austin', 'TX', '91234567'],
        ['', `${WORD} Beta Again`, 'Chicago', 'IL', '91234567'],
        ['', `${WORD} Beta Twice`, 'Chicago', 'IL', 'DOT 91234567'],
      ]),
    );
    expect(report.rejected).toEqual([
      { line: 3, column: 'slug', reason: `slug "${WORD}-dup" is already on line 2 of this file` },
      {
        line: 4,
        column: 'usdot_number',
        reason: 'usdot_number 92000001 is already on line 2 of this file',
      },
      {
        line: 5,
        column: 'usdot_number',
        reason: `usdot_number 91234567 belongs to another company (${WORD}-beta-movers)`,
      },
      {
        line: 6,
        column: 'slug',
        reason: `slug "${WORD}-unknown" does not match the company with usdot_number 91234567 (${WORD}-beta-movers)`,
      },
      {
        line: 8,
        column: 'usdot_number',
        reason: 'usdot_number 91234567 is already on line 7 of this file',
      },
    ]);
    expect(report.dryRun).toEqual({ rows: 7, created: 1, updated: 1, unchanged: 0, rejected: 5 });
    const done = await importAndWait(report.id);
    expect(done.result).toEqual({ rows: 7, created: 1, updated: 1, unchanged: 0, rejected: 5 });
    const report2 = await (
      await admin.request(`/api/admin/upload/${report.id}/rejected.csv`)
    ).text();
    expect(report2.split('\r\n').filter((l) => l !== '')).toHaveLength(6);
    expect(
      (await app.db('companies').where('slug', `${WORD}-beta-movers`).first('name')).name,
    ).toBe(`${WORD} Beta Again`);
  });

  it('refuses a file cut in the middle: nothing of it is imported', async () => {
    const rows = [
      HEADER,
      ['', `${WORD} Cut One`, 'Austin', 'TX', '', 'First', 'local-moving'],
      ['', `${WORD} Cut Two`, 'Austin', 'TX', '', 'Second', 'local-moving'],
      [
        '',
        `${WORD} Cut Three`,
        'Austin',
        'TX',
        '',
        'A "quoted", multi-line\ndescription',
        'storage',
      ],
    ];
    const whole = csv(rows);
    const inQuote = whole.slice(0, whole.indexOf('multi-line'));
    await refused(
      inQuote,
      'The file ends inside a quoted value that starts on line 4: it looks cut off, or a quote is missing. Nothing was imported; fix or complete the file.',
    );
    const midRow = whole.slice(0, whole.indexOf('Cut Three') + 'Cut Three'.length);
    await refused(
      midRow,
      'The file ends in the middle of a row (line 4 has 2 of 7 fields and no line break after it): it looks cut off. Nothing was imported; upload the complete file.',
    );
    const bytes = Buffer.from(
      csv(
        [
          ['name', 'city', 'state', 'description'],
          [`${WORD} Accent`, 'Austin', 'TX', 'Café'],
        ],
        { finalBreak: false },
      ),
    );
    await refused(
      bytes.subarray(0, bytes.length - 1),
      'The file ends in the middle of a UTF-8 character: it looks cut off. Nothing was imported; upload the complete file.',
    );
    // The same rows complete, without a final line break, are a good file.
    const complete = await dryRun(whole.slice(0, -2));
    expect(complete.dryRun).toEqual({ rows: 3, created: 3, updated: 0, unchanged: 0, rejected: 0 });
    expect(await ours()).not.toContainEqual(expect.objectContaining({ name: `${WORD} Cut One` }));
  });

  it('refuses what is not a CSV upload, an oversized file, and unknown imports', async () => {
    const form = await upload('a=b', 'x.csv', 'multipart/form-data; boundary=x');
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({
      error: 'Send the CSV file itself as the request body, as text/csv',
    });
    const url = new URL(`${app.baseUrl}/api/admin/upload?filename=big.csv`);
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'text/csv',
          'Content-Length': String(60 * 1024 * 1024),
          Cookie: admin.cookie,
          'X-CSRF-Token': admin.csrfToken,
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('name,city,state\r\n');
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body)).toEqual({
      error: 'The file is larger than 50 MB; split it into smaller files.',
    });
    expect((await admin.request('/api/admin/upload/99999999')).status).toBe(404);
    expect(
      (await admin.request('/api/admin/upload/99999999/import', { method: 'POST' })).status,
    ).toBe(404);
    const list = (await (await admin.request('/api/admin/upload')).json()) as {
      items: CompanyImport[];
    };
    // The latest first.
    const ids = list.items.map((i) => i.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('resumes an import stopped part-way without writing any row twice', async () => {
    const rows: string[][] = [['name', 'city', 'state', 'slug']];
    for (let i = 1; i <= 2500; i++) rows.push([`${WORD} Resume ${i}`, 'Austin', 'TX', '']);
    const report = await dryRun(csv(rows));
    expect(report.dryRun).toEqual({
      rows: 2500,
      created: 2500,
      updated: 0,
      unchanged: 0,
      rejected: 0,
    });
    await app.db('company_imports').where('id', report.id).update({ status: 'queued' });
    const job = {
      id: 0,
      payload: { importId: report.id },
      attempts: 1,
      maxAttempts: 3,
    } as unknown as Job;
    // First attempt: stopped (as a deploy would) after its first batch.
    const stop = new AbortController();
    await expect(
      runImport(app.db, job, stop.signal, {
        progress: async () => stop.abort(new Error('stopped')),
      }),
    ).rejects.toThrow('stopped');
    const partway = (await app.db('company_imports').where('id', report.id).first()) as {
      rows_done: number;
      created: number;
      status: string;
    };
    expect(partway).toMatchObject({
      rows_done: IMPORT_BATCH_ROWS,
      created: IMPORT_BATCH_ROWS,
      status: 'running',
    });
    const written = (await app
      .db('companies')
      .where('slug', 'like', `${WORD}-resume-%`)
      .count({ n: '*' })
      .first()) as { n: number | string };
    expect(Number(written.n)).toBe(IMPORT_BATCH_ROWS);
    // Second attempt: picks up after the committed batch.
    const result = await runImport(
      app.db,
      { ...job, attempts: 2 },
      new AbortController().signal,
      undefined,
    );
    expect(result).toEqual({ rows: 2500, created: 2500, updated: 0, unchanged: 0, rejected: 0 });
    const slugs = (await app
      .db('companies')
      .where('slug', 'like', `${WORD}-resume-%`)
      .pluck('slug')) as string[];
    expect(slugs).toHaveLength(2500);
    expect(new Set(slugs).size).toBe(2500);
    expect(slugs).toContain(`${WORD}-resume-2500`);
  });

  it('imports a 20,000-row file, forty batches of it', { timeout: 600_000 }, async () => {
    const cities = [
      ['Austin', 'TX'],
      ['Chicago', 'IL'],
      ['Denver', 'CO'],
      ['Seattle', 'WA'],
      ['Miami', 'FL'],
    ];
    const lines = ['name,city,state,usdot_number,phone,services,description,is_featured'];
    for (let i = 1; i <= 20_000; i++) {
      const [city, state] = cities[i % cities.length]!;
      lines.push(
        `${WORD} Bulk ${i},${city},${state},${i % 4 === 0 ? String(93_000_000 + i) : ''},512555${String(i % 10_000).padStart(4, '0')},local-moving|storage,"Movers, number ${i}",${i % 50 === 0}`,
      );
    }
    const file = `${lines.join('\n')}\n`;
    const before = (await app.db('companies').count({ n: '*' }).first()) as {
      n: number | string;
    };
    const report = await dryRun(file);
    expect(report.dryRun).toEqual({
      rows: 20_000,
      created: 20_000,
      updated: 0,
      unchanged: 0,
      rejected: 0,
    });
    const done = await importAndWait(report.id, 540_000);
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: { rows: 20_000, created: 20_000, updated: 0, unchanged: 0, rejected: 0 },
    });
    const after = (await app.db('companies').count({ n: '*' }).first()) as { n: number | string };
    expect(Number(after.n) - Number(before.n)).toBe(20_000);
    const bulk = app.db('companies').where('slug', 'like', `${WORD}-bulk-%`);
    expect(
      Number(((await bulk.clone().count({ n: '*' }).first()) as { n: number | string }).n),
    ).toBe(20_000);
    expect(
      Number(
        (
          (await bulk.clone().where('is_featured', true).count({ n: '*' }).first()) as {
            n: number | string;
          }
        ).n,
      ),
    ).toBe(400);
    expect(
      Number(
        (
          (await bulk.clone().whereNotNull('usdot_number').count({ n: '*' }).first()) as {
            n: number | string;
          }
        ).n,
      ),
    ).toBe(5000);
    const sample = (await app
      .db('companies')
      .where('slug', `${WORD}-bulk-17777`)
      .first('id', 'phone', 'description')) as {
      id: number;
      phone: string;
      description: string;
    };
    expect(sample).toMatchObject({
      phone: '(512) 555-7777',
      description: 'Movers, number 17777',
    });
    expect(
      await app
        .db('company_services')
        .where('company_id', sample.id)
        .orderBy('service_id')
        .pluck('service_id'),
    ).toEqual(['local-moving', 'storage']);
    expect(
      await app
        .db('company_search_tokens')
        .where('company_id', sample.id)
        .orderBy('token')
        .pluck('token'),
    ).toEqual(['17777', 'bulk', WORD]);
  });
});
