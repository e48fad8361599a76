/**
 * A received file's import put on the durable queue: the job and the import's `queued` status in one
 * transaction, so no import waits without a job and no job finds no import. Used by staff's upload and by the
 * scheduled download alike.
 */
import type { Knex } from 'knex';
import { enqueueJob } from '../../jobs/queue';
import { LICENSING_IMPORT_ATTEMPTS, LICENSING_IMPORT_JOB } from './import-job';
import { findImport, type LicensingImportRow } from './import-store';

/** Queues import `id` (received, status `receiving`) in `trx`; answers the job's id and the import's row. */
export async function queueImport(
  trx: Knex.Transaction,
  id: number,
  createdBy: string,
): Promise<{ jobId: number; row: LicensingImportRow }> {
  const jobId = await enqueueJob(
    trx,
    LICENSING_IMPORT_JOB,
    { importId: id },
    { maxAttempts: LICENSING_IMPORT_ATTEMPTS, createdBy },
  );
  await trx('licensing_imports')
    .where({ id, status: 'receiving' })
    .update({ status: 'queued', job_id: jobId });
  return { jobId, row: (await findImport(trx, id))! };
}
