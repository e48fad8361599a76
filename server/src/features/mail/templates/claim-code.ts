/** The one-time code that proves a claimant reads the mailbox on a company's listing (features/claims). */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface ClaimCodeMail {
  companyName: string;
  claimantName: string;
  /** Where the claimant's new account signs in (their own address, not this mailbox's). */
  claimantEmail: string;
  code: string;
  expiresInMinutes: number;
  /** The claim page the code is entered on. */
  claimPath: string;
}

export function claimCodeMail(data: ClaimCodeMail, site: MailSite): RenderedMail {
  return renderMail(
    `${data.code} is your code to claim ${data.companyName} on ${site.siteName}`,
    {
      heading: `Your code: ${data.code}`,
      intro: [
        `${data.claimantName} (${data.claimantEmail}) asked to manage the listing of ${data.companyName} on ${site.siteName}. We send the code to the e-mail address on the listing, so only someone who reads this mailbox can claim it.`,
        `Enter ${data.code} on the claim page within ${data.expiresInMinutes} minutes. The code works once.`,
        'If nobody at your company asked for this, ignore this e-mail: nothing changes without the code.',
      ],
      action: { label: 'Open the claim page', url: new URL(data.claimPath, site.siteUrl).href },
      reason: `You get this because this address is on the listing of ${data.companyName} on ${site.siteName}.`,
    },
    site,
  );
}
