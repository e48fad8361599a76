/**
 * The lead outbox's job handlers: forward a stored lead (or its analytics copy) to the lead backend and, in
 * the same transaction that marks the job done, mark the row delivered. Every attempt sends the body stored
 * at intake, with the lead's lead_uuid, so a backend that saw an earlier attempt can tell it is the same lead.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  LEAD_FORWARD_JOB_TYPE,
  type LeadAnalyticsWire,
  type SendLeadWire,
} from '@moveratlas/contracts';
import { PermanentJobError, ServiceUnavailableError, type JobRegistry } from '../../jobs/worker';
import { LeadBackendError, type LeadBackend } from '../../lead-backend/lead-backend';

/** In contracts too: the Jobs screens link a forwarding job to its lead (jobLeadId). */
export const LEAD_FORWARD_JOB = LEAD_FORWARD_JOB_TYPE;
export const LEAD_ANALYTICS_JOB = 'lead.analytics';

const LeadPayload = z.object({ leadId: z.number().int() });
const AnalyticsPayload = z.object({ analyticsId: z.number().int() });

/**
 * A backend that refused the body outright will refuse it again: no more attempts. One that did not answer
 * properly is unavailable, which lets the worker pause forwarding instead of failing every queued lead.
 */
export async function callBackend<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof LeadBackendError)
      throw error.permanent
        ? new PermanentJobError(error.message)
        : new ServiceUnavailableError(error.message);
    throw error;
  }
}

const payloadOf = <S extends z.ZodType>(schema: S, payload: unknown): z.output<S> => {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('malformed job payload');
  return parsed.data;
};

export function leadOutboxHandlers(db: Knex, backend: LeadBackend): JobRegistry {
  return {
    [LEAD_FORWARD_JOB]: {
      async run(job, signal) {
        const { leadId } = payloadOf(LeadPayload, job.payload);
        const lead = (await db('leads').where({ id: leadId }).first('wire', 'delivery_status')) as
          { wire: string; delivery_status: string } | undefined;
        if (!lead) throw new PermanentJobError(`lead ${leadId} no longer exists`);
        if (lead.delivery_status === 'delivered') return { result: { alreadyDelivered: true } };
        const wire = JSON.parse(lead.wire) as SendLeadWire;
        const { leadId: backendLeadId } = await callBackend(() => backend.sendLead(wire, signal));
        return {
          result: { backend: backend.name, backendLeadId },
          commit: async (trx) => {
            await trx('leads')
              .where({ id: leadId })
              .update({
                delivery_status: 'delivered',
                backend_lead_id: backendLeadId.slice(0, 100) || null,
                delivered_at: trx.fn.now(),
                updated_at: trx.fn.now(),
              });
          },
        };
      },
    },

    [LEAD_ANALYTICS_JOB]: {
      async run(job, signal) {
        const { analyticsId } = payloadOf(AnalyticsPayload, job.payload);
        const copy = (await db('lead_analytics').where({ id: analyticsId }).first('wire')) as
          { wire: string } | undefined;
        if (!copy) throw new PermanentJobError(`analytics copy ${analyticsId} no longer exists`);
        const wire = JSON.parse(copy.wire) as LeadAnalyticsWire;
        if (wire.lead_mmex_lead_id === '') {
          // The copy names the lead by the backend's id once the lead has one, else by ours.
          const lead = (await db('leads')
            .where({ lead_uuid: wire.lead_uuid })
            .first('public_id', 'backend_lead_id')) as
            { public_id: string; backend_lead_id: string | null } | undefined;
          wire.lead_mmex_lead_id = lead ? (lead.backend_lead_id ?? lead.public_id) : '';
        }
        await callBackend(() => backend.sendAnalytics(wire, signal));
        return {
          result: { backend: backend.name },
          commit: async (trx) => {
            await trx('lead_analytics')
              .where({ id: analyticsId })
              .update({ delivery_status: 'delivered' });
          },
        };
      },
    },
  };
}
