/**
 * An owner invited someone to their company's team at /pro: the single-use link (7 days) that opens the
 * invitation's page, where a new person picks a name and password and someone with an account signs in.
 */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface MoverInvitationMail {
  /** Who sent it, as their account names them. */
  inviterName: string;
  companyName: string;
  /** "an owner" or "a staff member". */
  roleWords: string;
  /** The path with the link's secret: /pro/invitation?token=… */
  invitationPath: string;
  validDays: number;
}

export function moverInvitationMail(data: MoverInvitationMail, site: MailSite): RenderedMail {
  return renderMail(
    `${data.inviterName} invited you to ${data.companyName} on ${site.siteName}`,
    {
      heading: `Join ${data.companyName} on ${site.siteName}`,
      intro: [
        'Hello,',
        `${data.inviterName} invited you to join ${data.companyName}'s business account on ${site.siteName} as ${data.roleWords}: you will see the company's leads, reviews and profile.`,
        `The link below works once, for ${data.validDays} days. If you do not know ${data.companyName}, ignore this message: nothing happens without you.`,
      ],
      action: {
        label: 'Accept the invitation',
        url: new URL(data.invitationPath, site.siteUrl).href,
      },
      reason: `You get this because someone at ${data.companyName} entered your address at ${site.siteName}.`,
    },
    site,
  );
}
