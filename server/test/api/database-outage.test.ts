/**
 * The server must fail fast while the database is unreachable and recover by itself when it returns.
 * A TCP relay between the app and MariaDB plays the network: closing it is the outage.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

class TcpRelay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const mysql = testDatabases().find((d) => d.name === 'mysql');

// Runs wherever MariaDB tests run (always in CI); global-setup prints a notice when they do not.
describe.runIf(mysql?.config.client === 'mysql')('database outage on mysql', () => {
  const target = new URL(
    mysql?.config.client === 'mysql' ? mysql.config.url : 'mysql://localhost/none',
  );
  const relay = new TcpRelay(target.hostname, Number(target.port || 3306));
  let app: TestApp;

  beforeAll(async () => {
    await relay.start();
    const url = new URL(target);
    url.host = `127.0.0.1:${relay.port}`;
    app = await startTestApp({ client: 'mysql', url: url.toString() });
  });
  afterAll(async () => {
    await app.close();
    await relay.stop();
  });

  it('answers 503 quickly while the database is down and recovers without a restart', async () => {
    expect((await app.get('/api/companies?limit=5&offset=1')).status).toBe(200);

    await relay.stop();
    const started = Date.now();
    const down = await app.get('/api/companies?limit=5&offset=2');
    const waited = Date.now() - started;
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual({
      error: 'The service is temporarily unavailable; please try again shortly',
    });
    // Fail fast: bounded by the 2 s acquire timeout, not knex's default 60 s (generous margin for slow CI).
    expect(waited).toBeLessThan(15_000);
    expect((await app.get('/healthz')).status).toBe(503);

    await relay.start();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await app.get('/api/companies?limit=5&offset=3')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await app.get('/healthz')).status).toBe(200);
  });
});
