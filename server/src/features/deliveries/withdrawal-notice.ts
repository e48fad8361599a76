/**
 * When a visitor stops a mover (issue 18), the mover hears it where it got the lead: its inbox is marked
 * (company_leads.consent_withdrawn_at), and if the lead reached it by e-mail, the same readers get a
 * "do not contact" e-mail in the withdrawal's transaction. A lead cancelled before its e-mail went out needs
 * none: the mover never had the contact details by e-mail.
 */
import type { Knex } from 'knex';
import { formatLongDay } from '@moveratlas/contracts';
import type { Config } from '../../config';
import { sendMail } from '../mail';
import { deliveryCompany, storedLead } from './delivery-lead';
import { leadMailRecipients } from './lead-mail-recipients';

export async function tellMoverOfWithdrawal(
  trx: Knex.Transaction,
  leadId: number,
  companyId: number,
  withdrawnAt: number,
  config: Config,
): Promise<number> {
  const emailed = await trx('lead_deliveries')
    .where({ lead_id: leadId, company_id: companyId, channel: 'email', status: 'delivered' })
    .first('id');
  if (!emailed) return 0;
  const [found, company] = await Promise.all([
    storedLead(trx, leadId),
    deliveryCompany(trx, companyId),
  ]);
  if (!found || !company) return 0;
  const { claimed, recipients } = await leadMailRecipients(trx, company);
  const data = {
    companyName: company.name,
    leadPublicId: found.publicId,
    customerName: `${found.lead.contact.firstName} ${found.lead.contact.lastName}`.trim(),
    withdrawnOn: formatLongDay(withdrawnAt),
    path: claimed ? `/pro/companies/${company.id}/leads/${leadId}` : null,
  };
  for (const to of recipients)
    await sendMail(trx, { to, template: 'lead-withdrawn', data }, config);
  return recipients.length;
}
