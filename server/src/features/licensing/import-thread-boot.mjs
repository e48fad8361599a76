/**
 * The first module of an import thread (import-thread.ts): registers tsx's loader in this thread, then loads
 * the TypeScript module that runs the import. Plain JavaScript, because worker threads do not inherit tsx's
 * hooks everywhere (the server's `--import tsx`, vitest's transform): the thread installs its own.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
