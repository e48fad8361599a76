/** Staff's decision on a claim with evidence (features/claims): approved, with the way in, or declined with why. */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface ClaimApprovedMail {
  companyName: string;
  name: string;
  /**
   * A link to choose a password (a new account, or one without a password yet); absent when the account has
   * a password already, and the mover simply signs in.
   */
  setPasswordPath?: string;
  /** How long the link works, in words ("30 minutes"). */
  linkValidFor?: string;
}

export function claimApprovedMail(data: ClaimApprovedMail, site: MailSite): RenderedMail {
  const signIn = new URL('/pro/login', site.siteUrl).href;
  return renderMail(
    `Your claim of ${data.companyName} is approved`,
    {
      heading: `You now manage ${data.companyName}`,
      intro: [
        `Hello ${data.name}, our team checked your claim and approved it: you are the owner of the listing of ${data.companyName} on ${site.siteName}.`,
        data.setPasswordPath
          ? `Choose your password with the link below${data.linkValidFor ? ` (it works once, for ${data.linkValidFor})` : ''}, then sign in to your dashboard to update the listing, read your leads and answer reviews.`
          : 'Sign in to your dashboard with your e-mail address and password to update the listing, read your leads and answer reviews.',
      ],
      action: data.setPasswordPath
        ? { label: 'Choose your password', url: new URL(data.setPasswordPath, site.siteUrl).href }
        : { label: 'Sign in', url: signIn },
      reason: `You get this because you claimed ${data.companyName} on ${site.siteName}.`,
    },
    site,
  );
}

export interface ClaimDeclinedMail {
  companyName: string;
  name: string;
  reason: string;
}

export function claimDeclinedMail(data: ClaimDeclinedMail, site: MailSite): RenderedMail {
  return renderMail(
    `Your claim of ${data.companyName} was not approved`,
    {
      heading: 'We could not approve your claim',
      intro: [
        `Hello ${data.name}, our team looked at your claim of ${data.companyName} on ${site.siteName} and could not approve it.`,
        `The reason: ${data.reason}`,
        `If you can show more, send a new claim from the company's page, or write to ${site.supportEmail}.`,
      ],
      reason: `You get this because you claimed ${data.companyName} on ${site.siteName}.`,
    },
    site,
  );
}
