/**
 * The production start, `server/bin/serve`, as an operator's supervisor runs it: the process it starts is the
 * server itself (no npm, shell or tsx CLI in between), so a SIGTERM sent to that pid drains the requests in
 * flight and ends in exit 0; it builds nothing and never touches the bundles other processes serve, and it
 * refuses to start without them. `npm start` ends in the same script, so npm's own forwarding of SIGTERM and
 * SIGINT reaches the server too.
 *
 * SQLite only: each server here is a child process with a temp SQLite file of its own. The checks of the process
 * tree read /proc (Linux; CI) and are left out where there is none.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, serving, type Started } from '../support/server-process';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.dirname(serverDir);
const serveScript = path.join(serverDir, 'bin', 'serve');
/** What the server serves from the build: the directory's client and SSR bundles, the widget. */
const distDirs = [path.join(repoRoot, 'directory', 'dist'), path.join(repoRoot, 'widget', 'dist')];
const procfs = fs.existsSync('/proc/self/stat');

function serverEnv(dbFile: string): NodeJS.ProcessEnv {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${dbFile}`,
    SEED_COMPANIES: '600',
    LOG_LEVEL: 'info',
  };
}

/** Every file under the dist folders with its modification time, size and SHA-256. */
function snapshot(dirs: string[]): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        const stat = fs.statSync(file);
        const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
        files[path.relative(repoRoot, file)] = `${stat.mtimeMs} ${stat.size} ${hash}`;
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return files;
}

/** A process's command line, as the kernel has it. */
function commandLine(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

function environment(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
}

/** The pids whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/** Every process below `pid`, deepest first. */
function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [...descendantsOf(child), child]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends a child that is still running, and everything below it first: should a test fail, a SIGKILLed npm (or
 * tsx CLI) would leave its children running as orphans.
 */
function kill(child: ChildProcessWithoutNullStreams): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (procfs)
    for (const pid of descendantsOf(child.pid!)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  child.kill('SIGKILL');
}

/** The server's own process: Node running main.ts with tsx's loader in process, no tsx CLI. */
function expectServerProcess(pid: number): void {
  const argv = commandLine(pid);
  expect(path.basename(argv[0]!)).toMatch(/^node/);
  expect(argv.slice(1)).toEqual(['--import', 'tsx', 'src/main.ts']);
  expect(environment(pid)).toContain('NODE_ENV=production');
  // No second Node process below it (the tsx CLI would run the program in a child).
  for (const child of childrenOf(pid))
    expect(path.basename(commandLine(child)[0] ?? '')).not.toMatch(/^node/);
}

/** A request sent in two parts: `first` at once, `rest` by `finish`; `response` is all the server sent. */
async function startRequest(
  baseUrl: string,
  first: string,
  rest: string,
): Promise<{ finish: () => void; response: Promise<string> }> {
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const response = once(socket, 'close').then(() => received);
  socket.write(first);
  return { finish: () => socket.write(rest), response };
}

/** A JSON POST whose body is still arriving: the server has it in hand, waiting for the rest. */
function slowPost(baseUrl: string, url: string, body: unknown) {
  const json = JSON.stringify(body);
  const { host } = new URL(baseUrl);
  const head = `POST ${url} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n`;
  return startRequest(baseUrl, head + json.slice(0, 5), json.slice(5));
}

describe('the production start (server/bin/serve)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-serve-'));
  const dbFile = path.join(dir, 'serve.sqlite');
  let before: Record<string, string>;
  let server: Started;
  let baseUrl = '';

  beforeAll(async () => {
    before = snapshot(distDirs);
    expect(Object.keys(before)).toContain('widget/dist/loader.js');
    server = launch(serveScript, [], dir, serverEnv(dbFile));
    baseUrl = await serving(server);
  }, 180_000);

  afterAll(() => {
    if (server) kill(server.child);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(procfs)('is the server itself: Node with tsx in process, NODE_ENV=production', () => {
    expectServerProcess(server.child.pid!);
  });

  it('serves the widget loader and server-rendered pages from the build', async () => {
    const loader = await fetch(`${baseUrl}/widget/loader.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await loader.text()).length).toBeGreaterThan(100);
    const page = await fetch(`${baseUrl}/`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^<!DOCTYPE html>/i);
  }, 60_000);

  it('on SIGTERM to its pid finishes every request in flight with 200, closes idle keep-alive connections, exits 0', async () => {
    const agent = new http.Agent({ keepAlive: true });
    // A balancer's idle keep-alive connection: it must not hold the process open.
    // (Wrapped: a promise resolved with a promise would wait for it.)
    const idle = await new Promise<{ closed: Promise<unknown> }>((resolve, reject) => {
      http
        .get(`${baseUrl}/api/states`, { agent }, (res) => {
          const closed = once(res.socket, 'close');
          res.resume();
          res.on('end', () => resolve({ closed }));
        })
        .on('error', reject);
    });

    // Requests the server is in the middle of: bodies still arriving, and a page whose headers are not all sent.
    const move = { from_zip: '60601', to_zip: '60614', move_size: '2-3br' };
    const matches = await Promise.all(
      [1, 2, 3, 4].map(() => slowPost(baseUrl, '/api/proxy/match_companies', move)),
    );
    const { host } = new URL(baseUrl);
    const page = await startRequest(
      baseUrl,
      `GET /states/illinois HTTP/1.1\r\nHost: ${host}\r\nAccept: text/html\r\n`,
      '\r\n',
    );
    await delay(300);

    const signalledAt = Date.now();
    process.kill(server.child.pid!, 'SIGTERM');
    await delay(300);
    // Stopped accepting: a new connection is refused, while the ones in flight go on.
    await expect(fetch(`${baseUrl}/api/states`)).rejects.toThrow();
    for (const request of matches) {
      request.finish();
      await delay(150);
    }
    page.finish();
    const answers = await Promise.all(matches.map((r) => r.response));
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answer).toContain('"companies"');
    }
    const pageAnswer = await page.response;
    expect(pageAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(pageAnswer).toContain('</html>');
    await idle.closed;
    agent.destroy();

    expect(await server.exited).toEqual({ code: 0, signal: null });
    // Drained, not cut off at the 10-second limit.
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(server.output()).not.toContain('drain timeout reached');
    const log = server.output();
    expect(log).toContain('"signal":"SIGTERM"');
    expect(log.indexOf('"msg":"stopped"')).toBeGreaterThan(log.indexOf('"signal":"SIGTERM"'));
  }, 60_000);

  it('left every built file as it was: same files, times and contents', () => {
    expect(snapshot(distDirs)).toEqual(before);
  });
});

describe('the production start without the build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-unbuilt-'));
  // A copy of the script in a tree of its own: it finds the bundles beside its own server/ folder.
  const script = path.join(dir, 'server', 'bin', 'serve');
  fs.mkdirSync(path.dirname(script), { recursive: true });
  fs.copyFileSync(serveScript, script);
  fs.chmodSync(script, 0o755);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async () => {
    const started = launch(script, [], dir, serverEnv(path.join(dir, 'never.sqlite')));
    return { ...(await started.exited), output: started.output() };
  };

  it('refuses to start with exit 1, naming what is missing and the build to run', async () => {
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.output).toContain('the built bundles are missing');
    for (const file of [
      'directory/dist/server/entry-server.js',
      'directory/dist/client/.vite/manifest.json',
      'widget/dist/loader.js',
    ])
      expect(result.output).toContain(file);
    expect(result.output).toContain('npm run build');
    // Nothing was built or started.
    expect(fs.readdirSync(dir).sort()).toEqual(['server']);
  });

  it('refuses when one bundle is missing (the widget here)', async () => {
    for (const file of [
      'directory/dist/server/entry-server.js',
      'directory/dist/client/.vite/manifest.json',
    ]) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), '{}');
    }
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.output).toContain('widget/dist/loader.js');
    expect(result.output).not.toContain('entry-server.js');
    expect(fs.existsSync(path.join(dir, 'widget'))).toBe(false);
  });
});

describe('npm start', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-npm-start-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('ends in the production start, so the signals npm forwards reach the server', () => {
    // The root script builds (for newcomers), then becomes server/bin/serve: `exec` leaves no shell between
    // npm and the server to swallow SIGTERM (sh dies of it and orphans whatever it waits on).
    const scripts = (name: string) =>
      (
        JSON.parse(fs.readFileSync(path.join(name, 'package.json'), 'utf8')) as {
          scripts: Record<string, string>;
        }
      ).scripts;
    expect(scripts(repoRoot).start).toMatch(/&& exec server\/bin\/serve$/);
    expect(scripts(serverDir).start).toBe('exec bin/serve');
  });

  it('npm run start -w @moveratlas/server: SIGTERM to npm drains the server, and npm exits 0', async () => {
    const npm = launch(
      'npm',
      ['run', 'start', '-w', '@moveratlas/server'],
      repoRoot,
      serverEnv(path.join(dir, 'npm.sqlite')),
    );
    try {
      const url = await serving(npm);
      let serverPid: number | undefined;
      if (procfs) {
        // npm's one child is the server itself, not a shell.
        const children = childrenOf(npm.child.pid!);
        expect(children).toHaveLength(1);
        serverPid = children[0]!;
        expectServerProcess(serverPid);
      }
      const inFlight = await slowPost(url, '/api/proxy/match_companies', {
        from_zip: '60601',
        to_zip: '60614',
        move_size: '2-3br',
      });
      await delay(300);
      npm.child.kill('SIGTERM');
      await delay(300);
      inFlight.finish();
      expect(await inFlight.response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(await npm.exited).toEqual({ code: 0, signal: null });
      expect(npm.output()).toContain('"signal":"SIGTERM"');
      expect(npm.output()).toContain('"msg":"stopped"');
      // Nothing runs on as an orphan.
      if (serverPid !== undefined) expect(alive(serverPid)).toBe(false);
    } finally {
      kill(npm.child);
    }
  }, 180_000);
});
