/**
 * Directory pages rendered on worker threads (render-worker.mjs), so that React's synchronous render never
 * holds the event loop that answers /healthz, lead intake and the API: under a 500-connection crawl it held
 * /healthz's p99 at 160 ms on the main thread (bench/stall.bench.ts; figures in docs/decisions/014).
 *
 * The threads run at a lower scheduling priority (nice) than the main thread, so on a busy machine the
 * operating system gives the main thread the core first. The pages' loaders still read the database here:
 * each DirectoryData call in a thread comes back as a message on the task's own port and is answered with
 * the same query functions the API uses (one SQLite connection, one MariaDB pool per process).
 */
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { type RenderOptions, type DirectoryData } from '@moveratlas/contracts';
import { describeError, reviveError, type DescribedError } from './thread-errors.mjs';
import type { PageAnswer } from './page-cache';

/** How much lower the render threads' priority is than the main thread's (Linux nice, 0–19). */
const NICE_INCREMENT = 5;
/**
 * Pages one thread works on at once: while one waits for its data from the main thread, another renders.
 * More only makes each wait longer (the load shedder admits pages in order anyway).
 */
const PAGES_PER_THREAD = 2;

type FromThread =
  | { type: 'call'; id: number; method: string; args: unknown[] }
  | { type: 'error'; error: DescribedError }
  | { type: 'end' };

export class RenderPool {
  private readonly pool: Piscina;

  constructor(options: { serverEntry: string; threads: number; production: boolean }) {
    this.pool = new Piscina({
      // CommonJS, so Piscina's require() of it never meets Node 20's require(esm) (render-worker.cjs).
      filename: fileURLToPath(new URL('./render-worker.cjs', import.meta.url)),
      // In production the threads start with the server, so the first visitor never waits for one. Elsewhere
      // they start with the first page: most apps the server tests start never render one, and a thread
      // loading the server entry costs about a quarter of a second of CPU.
      minThreads: options.production ? options.threads : 0,
      maxThreads: options.threads,
      concurrentTasksPerWorker: PAGES_PER_THREAD,
      // Threads stay: loading the server entry in a new one costs a few hundred milliseconds.
      idleTimeout: Number.POSITIVE_INFINITY,
      niceIncrement: NICE_INCREMENT,
      // Piscina's default parks an idle thread in Atomics.wait, which also stops its event loop: the answers
      // to a page's data calls then wait for the next task (pages took 4 times longer under a crawl).
      atomics: 'disabled',
      workerData: { serverEntry: options.serverEntry, production: options.production },
    });
  }

  get threads(): number {
    return this.pool.threads.length;
  }

  /** Renders one page in a thread; `request.signal` aborting tells the thread the visitor went away. */
  async render(request: Request, options: RenderOptions): Promise<PageAnswer> {
    const { port1, port2 } = new MessageChannel();
    const { data } = options;
    let ended!: () => void;
    const allReported = new Promise<void>((resolve) => (ended = resolve));
    port1.on('message', (message: FromThread) => {
      if (message.type === 'end') ended();
      else if (message.type === 'error') options.onError(reviveError(message.error));
      else void answerCall(port1, data, message);
    });
    const onAbort = () => port1.postMessage({ type: 'abort' });
    request.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const answer = (await this.pool.run(
        {
          url: request.url,
          method: request.method,
          headers: [...request.headers],
          site: data.site(),
          methods: Object.keys(data).filter((name) => name !== 'site'),
          assets: options.assets,
          lazyModulePreloads: options.lazyModulePreloads,
          port: port2,
        },
        { transferList: [port2] },
      )) as Omit<PageAnswer, 'body'> & { body: Uint8Array };
      // The thread's errors for this page are logged before its answer goes out (none is lost at close).
      await allReported;
      return {
        ...answer,
        body: Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength),
      };
    } finally {
      request.signal.removeEventListener('abort', onAbort);
      port1.close();
    }
  }

  /** Stops the threads (pages being rendered are given up). */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}

async function answerCall(
  port: MessagePort,
  data: DirectoryData,
  { id, method, args }: Extract<FromThread, { type: 'call' }>,
): Promise<void> {
  try {
    const fn = (data as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[
      method
    ];
    if (typeof fn !== 'function') throw new Error(`No directory data named ${method}`);
    port.postMessage({ type: 'reply', id, value: await fn.apply(data, args) });
  } catch (error) {
    // A thrown Response is a deliberate answer (400 for a bad filter, 503 while the database is down) that
    // the router turns into that status: it crosses as one, rebuilt in the thread.
    if (error instanceof Response) {
      const response = {
        status: error.status,
        headers: [...error.headers],
        body: await error.text(),
      };
      port.postMessage({ type: 'reply', id, response });
    } else port.postMessage({ type: 'reply', id, error: describeError(error) });
  }
}
