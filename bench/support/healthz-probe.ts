/**
 * The stall benchmark's /healthz prober, in a process of its own so the load generator's work never delays
 * a probe. Keeps a few keep-alive connections open from before the load starts (as a load balancer does),
 * sends a probe every 10 ms whatever is still pending, and times each from when it was sent.
 * Messages: 'start' → probing; 'stop' → { times, loopMaxMs } (a probe not answered 2 s later counts as -1).
 */
import http from 'node:http';

const url = process.argv[2]!;
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
let times: number[] = [];
let pending = 0;
let loopMaxMs = 0;
let timer: NodeJS.Timeout | undefined;

function probe(record: boolean): Promise<void> {
  const sent = performance.now();
  pending += 1;
  return new Promise((resolve) => {
    const done = (ms: number) => {
      pending -= 1;
      if (record) times.push(ms);
      resolve();
    };
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          // The server's own view: its event loop's worst delay in the last second.
          try {
            const { server } = JSON.parse(body) as { server: { eventLoop: { maxMs: number } } };
            loopMaxMs = Math.max(loopMaxMs, server.eventLoop.maxMs);
          } catch {
            // not JSON: counted by its status below
          }
          done(res.statusCode === 200 ? performance.now() - sent : -1);
        });
      })
      .on('error', () => done(-1));
  });
}

process.on('message', (message) => {
  if (message === 'start') {
    times = [];
    loopMaxMs = 0;
    // Open the connections first: a probe measures the server, not the handshake.
    void Promise.all(Array.from({ length: 16 }, () => probe(false))).then(() => {
      timer = setInterval(() => void probe(true), 10);
      process.send!('started');
    });
  } else if (message === 'stop') {
    clearInterval(timer);
    const until = performance.now() + 2000;
    const finish = () => {
      if (pending > 0 && performance.now() < until) return void setTimeout(finish, 20);
      process.send!({ times: [...times, ...Array<number>(pending).fill(-1)], loopMaxMs });
    };
    finish();
  }
});
