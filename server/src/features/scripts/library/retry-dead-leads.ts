/**
 * Retry dead-letter leads: puts the lead outbox's dead jobs (leads, their analytics copies and, if asked,
 * visitor sessions whose forwarding gave up) back in the queue with a fresh set of attempts — after a lead
 * backend outage longer than the retries, or once a rejected payload's cause is fixed.
 */
import { z } from 'zod';
import { listJobs, retryJob } from '../../../jobs/queue';
import { LEAD_ANALYTICS_JOB, LEAD_FORWARD_JOB } from '../../leads';
import { SESSION_FORWARD_JOB } from '../../sessions';
import { checkpoint, defineScript } from '../../../jobs/script';

export const retryDeadLeads = defineScript({
  id: 'retry-dead-leads',
  title: 'Retry dead-letter leads',
  description:
    'Queues the lead outbox’s dead jobs again — leads and their analytics copies that exhausted their attempts or were rejected — each with a fresh set of attempts. The lead backend’s idempotency key (lead_uuid) keeps a lead it already has from being counted twice.',
  params: z.strictObject({
    includeSessions: z.boolean().default(true).meta({
      title: 'Include visitor sessions',
      description: 'Also retry dead session-forwarding jobs.',
    }),
    limit: z.number().int().min(1).max(100_000).default(10_000).meta({
      title: 'At most',
      description: 'The most jobs to requeue in this run, oldest first.',
    }),
  }),
  maxAttempts: 1,
  async run({ includeSessions, limit }, { db, jobId, signal, progress, log }) {
    const types = [LEAD_FORWARD_JOB, LEAD_ANALYTICS_JOB];
    if (includeSessions) types.push(SESSION_FORWARD_JOB);
    const requeued: Record<string, number> = Object.fromEntries(types.map((t) => [t, 0]));
    let left = limit;
    for (const type of types) {
      const dead = await listJobs(db, { status: 'dead', type, limit: left, order: 'oldest' });
      for (const [i, job] of dead.entries()) {
        checkpoint(signal);
        if ((await retryJob(db, job.id, `script job ${jobId}`))?.status === 'queued')
          requeued[type]!++;
        if (i % 100 === 0) await progress((100 * (limit - left + i)) / limit);
      }
      left -= dead.length;
      await log(`${type}: ${requeued[type]} dead job(s) queued again`);
      if (left <= 0) break;
    }
    const total = Object.values(requeued).reduce((sum, n) => sum + n, 0);
    return { requeued, total };
  },
});
