/**
 * FMCSA's files downloaded on schedule, on every test database (issue 20): the "Import FMCSA's files" script,
 * run through the admin API as the schedule runs it, downloads the addresses set in FMCSA_CENSUS_URL and
 * FMCSA_REVOCATIONS_URL (served here on loopback), imports them like uploads with the server's
 * Last-Modified day as the file's date, skips a file unchanged since its last import, and says in words why
 * an address that serves the wrong file or redirects was not imported. Production takes https addresses only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDetailResponseSchema, scriptRunResponseSchema } from '@moveratlas/contracts';
import { loadConfig } from '../../src/config';
import type { JobWorker } from '../../src/jobs/worker';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { startScriptWorker } from '../script-worker';
import { startTestApp, type TestApp } from '../test-app';
import {
  CENSUS_HEADER,
  censusRow,
  cleanLicensing,
  FILLER,
  fmcsaCsv,
  REVOCATIONS_HEADER,
  startLicensingWorker,
} from './support';

const CENSUS = fmcsaCsv([
  CENSUS_HEADER,
  censusRow({ DOT_NUMBER: String(FILLER + 801), LEGAL_NAME: 'SCHEDULED HAULING LLC' }),
  censusRow({ DOT_NUMBER: String(FILLER + 802), LEGAL_NAME: 'WEEKLY MOVERS INC' }),
]);
const REVOCATIONS = fmcsaCsv([
  REVOCATIONS_HEADER,
  [
    'MC0123456',
    String(FILLER + 802).padStart(8, '0'),
    'COMMON',
    '10/02/2026',
    'INVOLUNTARY REVOCATION',
    '',
  ],
]);

interface Outcome {
  kind: string;
  outcome: 'queued' | 'unchanged' | 'failed';
  message: string;
}

describe.each(testDatabases())('scheduled FMCSA imports on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  let files: Server;
  let origin: string;
  let imports: JobWorker;
  let scripts: JobWorker | undefined;

  /** Runs the script through the admin API with a worker that has `env`, and answers its outcomes. */
  async function runScript(env: NodeJS.ProcessEnv): Promise<Outcome[]> {
    await scripts?.stop();
    scripts = startScriptWorker(app, database.config, env);
    const res = await admin.request('/api/admin/scripts/import-fmcsa-files/run', {
      method: 'POST',
      body: JSON.stringify({ params: {} }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const { jobId } = scriptRunResponseSchema.parse(await res.json());
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { job } = jobDetailResponseSchema.parse(
        await (await admin.request(`/api/admin/jobs/${jobId}`)).json(),
      );
      if (['succeeded', 'dead', 'failed', 'cancelled'].includes(job.status)) {
        expect(job.status, job.lastError ?? '').toBe('succeeded');
        return (job.result as { outcomes: Outcome[] }).outcomes;
      }
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function importsEnded(): Promise<Array<Record<string, unknown>>> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const rows = (await app
        .db('licensing_imports')
        .orderBy('id')
        .select(
          'kind',
          'filename',
          'file_date',
          'file_date_source',
          'status',
          'created_by',
        )) as Array<Record<string, unknown>>;
      if (rows.every((r) => ['succeeded', 'refused', 'failed'].includes(String(r.status))))
        return rows;
      if (Date.now() > deadline) throw new Error('the imports did not end');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    files = createServer((req, res) => {
      if (req.url === '/fmcsa/FMCSA_CENSUS1_2026Nov.txt') {
        res.writeHead(200, {
          'Content-Type': 'text/plain',
          'Last-Modified': 'Sun, 01 Nov 2026 06:00:00 GMT',
        });
        res.end(CENSUS);
      } else if (req.url === '/fmcsa/revocations.txt') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(REVOCATIONS);
      } else if (req.url === '/fmcsa/moved.txt') {
        res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    app = await startTestApp(database.config);
    await cleanLicensing(app.db);
    admin = await loginAsAdmin(app.baseUrl);
    imports = startLicensingWorker(app.db);
  });

  afterAll(async () => {
    await scripts?.stop();
    await imports?.stop();
    files?.close();
    if (app) {
      await cleanLicensing(app.db);
      await app.db('jobs').where('type', 'script.import-fmcsa-files').delete();
      await app.close();
    }
  });

  it('says there is nothing to do while no address is set', async () => {
    expect(await runScript({})).toEqual([]);
    expect(await app.db('licensing_imports').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('downloads both files and imports them, dated by the server’s Last-Modified day', async () => {
    const env = {
      FMCSA_CENSUS_URL: `${origin}/fmcsa/FMCSA_CENSUS1_2026Nov.txt`,
      FMCSA_REVOCATIONS_URL: `${origin}/fmcsa/revocations.txt`,
    };
    expect((await runScript(env)).map((o) => [o.kind, o.outcome])).toEqual([
      ['census', 'queued'],
      ['revocations', 'queued'],
    ]);
    imports.kick();
    expect(await importsEnded()).toEqual([
      {
        kind: 'census',
        filename: 'FMCSA_CENSUS1_2026Nov.txt',
        file_date: '2026-11-01',
        file_date_source: 'stated',
        status: 'succeeded',
        created_by: 'schedule',
      },
      {
        kind: 'revocations',
        filename: 'revocations.txt',
        file_date: new Date().toISOString().slice(0, 10),
        file_date_source: 'upload',
        status: 'succeeded',
        created_by: 'schedule',
      },
    ]);
    expect(
      await app
        .db('fmcsa_carriers')
        .where('dot_number', FILLER + 802)
        .first('legal_name', 'source_file'),
    ).toEqual({ legal_name: 'WEEKLY MOVERS INC', source_file: 'FMCSA_CENSUS1_2026Nov.txt' });

    // The next week, the same files: nothing is imported again.
    const again = await runScript(env);
    expect(again.map((o) => [o.kind, o.outcome])).toEqual([
      ['census', 'unchanged'],
      ['revocations', 'unchanged'],
    ]);
    expect(again[0]!.message).toMatch(/^the same file as import \d+: nothing to change$/);
    expect(await app.db('licensing_imports').count({ n: '*' })).toEqual([{ n: 2 }]);
  });

  it('says why an address serving the wrong file, redirecting or missing was not imported', async () => {
    const wrong = await runScript({
      FMCSA_CENSUS_URL: `${origin}/fmcsa/revocations.txt`,
      FMCSA_REVOCATIONS_URL: `${origin}/fmcsa/moved.txt`,
    });
    expect(wrong).toEqual([
      expect.objectContaining({
        kind: 'census',
        outcome: 'failed',
        message: 'the address serves the L&I revocations file, not the file it is set for',
      }),
      expect.objectContaining({
        kind: 'revocations',
        outcome: 'failed',
        message: expect.stringContaining('answered with a redirect (302), which is never followed'),
      }),
    ]);
    const missing = await runScript({ FMCSA_CENSUS_URL: `${origin}/fmcsa/gone.txt` });
    expect(missing).toEqual([
      expect.objectContaining({ outcome: 'failed', message: 'the address answered 404' }),
    ]);
    expect(await app.db('licensing_imports').count({ n: '*' })).toEqual([{ n: 2 }]);
  });
});

describe('FMCSA file addresses in production', () => {
  it('must be https', () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_USERNAME: 'staff',
      ADMIN_PASSWORD: 'a long and unusual passphrase 4417',
    };
    expect(() =>
      loadConfig({ ...production, FMCSA_CENSUS_URL: 'http://fmcsa.example/census.txt' }),
    ).toThrow('FMCSA_CENSUS_URL and FMCSA_REVOCATIONS_URL must be https:// URLs in production');
    expect(
      loadConfig({ ...production, FMCSA_CENSUS_URL: 'https://fmcsa.example/census.txt' })
        .fmcsaFileUrls,
    ).toEqual({ census: 'https://fmcsa.example/census.txt', revocations: undefined });
  });
});
