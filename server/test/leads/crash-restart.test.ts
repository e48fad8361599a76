/**
 * The hardest restart: the server process is killed (SIGKILL) while its worker is in the middle of forwarding a
 * lead to a backend that has not answered. The lead was committed before the visitor's answer; the job's lease
 * expires; the next server's worker claims it again and the lead reaches the backend exactly once.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../databases';
import { jobEvents } from '../../src/jobs/queue';
import { FakeCloudFunctions } from './fake-cloud-functions';
import { FAST_JOBS, leadForm, removeLeads, startLeadApp, waitFor } from './support';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function startServerProcess(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcessWithoutNullStreams; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...FAST_JOBS,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /serving on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    }, 25);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, baseUrl };
}

describe.each(testDatabases())('a server killed mid-delivery on $name', (database) => {
  const upstream = new FakeCloudFunctions();
  const uuids: string[] = [];
  beforeAll(() => upstream.start());
  afterAll(async () => {
    const cleanup = await startLeadApp(database.config);
    await removeLeads(cleanup.db, uuids);
    await cleanup.close();
    await upstream.stop();
  });

  it('delivers the lead exactly once through the next server', async () => {
    const databaseUrl =
      database.config.client === 'sqlite'
        ? `sqlite:${database.config.filename}`
        : database.config.url;
    const env = {
      LEAD_BACKEND_URL: upstream.url,
      // Production refuses a plain-http backend on loopback unless the operator allows it.
      LEAD_BACKEND_ALLOW_PRIVATE: '1',
      LEAD_BACKEND_TIMEOUT_MS: '1000',
      JOB_LEASE_MS: '3000',
    };
    upstream.mode = 'hang';
    const { child, baseUrl } = await startServerProcess(databaseUrl, env);
    const fields = leadForm();
    uuids.push(fields.lead_uuid!);
    try {
      const res = await fetch(`${baseUrl}/api/proxy/send_lead`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      expect(res.status).toBe(200);
      await waitFor(
        () => upstream.attempts('/send_lead', fields.lead_uuid) === 1,
        10_000,
        'the first attempt',
      );
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }

    upstream.mode = 'ok';
    const next = await startLeadApp(database.config, env, { worker: true });
    try {
      const row = (await next.db('leads').where({ lead_uuid: fields.lead_uuid }).first('id')) as {
        id: number;
      };
      const job = (await next
        .db('jobs')
        .where({ type: 'lead.forward', payload: JSON.stringify({ leadId: row.id }) })
        .first('id', 'status')) as { id: number; status: string };
      expect(job.status).toBe('running');
      await waitFor(
        async () =>
          (
            (await next.db('leads').where({ id: row.id }).first('delivery_status')) as {
              delivery_status: string;
            }
          ).delivery_status === 'delivered',
        15_000,
        'delivery after the restart',
      );
      expect(upstream.acceptedLeads.get(fields.lead_uuid!)).toBe(1);
      expect((await jobEvents(next.db, Number(job.id))).map((e) => e.event)).toEqual([
        'lease-expired',
        'succeeded',
      ]);
    } finally {
      await next.close();
    }
  }, 60_000);
});
