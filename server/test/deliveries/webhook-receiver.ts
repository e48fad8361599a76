/**
 * A mover's webhook stand-in on loopback for the delivery tests: one path per scenario, each with its own
 * behaviour — answer 200, answer 500, answer 500 a few times then 200, answer 200 only after a delay (past the
 * sender's time limit), or stream a huge body; "a few times" counts from when the behaviour was set. Every request is kept (path, headers, raw body, when), so a
 * test can count what a receiver really saw and check the signature with docs/webhooks.md's own snippet.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverMode =
  | { kind: 'ok' }
  | { kind: 'fail'; status: number }
  /** Answers `status` to the first `times` requests, then 200. */
  | { kind: 'flaky'; times: number; status: number }
  /** Waits `ms` before answering 200 (the answer the sender no longer waits for). */
  | { kind: 'late'; ms: number; times: number }
  /** 200 with a body that never ends. */
  | { kind: 'huge' }
  | { kind: 'redirect'; to: string };

export interface ReceivedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export class WebhookReceiver {
  readonly calls: ReceivedCall[] = [];
  /** Each path's behaviour, and the requests it has answered since it was set. */
  private readonly modes = new Map<string, { mode: ReceiverMode; seen: number }>();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  port = 0;

  set(path: string, mode: ReceiverMode): void {
    this.modes.set(path, { mode, seen: 0 });
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  to(path: string): ReceivedCall[] {
    return this.calls.filter((c) => c.path === path);
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    const entry = this.modes.get(path) ?? { mode: { kind: 'ok' }, seen: 0 };
    const { mode } = entry;
    const seen = entry.seen++;
    this.calls.push({
      path,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: Date.now(),
    });
    switch (mode.kind) {
      case 'ok':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
        return;
      case 'fail':
        res.writeHead(mode.status).end('<html>stack trace with secrets</html>');
        return;
      case 'flaky':
        res.writeHead(seen < mode.times ? mode.status : 200).end();
        return;
      case 'late':
        if (seen < mode.times) await new Promise((resolve) => setTimeout(resolve, mode.ms));
        if (!res.destroyed) res.writeHead(200).end();
        return;
      case 'redirect':
        res.writeHead(302, { location: mode.to }).end();
        return;
      case 'huge': {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const block = Buffer.alloc(64 * 1024, 120);
        const pump = () => {
          while (!res.destroyed && res.write(block));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
        return;
      }
    }
  }
}
