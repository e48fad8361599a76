/**
 * What the licensing tests share: FMCSA's files written in their published formats (quoted CSV, CRLF), the
 * import over the admin API with a wait for its end, a job worker that runs imports, and the clean-up of
 * every licensing table.
 */
import type { Knex } from 'knex';
import { pino } from 'pino';
import { expect } from 'vitest';
import { JobWorker } from '../../src/jobs/worker';
import { licensingImportHandlers, LICENSING_IMPORT_JOB } from '../../src/features/licensing';
import { censusFields } from '../../src/features/licensing/files/census';
import type { LicensingImportView } from '../../src/features/licensing/import-store';
import type { DatabaseConfig } from '../../src/config';
import type { AdminClient } from '../admin-session';

export const CENSUS_HEADER = censusFields.map((f) => f.column);
export const REVOCATIONS_HEADER = [
  'DOCKET_NUMBER',
  'DOT_NUMBER',
  'OPERATING_AUTHORITY_REGISTRATION_TYPE',
  'SERVE_DATE',
  'REVOCATION_TYPE',
  'EFFECTIVE_DATE',
];

/** FMCSA's quoting: every value in double quotes, quotes doubled, CRLF line ends. */
export const quoted = (cells: readonly string[]) =>
  cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');
export const fmcsaCsv = (rows: ReadonlyArray<readonly string[]>, { finalBreak = true } = {}) =>
  rows.map(quoted).join('\r\n') + (finalBreak ? '\r\n' : '');

/** A census row: an interstate, for-hire Dallas carrier unless `values` say otherwise. */
export function censusRow(values: Record<string, string>): string[] {
  const base: Record<string, string> = {
    LEGAL_NAME: 'TEST CARRIER LLC',
    CARRIER_OPERATION: 'A',
    PHY_STATE: 'TX',
    PHY_CITY: 'DALLAS',
    PHY_COUNTRY: 'US',
    MCS150_DATE: '15-JAN-24',
    ADD_DATE: '01/15/2009',
    NBR_POWER_UNIT: '3',
    DRIVER_TOTAL: '4',
    AUTHORIZED_FOR_HIRE: 'Y',
  };
  return CENSUS_HEADER.map(
    (c) =>
      values[c] ??
      base[c] ??
      (/_FLAG$|^PRIVATE|FOR_HIRE|MIGRANT|US_MAIL|GOVERNMENT|TRIBE|OP_OTHER/.test(c) ? 'N' : ''),
  );
}

/** DOT numbers of the files' own carriers: far above any the seed draws. */
export const FILLER = 95_000_000;

/** Empties every licensing table and the import jobs. */
export async function cleanLicensing(db: Knex): Promise<void> {
  await db('licensing_company_matches').delete();
  await db('fmcsa_carriers').delete();
  await db('fmcsa_revocations').delete();
  await db('licensing_import_rejections').delete();
  await db('licensing_import_chunks').delete();
  await db('licensing_imports').delete();
  await db('jobs').where('type', LICENSING_IMPORT_JOB).delete();
}

/**
 * A worker that runs licensing imports (stop it in afterAll), each in a thread of its own as the server runs
 * them when `database` is given.
 */
export function startLicensingWorker(db: Knex, database?: DatabaseConfig): JobWorker {
  const worker = new JobWorker({
    db,
    logger: pino({ level: 'silent' }),
    handlers: licensingImportHandlers(db, database),
    concurrency: 1,
    pollIntervalMs: 50,
    leaseMs: 60_000,
    backoff: { baseMs: 100, maxMs: 1000 },
  });
  worker.start();
  return worker;
}

/** Uploads a file through the admin API. */
export const uploadLicensingFile = (
  admin: AdminClient,
  body: string | Buffer,
  filename: string,
  fileDate?: string,
) =>
  admin.request(
    `/api/admin/licensing/imports?filename=${encodeURIComponent(filename)}${fileDate ? `&fileDate=${fileDate}` : ''}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    },
  );

/** Uploads a file and waits until its import has ended (a worker must be running). */
export async function importLicensingFile(
  admin: AdminClient,
  body: string | Buffer,
  filename: string,
  fileDate?: string,
): Promise<LicensingImportView> {
  const res = await uploadLicensingFile(admin, body, filename, fileDate);
  const started = (await res.json()) as LicensingImportView;
  expect(res.status, JSON.stringify(started)).toBe(202);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = (await (
      await admin.request(`/api/admin/licensing/imports/${started.id}`)
    ).json()) as LicensingImportView;
    if (['succeeded', 'refused', 'failed'].includes(state.status)) return state;
    if (Date.now() > deadline) throw new Error(`import ${started.id} still ${state.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
