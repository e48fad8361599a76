/**
 * A new lead for a mover the visitor chose (issue 18, features/deliveries): who asked, for what move, and how
 * to reach them — the visitor consented to be contacted by this company about this move. A claimed company's
 * team gets a link to the lead in its inbox; an unclaimed listing's address gets the same details and an
 * invitation to claim the listing, so the next leads arrive in a dashboard too.
 */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface LeadForMoverMail {
  companyName: string;
  /** The id the visitor was given. */
  leadPublicId: string;
  customerName: string;
  email: string;
  phone: string;
  from: string;
  to: string;
  /** "March 14, 2027" or "date not given". */
  moveDate: string;
  /** "2 bedrooms", or null when not given. */
  moveSize: string | null;
  /** The consent's words as the visitor saw them. */
  consentText: string;
  /** A claimed company: the lead's page in its inbox. Unclaimed: the listing's claim page. */
  link: { kind: 'inbox'; path: string } | { kind: 'claim'; path: string };
}

export function leadForMoverMail(data: LeadForMoverMail, site: MailSite): RenderedMail {
  const claim = data.link.kind === 'claim';
  return renderMail(
    `New quote request for ${data.companyName}: ${data.customerName}, ${data.from} to ${data.to}`,
    {
      heading: `${data.customerName} asked ${data.companyName} for a moving quote`,
      intro: [
        `${data.customerName} chose ${data.companyName} on ${site.siteName} and agreed to be contacted by you about this move. Please reply soon: people usually book one of the first movers who call.`,
        claim
          ? `Your company's listing on ${site.siteName} has not been claimed yet. Claim it for free to get your next requests in a dashboard, set which requests you take, and answer reviews.`
          : 'The request is also in your inbox, where you can keep its status and notes.',
      ],
      items: [
        {
          title: 'Customer',
          lines: [data.customerName, `Phone: ${data.phone}`, `E-mail: ${data.email}`],
        },
        {
          title: 'Move',
          lines: [
            `From: ${data.from}`,
            `To: ${data.to}`,
            `Date: ${data.moveDate}`,
            ...(data.moveSize ? [`Size: ${data.moveSize}`] : []),
            `Request number: ${data.leadPublicId}`,
          ],
        },
        { title: 'What the customer agreed to', lines: [data.consentText] },
      ],
      action: {
        label: claim ? 'Claim your listing' : 'Open the request',
        url: new URL(data.link.path, site.siteUrl).href,
      },
      reason: claim
        ? `You get this because this address is on the listing of ${data.companyName} on ${site.siteName}, and the customer chose your company.`
        : `You get this because your company's settings on ${site.siteName} send new requests to this address.`,
    },
    site,
  );
}
