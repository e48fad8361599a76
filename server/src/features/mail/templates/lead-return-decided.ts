/** Staff's answer to a mover's return of a lead (issue 18): accepted or refused, with the reason. */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface LeadReturnDecidedMail {
  name: string;
  companyName: string;
  leadPublicId: string;
  decision: 'accepted' | 'refused';
  reason: string;
  /** The lead's page in the dashboard. */
  path: string;
}

export function leadReturnDecidedMail(data: LeadReturnDecidedMail, site: MailSite): RenderedMail {
  const accepted = data.decision === 'accepted';
  return renderMail(
    accepted
      ? `Your return of lead ${data.leadPublicId} is accepted`
      : `Your return of lead ${data.leadPublicId} was not accepted`,
    {
      heading: accepted ? 'We accepted your return' : 'We could not accept your return',
      intro: [
        `Hello ${data.name}, our team looked at the return ${data.companyName} asked for on lead ${data.leadPublicId}.`,
        accepted
          ? `It is accepted: the lead no longer counts against ${data.companyName}'s lead limits.`
          : 'It is not accepted: the lead stays with you.',
        `Our reason: ${data.reason}`,
      ],
      action: { label: 'Open the lead', url: new URL(data.path, site.siteUrl).href },
      reason: `You get this because you returned a lead of ${data.companyName} on ${site.siteName}.`,
    },
    site,
  );
}
