/**
 * The real entry point as a newcomer runs it: first start migrates and seeds an empty database, creates the
 * configured admin, serves, and on SIGTERM finishes the requests in flight before exiting cleanly.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { verifyPassword } from '../../src/features/auth/passwords';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('server start-up and graceful shutdown', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-start-'));
  const dbFile = path.join(dir, 'fresh.sqlite');
  let child: ChildProcessWithoutNullStreams;
  let output = '';
  let baseUrl = '';

  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${dbFile}`,
        SEED_COMPANIES: '600',
        ADMIN_USERNAME: 'opsadmin',
        ADMIN_PASSWORD: 'drain-test walrus kettle 7',
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
      },
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /serving on http:\/\/localhost:(\d+)/.exec(output);
        if (match) {
          clearInterval(timer);
          resolve(`http://127.0.0.1:${match[1]}`);
        }
      }, 50);
      child.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
  }, 120_000);

  afterAll(() => {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('migrates, seeds and creates the admin on first start', async () => {
    const res = await fetch(`${baseUrl}/api/states`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(51);
    expect(output).toContain('seeded the sample directory');
    expect(output).toContain('admin user created');
    // Logs are structured JSON lines. The request's line is written once the response has finished, so it
    // may reach this process's pipe a moment after the answer (CI's loaded Node 24 run saw it late).
    const requestLine = () => output.split('\n').find((l) => l.includes('"req"'));
    await expect.poll(requestLine, { timeout: 10_000 }).toBeDefined();
    const line = requestLine();
    expect(line && JSON.parse(line)).toMatchObject({
      req: { method: 'GET', url: '/api/states' },
      res: { statusCode: 200 },
    });

    const db = openDatabase({ client: 'sqlite', filename: dbFile });
    try {
      const admin = (await db('admin_users')
        .where({ username: 'opsadmin' })
        .first('password_hash')) as { password_hash: string };
      expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(admin.password_hash, 'drain-test walrus kettle 7')).toBe(true);
      expect(await verifyPassword(admin.password_hash, 'wrong')).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('finishes a request in flight on SIGTERM, refuses new ones, then exits with 0', async () => {
    // A request whose body is still arriving when the signal comes: the server is mid-request.
    const { port } = new URL(baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const body = '{"move_size":"2-3br"}';
    socket.write(
      `POST /api/nowhere HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.slice(0, 5));
    await delay(300);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await delay(300);
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();

    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    const ended = once(socket, 'close');
    socket.write(body.slice(5));
    await ended;
    expect(response).toMatch(/^HTTP\/1\.1 404 Not Found/);
    expect(response).toContain('{"error":"No API endpoint POST /nowhere"}');
    expect(await exited).toBe(0);
    expect(output).toContain('draining');
    expect(output).toContain('stopped');
  });
});
