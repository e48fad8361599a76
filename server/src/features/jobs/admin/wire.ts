/** A queue job as the admin screens see it (contracts' AdminJob). */
import type { AdminJob } from '@moveratlas/contracts';
import type { Job } from '../../../jobs/queue';

export const toAdminJob = (job: Job): AdminJob => ({
  id: job.id,
  type: job.type,
  status: job.status,
  progress: job.progress,
  attempts: job.attempts,
  maxAttempts: job.maxAttempts,
  payload: job.payload,
  result: job.result,
  lastError: job.lastError,
  lockedBy: job.lockedBy,
  createdBy: job.createdBy,
  createdAt: job.createdAt,
  runAt: job.runAt,
  startedAt: job.startedAt,
  finishedAt: job.finishedAt,
  updatedAt: job.updatedAt,
  cancelRequested: job.cancelRequestedAt !== null,
});
