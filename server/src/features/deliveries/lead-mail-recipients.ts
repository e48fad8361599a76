/**
 * Who reads a company's lead e-mails: on a claimed listing, the team members chosen for new-request e-mails
 * (owners by default); on an unclaimed one, the address on the listing.
 */
import type { Knex } from 'knex';
import { notificationRecipients } from '../movers';
import type { DeliveryCompany } from './delivery-lead';

export async function leadMailRecipients(
  db: Knex | Knex.Transaction,
  company: Pick<DeliveryCompany, 'id' | 'email'>,
): Promise<{ claimed: boolean; recipients: string[] }> {
  const members = (await db('company_users')
    .where({ company_id: company.id })
    .count({ n: '*' })
    .first()) as { n: number | string };
  const claimed = Number(members.n) > 0;
  const recipients = claimed
    ? await notificationRecipients(db, company.id, 'new-lead')
    : company.email
      ? [company.email.trim().toLowerCase()]
      : [];
  return { claimed, recipients };
}
