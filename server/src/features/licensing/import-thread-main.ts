/**
 * The body of an import thread (import-thread.ts says why imports run in one): open the database, run the
 * import, say how it ended, close. Loaded by import-thread-boot.mjs once tsx's loader is registered; never
 * imported by the job worker's side, so the thread's modules hold no cycle back to it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/connection';
import { PermanentJobError } from '../../jobs/worker';
import { runLicensingImport } from './import-job';
import type { ThreadInput, ThreadMessage } from './import-thread';

const { database, job } = workerData as ThreadInput;
const port = parentPort!;
const controller = new AbortController();
port.on('message', (message: { type: string }) => {
  if (message.type === 'abort') controller.abort(new Error('the import was stopped'));
});
const db = openDatabase(database);
try {
  // The import reads each page once: SQLite's page cache (64 MB a connection by default) would only hold
  // pages it never reads again, in a thread that exists to keep memory small.
  if (database.client === 'sqlite') await db.raw('pragma cache_size = -8000');
  const result = await runLicensingImport(db, job, controller.signal, {
    progress: async (percent) =>
      port.postMessage({ type: 'progress', percent } satisfies ThreadMessage),
  });
  port.postMessage({ type: 'done', result } satisfies ThreadMessage);
} catch (error) {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
    permanent: error instanceof PermanentJobError,
  } satisfies ThreadMessage);
} finally {
  await db.destroy();
  port.close();
}
