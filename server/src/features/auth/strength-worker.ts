/**
 * The password strength estimate in a worker thread (password-strength-worker.mjs), for request handlers:
 * an estimate costs tens of milliseconds and a crafted password a second or more, which must not hold the
 * event loop. One thread, started at first use and kept while estimates keep coming (ranking the
 * dictionaries costs more than an estimate), stopped after a minute unused; it never keeps the process up.
 */
import { Worker } from 'node:worker_threads';

/** An estimate not answered by then stops the thread (the worst 64-character one takes a few seconds). */
const ESTIMATE_TIMEOUT_MS = 20_000;
const IDLE_MS = 60_000;

interface Pending {
  resolve(log10: number): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function stop(reason: Error): void {
  const stopping = worker;
  worker = undefined;
  if (idleTimer) clearTimeout(idleTimer);
  for (const { reject, timer } of pending.values()) {
    clearTimeout(timer);
    reject(reason);
  }
  pending.clear();
  void stopping?.terminate();
}

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./password-strength-worker.mjs', import.meta.url));
  started.on('message', ({ id, log10 }: { id: number; log10: number }) => {
    const job = pending.get(id);
    if (!job) return;
    pending.delete(id);
    clearTimeout(job.timer);
    job.resolve(log10);
    if (pending.size === 0) idleTimer = setTimeout(() => stop(new Error('idle')), IDLE_MS).unref();
  });
  started.on('error', (error) => stop(error));
  started.on('exit', (code) => {
    if (worker === started)
      stop(new Error(`The password strength estimate stopped (exit ${code})`));
  });
  // After the listeners: adding a 'message' listener refs the thread again.
  started.unref();
  worker = started;
  return started;
}

/** log10 of the guesses `password` would take (password-strength.mjs), estimated in the worker thread. */
export function estimateOffThread(password: string, userInputs: string[]): Promise<number> {
  if (idleTimer) clearTimeout(idleTimer);
  const target = thread();
  const id = nextId++;
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => stop(new Error('The password strength estimate took too long')),
      ESTIMATE_TIMEOUT_MS,
    );
    pending.set(id, { resolve, reject, timer });
    target.postMessage({ id, password, userInputs });
  });
}
