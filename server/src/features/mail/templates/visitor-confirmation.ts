/**
 * The visitor's confirmation, sent right after a quote request (issue 18): the request as we received it, the
 * movers it went to (name, phone, USDOT and MC numbers, so the visitor can tell a real call from a stranger's),
 * and the private link to the "my request" page, where the visitor follows the request, stops a mover
 * contacting them, or asks for their data to be deleted.
 */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface VisitorConfirmationMail {
  firstName: string;
  leadPublicId: string;
  from: string;
  to: string;
  /** "March 14, 2027" or "date not given". */
  moveDate: string;
  moveSize: string | null;
  movers: Array<{
    name: string;
    phone: string | null;
    usdotNumber: string | null;
    mcNumber: string | null;
  }>;
  /** The page's path with its secret in the fragment: /my-request#t=… */
  requestPath: string;
  /** "January 26, 2028": until when the link works. */
  linkValidUntil: string;
}

export function visitorConfirmationMail(
  data: VisitorConfirmationMail,
  site: MailSite,
): RenderedMail {
  const count = data.movers.length;
  return renderMail(
    `Your moving quote request ${data.leadPublicId}: ${count === 1 ? 'one mover' : `${count} movers`} will contact you`,
    {
      heading: `Thank you, ${data.firstName}: your request is on its way`,
      intro: [
        `We sent your request to the ${count === 1 ? 'mover' : `${count} movers`} you chose, and only to ${count === 1 ? 'it' : 'them'}. Expect a call or an e-mail from ${count === 1 ? 'it' : 'them'} soon.`,
        `Your request: from ${data.from} to ${data.to}, ${data.moveDate}${data.moveSize ? `, ${data.moveSize}` : ''}. Request number ${data.leadPublicId}.`,
        `On your request's page you can see whether each mover has received and opened it, stop any of them contacting you, or ask us to delete your data. The link is private and works until ${data.linkValidUntil}: do not forward this e-mail.`,
      ],
      items: data.movers.map((mover) => ({
        title: mover.name,
        lines: [
          mover.phone ? `Phone: ${mover.phone}` : 'Phone: not listed',
          [
            mover.usdotNumber ? `USDOT ${mover.usdotNumber}` : null,
            mover.mcNumber ? `MC ${mover.mcNumber}` : null,
          ]
            .filter(Boolean)
            .join(' · ') || 'No USDOT or MC number listed',
        ],
      })),
      action: { label: 'See your request', url: new URL(data.requestPath, site.siteUrl).href },
      reason: `You get this because this address was entered on a quote request at ${site.siteName}. If it was not you, open the link and ask us to delete the data.`,
    },
    site,
  );
}
