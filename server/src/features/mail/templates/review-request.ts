/**
 * "How did your move go?" (issue 19): sent a few days after the moving day to a visitor whose request reached
 * movers, with one private link per mover — each takes one review, marked as coming from a real request. The
 * reminder (once, a week later, when no link was used) says the same with new links to the same reviews.
 */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface ReviewRequestMail {
  firstName: string;
  /** The one reminder rather than the first e-mail. */
  reminder: boolean;
  /** "March 14, 2027". */
  moveDate: string;
  /** Each mover with the path of its link (the secret in the fragment: /write-review#t=…). */
  movers: Array<{ name: string; reviewPath: string }>;
  /** "May 13, 2027": until when the links work. */
  linksValidUntil: string;
}

export function reviewRequestMail(data: ReviewRequestMail, site: MailSite): RenderedMail {
  const one = data.movers.length === 1;
  const subject = data.reminder
    ? `A reminder: how did your move go?`
    : `How did your move go? Tell others about ${one ? data.movers[0]!.name : 'your movers'}`;
  return renderMail(
    subject,
    {
      heading: `${data.firstName}, how did your move on ${data.moveDate} go?`,
      intro: [
        data.reminder
          ? `A week ago we asked how your move went. If you have two minutes, your review helps the next person choose a mover.`
          : `You asked ${one ? 'this mover' : 'these movers'} for a quote through ${site.siteName}. People choosing a mover trust reviews from real customers most: yours will be marked as coming from a real request.`,
        `Write one review per mover, whether you hired them or only got a quote. Each link below is private, works once and until ${data.linksValidUntil}: do not forward this e-mail.`,
      ],
      items: data.movers.map((mover) => ({
        title: mover.name,
        lines: [],
        link: {
          label: `Review ${mover.name}`,
          url: new URL(mover.reviewPath, site.siteUrl).href,
        },
      })),
      reason: `You get this because you sent a moving quote request at ${site.siteName}. We ask once, and remind you once at most.`,
    },
    site,
  );
}
