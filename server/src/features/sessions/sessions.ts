/**
 * Visitor sessions (spec 4.1's session start, 7.3.1): recorded at once with our own session id, which the
 * widget keeps, and forwarded to the lead backend by the outbox like leads are.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { WEBSITE_VERSION, type SessionRequest } from '@moveratlas/contracts';
import { enqueueJob } from '../../jobs/queue';
import { PermanentJobError, type JobRegistry } from '../../jobs/worker';
import type { LeadBackend } from '../../lead-backend/lead-backend';
import { callBackend } from '../leads';
import { testSiteIds, TEST_DELIVERY_STATUS } from '../partners';

export const SESSION_FORWARD_JOB = 'session.forward';

export async function recordSession(
  db: Knex,
  request: SessionRequest,
  source: { siteId: string; ip: string; userAgent: string },
  options: { maxAttempts: number },
): Promise<string> {
  const sessionId = randomUUID();
  // The address is the one we see, not whatever the page claimed.
  const wire: SessionRequest = {
    ...request,
    ip_address: source.ip,
    website: source.siteId,
    website_version: WEBSITE_VERSION,
  };
  await db.transaction(async (trx) => {
    // A test partner's sessions are kept as tests and never forwarded (QA automation).
    const test = (await testSiteIds(trx, [source.siteId])).has(source.siteId);
    const [id] = (await trx('visitor_sessions').insert({
      session_id: sessionId,
      site_id: source.siteId,
      visitor_uuid: request.uuid.slice(0, 64),
      ip_address: source.ip,
      user_agent: source.userAgent,
      wire: JSON.stringify(wire),
      ...(test ? { delivery_status: TEST_DELIVERY_STATUS } : {}),
    })) as number[];
    if (!test)
      await enqueueJob(
        trx,
        SESSION_FORWARD_JOB,
        { sessionRowId: Number(id) },
        { maxAttempts: options.maxAttempts },
      );
  });
  return sessionId;
}

const Payload = z.object({ sessionRowId: z.number().int() });

export function sessionOutboxHandlers(db: Knex, backend: LeadBackend): JobRegistry {
  return {
    [SESSION_FORWARD_JOB]: {
      async run(job, signal) {
        const parsed = Payload.safeParse(job.payload);
        if (!parsed.success) throw new PermanentJobError('malformed job payload');
        const id = parsed.data.sessionRowId;
        const row = (await db('visitor_sessions').where({ id }).first('wire')) as
          { wire: string } | undefined;
        if (!row) throw new PermanentJobError(`session ${id} no longer exists`);
        const { sessionId } = await callBackend(() =>
          backend.sendSession(JSON.parse(row.wire) as SessionRequest, signal),
        );
        return {
          result: { backend: backend.name, backendSessionId: sessionId },
          commit: async (trx) => {
            await trx('visitor_sessions')
              .where({ id })
              .update({
                delivery_status: 'delivered',
                backend_session_id: sessionId.slice(0, 100) || null,
              });
          },
        };
      },
    },
  };
}
