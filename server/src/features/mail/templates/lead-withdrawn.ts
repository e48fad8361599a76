/**
 * The visitor stopped a mover contacting them (issue 18, "my request"): sent to whoever got the lead by
 * e-mail, so a mover working from its mailbox hears it as surely as one working from the dashboard.
 */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface LeadWithdrawnMail {
  companyName: string;
  leadPublicId: string;
  customerName: string;
  /** "November 28, 2026" */
  withdrawnOn: string;
  /** The lead's page in the dashboard, for a claimed listing. */
  path: string | null;
}

export function leadWithdrawnMail(data: LeadWithdrawnMail, site: MailSite): RenderedMail {
  return renderMail(
    `Do not contact ${data.customerName} (request ${data.leadPublicId})`,
    {
      heading: 'Consent withdrawn — do not contact',
      intro: [
        `On ${data.withdrawnOn} ${data.customerName} asked that ${data.companyName} not contact them about quote request ${data.leadPublicId}.`,
        'Please do not call, text or e-mail them about this move, and remove them from any follow-up you planned. The request stays in your records as it was.',
      ],
      ...(data.path
        ? { action: { label: 'Open the request', url: new URL(data.path, site.siteUrl).href } }
        : {}),
      reason: `You get this because ${data.companyName} received this quote request through ${site.siteName}.`,
    },
    site,
  );
}
