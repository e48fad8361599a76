/**
 * A stand-in for the cloud-functions lead backend on loopback, with the failures a real one has: it can
 * answer 500, hang past the caller's timeout, refuse connections (closed port), or drop the connection in
 * the middle of a request. It records every request and counts, per lead_uuid, the leads it accepted
 * (answered 200 to) — exactly once is what the outbox promises.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeMode = 'ok' | 'error' | 'hang' | 'destroy' | 'bad-request';

export interface ReceivedRequest {
  path: string;
  contentType: string;
  body: string;
  fields: Record<string, string>;
}

export class FakeCloudFunctions {
  mode: FakeMode = 'ok';
  /** Delay before answering in 'ok' mode. */
  delayMs = 0;
  /** Paths that answer 500 whatever the mode (e.g. a broken analytics store). */
  readonly failingPaths = new Set<string>();
  readonly received: ReceivedRequest[] = [];
  /** send_lead answers 200'd, by lead_uuid. */
  readonly acceptedLeads = new Map<string, number>();
  readonly acceptedAnalytics = new Map<string, number>();
  readonly acceptedSessions: Array<Record<string, unknown>> = [];
  private server: http.Server | undefined;
  private readonly sockets = new Set<Socket>();
  private nextLeadId = 1000;
  private stopping = false;
  /** Requests being answered in 'ok' mode (waiting out delayMs). */
  private answering = 0;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /**
   * Stops listening: connections to the port are refused until start() again (same port). Abrupt by default
   * (open connections are cut); `graceful` lets answers already being written reach the caller first, so a
   * lead the backend accepted is never one whose answer was lost — the case only an idempotent backend survives.
   */
  async stop({ graceful = false } = {}): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.stopping = true;
    const closed = new Promise((resolve) => server.close(resolve));
    if (graceful) {
      server.closeIdleConnections();
      const deadline = Date.now() + 5000;
      while (this.answering > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      // Let the last answers travel before the connections are cut.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const socket of this.sockets) socket.destroy();
    await closed;
    this.stopping = false;
  }

  /**
   * Cuts every open connection while still listening: a caller waiting on a hanging answer sees the network
   * fail at once, so a test can stop its server without sitting out the caller's timeout.
   */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  attempts(path: string, leadUuid?: string): number {
    return this.received.filter(
      (r) =>
        r.path === path &&
        (leadUuid === undefined || r.fields.lead_uuid === leadUuid || r.fields.uuid === leadUuid),
    ).length;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const contentType = req.headers['content-type'] ?? '';
      const fields: Record<string, string> = contentType.startsWith('application/json')
        ? (JSON.parse(body) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(body));
      if (this.stopping) {
        // Arrived on a kept-alive connection while going down: as if it never got through.
        req.socket.destroy();
        return;
      }
      this.received.push({ path: req.url ?? '', contentType, body, fields });
      if (this.failingPaths.has(req.url ?? '')) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('store unavailable');
        return;
      }
      switch (this.mode) {
        case 'hang':
          return;
        case 'destroy':
          req.socket.destroy();
          return;
        case 'error':
          res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
          return;
        case 'bad-request':
          res.writeHead(400, { 'content-type': 'text/plain' }).end('missing field');
          return;
        case 'ok':
          this.answering++;
          setTimeout(() => {
            this.answering--;
            this.answer(req.url ?? '', fields, res);
          }, this.delayMs);
      }
    });
  }

  private answer(path: string, fields: Record<string, string>, res: http.ServerResponse): void {
    if (res.destroyed) return;
    if (this.stopping) res.setHeader('connection', 'close');
    if (path === '/send_lead') {
      const uuid = fields.lead_uuid ?? '';
      this.acceptedLeads.set(uuid, (this.acceptedLeads.get(uuid) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(String(this.nextLeadId++));
    } else if (path === '/lead_send_bq') {
      const uuid = fields.lead_uuid ?? '';
      this.acceptedAnalytics.set(uuid, (this.acceptedAnalytics.get(uuid) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    } else if (path === '/session_send_bq') {
      this.acceptedSessions.push(fields);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ session_id: `upstream-${this.acceptedSessions.length}` }));
    } else {
      res.writeHead(404).end();
    }
  }
}
