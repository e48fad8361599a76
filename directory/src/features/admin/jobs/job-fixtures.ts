/** Test data for the Jobs and Scripts screens' tests. */
import type { AdminJob } from '@moveratlas/contracts';

export function job(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    id: 41,
    type: 'script.rebuild-search-index',
    status: 'running',
    progress: 35,
    attempts: 1,
    maxAttempts: 3,
    payload: { params: { batchSize: 500 } },
    result: null,
    lastError: null,
    lockedBy: 'worker-1',
    createdBy: 'admin:ada',
    createdAt: Date.UTC(2026, 10, 23, 6, 0, 0),
    runAt: Date.UTC(2026, 10, 23, 6, 0, 0),
    startedAt: Date.UTC(2026, 10, 23, 6, 0, 1),
    finishedAt: null,
    updatedAt: Date.UTC(2026, 10, 23, 6, 0, 5),
    cancelRequested: false,
    ...overrides,
  };
}
