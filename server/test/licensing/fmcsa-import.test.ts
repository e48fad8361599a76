/**
 * The import of FMCSA's public files over HTTP on every test database, with the files written here in the
 * exact formats FMCSA publishes (quoted CSV): malformed rows reported by line, duplicate dockets, zero-padded
 * and unknown (00000000) USDOT numbers, both date styles; files refused as a whole (an unknown header,
 * another encoding, cut mid-row or inside a quote) leave every fact as it was; a re-import of the same file
 * changes nothing; an import stopped part-way resumes after its last committed batch; our companies are
 * matched by USDOT number, then by MC docket.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWorker } from '../../src/jobs/worker';
import { runLicensingImport } from '../../src/features/licensing/import-job';
import { receiveFile } from '../../src/features/licensing/import-store';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import {
  CENSUS_HEADER,
  censusRow,
  cleanLicensing,
  FILLER,
  fmcsaCsv,
  importLicensingFile,
  quoted,
  REVOCATIONS_HEADER,
  startLicensingWorker,
  uploadLicensingFile,
} from './support';
import { startTestApp, type TestApp } from '../test-app';

describe.each(testDatabases())('FMCSA import on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  let worker: JobWorker;
  /** Two seeded companies: A is matched by its USDOT number, B (whose USDOT number is not in the census) by MC. */
  let companyA: { id: number; usdot_number: string; mc_number: string | null };
  let companyB: { id: number; usdot_number: string; mc_number: string };

  const clean = cleanLicensing;

  /** Every fact we hold and every match: equal before and after means untouched. */
  async function fingerprint(): Promise<string> {
    const hash = createHash('sha256');
    hash.update(JSON.stringify(await app.db('fmcsa_carriers').orderBy('dot_number')));
    hash.update(JSON.stringify(await app.db('fmcsa_revocations').orderBy('revocation_key')));
    hash.update(JSON.stringify(await app.db('licensing_company_matches').orderBy('company_id')));
    return hash.digest('hex');
  }

  const upload = (body: string | Buffer, filename: string, fileDate?: string) =>
    uploadLicensingFile(admin, body, filename, fileDate);
  const importAndWait = (body: string | Buffer, filename: string, fileDate?: string) =>
    importLicensingFile(admin, body, filename, fileDate);

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    await clean(app.db);
    companyA = (await app
      .db('companies')
      .whereNotNull('usdot_number')
      .orderBy('id')
      .first('id', 'usdot_number', 'mc_number')) as typeof companyA;
    companyB = (await app
      .db('companies')
      .whereNotNull('usdot_number')
      .whereNotNull('mc_number')
      .whereNot('id', companyA.id)
      .orderBy('id', 'desc')
      .first('id', 'usdot_number', 'mc_number')) as typeof companyB;
    worker = startLicensingWorker(app.db, database.config);
  });

  afterAll(async () => {
    await worker?.stop();
    if (app) {
      await clean(app.db);
      await app.close();
    }
  });

  const censusFile = () => {
    const a = Number(companyA.usdot_number);
    return fmcsaCsv([
      CENSUS_HEADER,
      // 2: company A, zero-padded, Oracle-style dates.
      censusRow({
        DOT_NUMBER: String(a).padStart(8, '0'),
        LEGAL_NAME: 'ALPHA MOVING INC',
        MCS150_DATE: '15-JAN-24',
      }),
      // 3: the other date style.
      censusRow({
        DOT_NUMBER: String(FILLER + 1),
        MCS150_DATE: '02/29/2024',
        ADD_DATE: '12/31/1999',
      }),
      // 4: a flag that is not Y or N.
      censusRow({ DOT_NUMBER: String(FILLER + 2), HM_FLAG: 'X' }),
      // 5: USDOT number unknown.
      censusRow({ DOT_NUMBER: '00000000' }),
      // 6: the same carrier as line 3 again.
      censusRow({ DOT_NUMBER: String(FILLER + 1).padStart(8, '0'), LEGAL_NAME: 'SOMEONE ELSE' }),
      // 7: fields missing.
      ['00000042', 'SHORT ROW LLC'],
      // 8–9: a name with a comma and a line break inside its quotes.
      censusRow({
        DOT_NUMBER: String(FILLER + 3),
        LEGAL_NAME: 'SMITH, JONES\r\nAND SONS',
        DBA_NAME: 'S&J "BEST" MOVERS',
      }),
      // 10: a date that is no day.
      censusRow({ DOT_NUMBER: String(FILLER + 4), MCS150_DATE: '31-APR-24' }),
    ]);
  };

  it('imports the census: facts with their source, rejected rows by line, company A matched by USDOT', async () => {
    const done = await importAndWait(censusFile(), 'FMCSA_CENSUS1_2024Feb.txt');
    expect(done.error).toBeNull();
    expect(done).toMatchObject({
      kind: 'census',
      fileLabel: 'the motor carrier census',
      filename: 'FMCSA_CENSUS1_2024Feb.txt',
      fileDate: '2024-02-01',
      fileDateSource: 'file name',
      status: 'succeeded',
      progress: 100,
      rows: { read: 8, rejected: 5, applied: 3, inserted: 3, updated: 0, unchanged: 0 },
      createdBy: 'admin:test-admin',
    });
    expect(done.rejected).toEqual([
      { line: 4, reason: 'The hazardous materials flag must be Y or N (it is "X")' },
      { line: 5, reason: 'The USDOT number is missing or unknown' },
      {
        line: 6,
        reason: `The USDOT number ${FILLER + 1} is on an earlier line too; the first row with it is kept`,
      },
      { line: 7, reason: `The row has 2 fields where the header has ${CENSUS_HEADER.length}` },
      {
        line: 10,
        reason: 'The MCS-150 date "31-APR-24" is not a date (like 15-JAN-24 or 01/15/2024)',
      },
    ]);
    const carriers = (await app.db('fmcsa_carriers').orderBy('dot_number')) as Array<
      Record<string, unknown>
    >;
    expect(carriers.map((c) => Number(c.dot_number))).toEqual([
      Number(companyA.usdot_number),
      FILLER + 1,
      FILLER + 3,
    ]);
    expect(carriers[0]).toMatchObject({
      legal_name: 'ALPHA MOVING INC',
      legal_name_key: 'alpha moving inc',
      mcs150_date: '2024-01-15',
      source_file: 'FMCSA_CENSUS1_2024Feb.txt',
      source_date: '2024-02-01',
      last_seen_date: '2024-02-01',
      source_import_id: done.id,
    });
    expect(carriers[1]).toMatchObject({
      legal_name: 'TEST CARRIER LLC',
      mcs150_date: '2024-02-29',
      add_date: '1999-12-31',
    });
    expect(carriers[2]).toMatchObject({
      legal_name: 'SMITH, JONES\r\nAND SONS',
      dba_name: 'S&J "BEST" MOVERS',
    });
    expect(Boolean(carriers[1]!.authorized_for_hire)).toBe(true);
    expect(Boolean(carriers[1]!.hm_flag)).toBe(false);
    expect(
      await app
        .db('licensing_company_matches')
        .where('company_id', companyA.id)
        .first('dot_number', 'matched_by'),
    ).toMatchObject({ dot_number: Number(companyA.usdot_number), matched_by: 'usdot' });
    // The file's bytes are dropped once imported; the staff's upload is in the audit log.
    expect(
      await app.db('licensing_import_chunks').where('import_id', done.id).first(),
    ).toBeUndefined();
    expect(
      await app
        .db('audit_events')
        .where({ action: 'licensing_import.upload', entity_id: String(done.id) })
        .first('actor_username'),
    ).toMatchObject({ actor_username: 'test-admin' });
    const page = (await (
      await admin.request(`/api/admin/licensing/imports/${done.id}/rejections?afterLine=6`)
    ).json()) as { items: unknown[]; nextAfterLine: number | null };
    expect(page).toEqual({ items: done.rejected.slice(3), nextAfterLine: null });
    // Company A's USDOT number as people typed it is not rewritten.
    expect(await app.db('companies').where('id', companyA.id).first('usdot_number')).toEqual({
      usdot_number: companyA.usdot_number,
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await fingerprint();
    const again = await importAndWait(censusFile(), 'FMCSA_CENSUS1_2024Feb.txt');
    expect(again).toMatchObject({
      status: 'succeeded',
      rows: { read: 8, rejected: 5, applied: 0, inserted: 0, updated: 0, unchanged: 3 },
    });
    expect(await fingerprint()).toBe(before);
  });

  it('imports revocations: repeated dockets, unknown USDOT numbers, no effective date; company B matched by MC', async () => {
    const docketB = String(companyB.mc_number).replace(/\D/g, '');
    const file = fmcsaCsv([
      REVOCATIONS_HEADER,
      [
        `MC${docketB.padStart(6, '0')}`,
        '00000000',
        'COMMON',
        '01/15/2024',
        'INVOLUNTARY REVOCATION',
        '02/14/2024',
      ],
      [
        `MC${docketB.padStart(6, '0')}`,
        '00000000',
        'BROKER',
        '01/15/2024',
        'INVOLUNTARY REVOCATION',
        '',
      ],
      // The very same revocation twice: one fact.
      [
        'MC000777',
        String(FILLER + 1).padStart(8, '0'),
        'COMMON',
        '03/01/2023',
        'VOLUNTARY REVOCATION',
        '03/02/2023',
      ],
      [
        'MC000777',
        String(FILLER + 1).padStart(8, '0'),
        'COMMON',
        '03/01/2023',
        'VOLUNTARY REVOCATION',
        '03/02/2023',
      ],
      ['FF000778', '00000000', 'CONTRACT', '04/01/2023', 'INVOLUNTARY REVOCATION', ''],
      // 7: not a docket.
      ['778', '00000000', 'COMMON', '04/01/2023', 'INVOLUNTARY REVOCATION', ''],
      // 8: a serve date in neither style.
      ['MX000779', '00000000', 'COMMON', '2023.04.01', 'INVOLUNTARY REVOCATION', ''],
    ]);
    const done = await importAndWait(file, 'revocations.csv', '2024-03-01');
    expect(done).toMatchObject({
      kind: 'revocations',
      fileDate: '2024-03-01',
      fileDateSource: 'stated',
      status: 'succeeded',
      rows: { read: 7, rejected: 2, applied: 4, inserted: 4, updated: 0, unchanged: 1 },
    });
    expect(done.rejected).toEqual([
      { line: 7, reason: 'The docket number "778" is not a docket (MC, FF or MX and digits)' },
      {
        line: 8,
        reason: 'The serve date "2023.04.01" is not a date (like 15-JAN-24 or 01/15/2024)',
      },
    ]);
    const revocations = (await app
      .db('fmcsa_revocations')
      .orderBy('revocation_key')
      .select(
        'docket',
        'dot_number',
        'authority_type',
        'serve_date',
        'effective_date',
        'source_file',
      )) as Array<Record<string, unknown>>;
    expect(revocations).toContainEqual({
      docket: `MC${Number(docketB)}`,
      dot_number: null,
      authority_type: 'BROKER',
      serve_date: '2024-01-15',
      effective_date: null,
      source_file: 'revocations.csv',
    });
    expect(revocations.filter((r) => r.docket === 'MC777')).toHaveLength(1);
    expect(revocations.find((r) => r.docket === 'MC777')!.dot_number).toBe(FILLER + 1);
    // B's USDOT number is in no census row: matched by its MC docket, as typed ("MC-…").
    expect(
      await app
        .db('licensing_company_matches')
        .where('company_id', companyB.id)
        .first('docket', 'matched_by'),
    ).toEqual({ docket: `MC${Number(docketB)}`, matched_by: 'mc' });
    // A is still matched by its USDOT number, first.
    expect(
      await app
        .db('licensing_company_matches')
        .where('company_id', companyA.id)
        .first('matched_by'),
    ).toEqual({ matched_by: 'usdot' });

    const before = await fingerprint();
    const again = await importAndWait(file, 'revocations.csv', '2024-03-01');
    expect(again.rows).toMatchObject({ inserted: 0, updated: 0, unchanged: 5 });
    expect(await fingerprint()).toBe(before);
  });

  it('refuses a header that is no FMCSA file at once, and keeps nothing of it', async () => {
    const imports = await app.db('licensing_imports').count({ n: '*' }).first();
    const res = await upload('name,city,state\r\n"Acme","Dallas","TX"\r\n', 'companies.csv');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error:
        'The first line of the file is not the header of an FMCSA file we import (the motor carrier census or the L&I revocations file). Nothing was imported; upload the file as FMCSA publishes it, with its header line.',
    });
    expect(await app.db('licensing_imports').count({ n: '*' }).first()).toEqual(imports);
  });

  it('refuses files that cannot be read whole, and leaves every fact as it was', async () => {
    const before = await fingerprint();
    const goodRow = censusRow({ DOT_NUMBER: String(FILLER + 50) });
    const refusals: Array<[string, Buffer | string, string]> = [
      [
        'not UTF-8',
        Buffer.concat([
          Buffer.from(fmcsaCsv([CENSUS_HEADER, goodRow])),
          Buffer.from(
            `${quoted(censusRow({ DOT_NUMBER: String(FILLER + 51), LEGAL_NAME: 'CAF' }))}`,
          ),
          Buffer.from([0xc9]), // É in Windows-1252
          Buffer.from('\r\n'),
        ]),
        'The file is not UTF-8 text: line 3 has bytes that are not UTF-8 (Windows-1252 or Latin-1, perhaps). Nothing was imported; save it as UTF-8 and upload it again.',
      ],
      [
        'cut mid-row',
        fmcsaCsv(
          [CENSUS_HEADER, goodRow, censusRow({ DOT_NUMBER: String(FILLER + 52) }).slice(0, 10)],
          {
            finalBreak: false,
          },
        ),
        `The file ends in the middle of a row (line 3 has 10 of ${CENSUS_HEADER.length} fields and no line break after it): it looks cut off. Nothing was imported; upload the complete file.`,
      ],
      [
        'cut inside a quote',
        `${fmcsaCsv([CENSUS_HEADER, goodRow])}"${FILLER + 53}","HALF A NA`,
        'The file ends inside a quoted value that starts on line 3: it looks cut off, or a quote is missing. Nothing was imported; upload the complete file.',
      ],
      [
        'UTF-16',
        Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from(fmcsaCsv([CENSUS_HEADER, goodRow]), 'utf16le'),
        ]),
        'The file is encoded as UTF-16. Nothing was imported.',
      ],
    ];
    for (const [what, body, error] of refusals) {
      if (what === 'UTF-16') {
        const res = await upload(body, `${what}.csv`);
        expect(res.status, what).toBe(400);
        expect(await res.json(), what).toEqual({ error });
        continue;
      }
      const done = await importAndWait(body, `${what}.csv`);
      expect({ status: done.status, error: done.error }, what).toEqual({
        status: 'refused',
        error,
      });
      expect(done.rows.applied, what).toBe(0);
      expect(done.rejected, what).toEqual([]);
      expect(
        await app.db('licensing_import_chunks').where('import_id', done.id).first(),
        what,
      ).toBeUndefined();
    }
    // The good rows before each flaw were not imported either.
    expect(
      await app
        .db('fmcsa_carriers')
        .where('dot_number', FILLER + 50)
        .first(),
    ).toBeUndefined();
    expect(await fingerprint()).toBe(before);
  });

  it('resumes an import stopped part-way after its last committed batch, writing no row twice', async () => {
    const rows = 1200;
    const file = fmcsaCsv([
      CENSUS_HEADER,
      ...Array.from({ length: rows }, (_, i) =>
        censusRow({
          DOT_NUMBER: String(FILLER + 1000 + i).padStart(8, '0'),
          LEGAL_NAME: `CARRIER ${i}`,
        }),
      ),
    ]);
    const { id } = await receiveFile(app.db, Readable.from([Buffer.from(file)]), {
      filename: 'census-resume.csv',
      fileDate: '2024-05-01',
      createdBy: 'test',
    });
    await app.db('licensing_imports').where('id', id).update({ status: 'queued' });
    const job = { payload: { importId: id }, attempts: 1, maxAttempts: 5 };
    // The worker "crashes" at its first batch's progress report: that batch is committed, the rest are not.
    let reports = 0;
    const crash = {
      progress: async (percent: number) => {
        if (percent > 33 && ++reports === 1) throw new Error('the worker was killed');
      },
    };
    await expect(
      runLicensingImport(app.db, job, new AbortController().signal, crash),
    ).rejects.toThrow('the worker was killed');
    const stopped = (await app.db('licensing_imports').where('id', id).first()) as Record<
      string,
      number | string
    >;
    expect(stopped.status).toBe('applying');
    const committed = Number(stopped.rows_done);
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(rows);
    expect(Number(stopped.resume_line)).toBe(committed);
    expect(
      Number(
        (
          (await app
            .db('fmcsa_carriers')
            .where('source_import_id', id)
            .count({ n: '*' })
            .first()) as { n: number }
        ).n,
      ),
    ).toBe(committed);

    const result = await runLicensingImport(
      app.db,
      { ...job, attempts: 2 },
      new AbortController().signal,
    );
    expect(result).toMatchObject({
      status: 'succeeded',
      rowsRead: rows,
      rowsRejected: 0,
      inserted: rows,
      updated: 0,
      unchanged: 0,
    });
    expect(
      Number(
        (
          (await app
            .db('fmcsa_carriers')
            .where('source_import_id', id)
            .count({ n: '*' })
            .first()) as { n: number }
        ).n,
      ),
    ).toBe(rows);
  });
});
