/**
 * `lead.confirm-visitor`: the visitor's confirmation e-mail, queued with the lead in its intake transaction
 * (issue 18). It names the movers the request went to — name, phone, USDOT and MC — and carries the private
 * link to the "my request" page. The link and the message are stored in the transaction that ends the job,
 * so however often the job runs, the visitor gets one e-mail with one link.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { formatLongDay, formatPhone, myRequestLink, spelledMoveDay } from '@moveratlas/contracts';
import type { Config } from '../../../config';
import { PermanentJobError, type JobRegistry } from '../../../jobs/worker';
import { storedLead } from '../../deliveries';
import { sendMail } from '../../mail';
import { createRequestLink, linkExpiry } from './request-links';
import { namedMovers } from './named-movers';

export const LEAD_CONFIRM_JOB = 'lead.confirm-visitor';

const Payload = z.object({ leadId: z.number().int() });

export function visitorConfirmationHandlers(db: Knex, config: Config): JobRegistry {
  return {
    [LEAD_CONFIRM_JOB]: {
      async run(job) {
        const parsed = Payload.safeParse(job.payload);
        if (!parsed.success) throw new PermanentJobError('malformed job payload');
        const { leadId } = parsed.data;
        const found = await storedLead(db, leadId);
        if (!found) return { result: { deleted: true } };
        const row = (await db('leads').where({ id: leadId }).first('move_date')) as {
          move_date: string;
        };
        const movers = await namedMovers(db, leadId);
        const expiresAt = linkExpiry(row.move_date);
        const { lead } = found;
        return {
          result: { movers: movers.length },
          commit: async (trx) => {
            const token = await createRequestLink(trx, leadId, expiresAt);
            await sendMail(
              trx,
              {
                to: lead.contact.email,
                template: 'visitor-confirmation',
                data: {
                  firstName: lead.contact.firstName,
                  leadPublicId: found.publicId,
                  from: lead.move.from.label,
                  to: lead.move.to.label,
                  moveDate: spelledMoveDay(lead.move.date),
                  moveSize: lead.move.size,
                  movers: movers.map((m) => ({
                    name: m.name,
                    phone: m.phone ? formatPhone(m.phone) : null,
                    usdotNumber: m.usdotNumber,
                    mcNumber: m.mcNumber,
                  })),
                  requestPath: myRequestLink(token),
                  linkValidUntil: formatLongDay(expiresAt),
                },
              },
              config,
            );
          },
        };
      },
    },
  };
}
