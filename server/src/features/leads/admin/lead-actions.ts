/** What an admin does to a lead: move it along the pipeline, or send a dead-letter lead to the backend again. */
import type { Knex } from 'knex';
import type { LeadStatus } from '@moveratlas/contracts';
import { HttpError, notFound } from '../../../lib/http-error';
import { retryJob } from '../../../jobs/queue';
import { changeLeadStatus } from '../status';
import { forwardJobs, GAVE_UP_JOB_STATUSES } from './lead-rows';

const noLead = (id: number) => notFound(`No lead with id ${id}`);

/**
 * Sets a lead's status, recording who did it. Setting the status it already has changes nothing; losing a
 * race with another admin's change is a 409, so nobody overwrites a change they have not seen.
 */
export async function setLeadStatus(
  db: Knex,
  id: number,
  status: LeadStatus,
  by: { username: string; note?: string },
): Promise<void> {
  const change = await changeLeadStatus(db, id, status, {
    changedBy: by.username,
    ...(by.note ? { note: by.note } : {}),
  });
  if (change) return;
  const lead = (await db('leads').where({ id }).first('status')) as
    { status: LeadStatus } | undefined;
  if (!lead) throw noLead(id);
  if (lead.status !== status)
    throw new HttpError(409, 'The lead changed meanwhile; reload it and try again');
}

/**
 * Queues a dead-letter lead's forwarding job again, with a fresh set of attempts. Only a job that gave up
 * (dead) or was cancelled can be retried; a delivered or still-queued lead answers 409.
 */
export async function retryLeadDelivery(db: Knex, id: number, username: string): Promise<void> {
  const lead = (await db('leads').where({ id }).first('delivery_status')) as
    { delivery_status: string } | undefined;
  if (!lead) throw noLead(id);
  if (lead.delivery_status === 'delivered')
    throw new HttpError(409, 'This lead has already been delivered');
  const job = (await forwardJobs(db, [id])).get(id);
  if (!job) throw new HttpError(409, 'This lead has no forwarding job to retry');
  if (!(GAVE_UP_JOB_STATUSES as readonly string[]).includes(job.status))
    throw new HttpError(409, 'Only a lead whose delivery gave up (dead letter) can be retried');
  const retried = await retryJob(db, job.id, username);
  if (retried?.status !== 'queued')
    throw new HttpError(409, 'The delivery changed meanwhile; reload the lead and try again');
  await db('leads')
    .where({ id })
    .whereNot('delivery_status', 'delivered')
    .update({ delivery_status: 'pending', updated_at: db.fn.now() });
}
