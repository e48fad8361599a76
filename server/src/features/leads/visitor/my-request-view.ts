/**
 * The "my request" page's answer: the request and each mover's progress, or — once the visitor asked for
 * their data to be deleted — nothing personal at all (the movers' names are the directory's, not the
 * visitor's, and stay so the page still says what was stopped).
 */
import type { Knex } from 'knex';
import type { MyRequest } from '@moveratlas/contracts';
import { storedLead } from '../../deliveries';
import { namedMovers } from './named-movers';

type Db = Knex | Knex.Transaction;

export async function myRequestView(
  db: Db,
  leadId: number,
  expiresAt: number,
): Promise<MyRequest | undefined> {
  const [found, movers, deletion] = await Promise.all([
    storedLead(db, leadId),
    namedMovers(db, leadId),
    db('data_deletion_requests').where({ lead_id: leadId }).first('requested_at') as Promise<
      { requested_at: number | string } | undefined
    >,
  ]);
  if (!found) return undefined;
  const closed = deletion !== undefined;
  const { lead } = found;
  return {
    closed,
    deletionRequestedAt: deletion ? new Date(Number(deletion.requested_at)).toISOString() : null,
    request: closed
      ? null
      : {
          publicId: found.publicId,
          firstName: lead.contact.firstName,
          receivedAt: lead.receivedAt,
          from: lead.move.from.label,
          to: lead.move.to.label,
          moveDate: lead.move.date,
          size: lead.move.size,
        },
    movers: movers.map((m) => ({
      companyId: m.companyId,
      name: m.name,
      phone: m.phone,
      usdotNumber: m.usdotNumber,
      mcNumber: m.mcNumber,
      profilePath: m.profilePath,
      state: m.state,
      withdrawnAt: m.withdrawnAt === null ? null : new Date(m.withdrawnAt).toISOString(),
    })),
    expiresAt: new Date(expiresAt).toISOString(),
  };
}
