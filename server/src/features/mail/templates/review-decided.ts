/**
 * Staff decided on a review our checks held (issue 19): published (it now shows on the mover's page) or not
 * published, with the reason staff gave; or staff took a published review down after someone reported it.
 */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface ReviewDecidedMail {
  firstName: string;
  companyName: string;
  reviewTitle: string;
  decision: 'published' | 'rejected' | 'removed';
  /** Staff's reason: always with a rejection or a removal, sometimes with a publication. */
  reason: string | null;
  /** The mover's page, where a published review shows. */
  profilePath: string;
}

export function reviewDecidedMail(data: ReviewDecidedMail, site: MailSite): RenderedMail {
  const reason = `You get this because you wrote a review of ${data.companyName} at ${site.siteName}.`;
  if (data.decision === 'published')
    return renderMail(
      `Your review of ${data.companyName} is published`,
      {
        heading: 'Your review is published',
        intro: [
          `Hello ${data.firstName},`,
          `Thank you: your review "${data.reviewTitle}" is now shown on ${data.companyName}'s page at ${site.siteName}, marked as coming from a real request.`,
          ...(data.reason ? [`A note from our team: ${data.reason}`] : []),
        ],
        action: {
          label: `See ${data.companyName}'s page`,
          url: new URL(data.profilePath, site.siteUrl).href,
        },
        reason,
      },
      site,
    );
  if (data.decision === 'removed')
    return renderMail(
      `Your review of ${data.companyName} was taken down`,
      {
        heading: 'Your review was taken down',
        intro: [
          `Hello ${data.firstName},`,
          `Someone reported your review "${data.reviewTitle}" of ${data.companyName}. Our team read it again and took it off the page.`,
          `The reason: ${data.reason ?? 'not given'}`,
          `If you think this is a mistake, answer through the contact page at ${site.siteName} and we will look at it again.`,
        ],
        reason,
      },
      site,
    );
  return renderMail(
    `Your review of ${data.companyName} was not published`,
    {
      heading: 'Your review was not published',
      intro: [
        `Hello ${data.firstName},`,
        `Our team read your review "${data.reviewTitle}" and did not publish it.`,
        `The reason: ${data.reason ?? 'not given'}`,
        `If you think this is a mistake, answer through the contact page at ${site.siteName} and we will look at it again.`,
      ],
      reason,
    },
    site,
  );
}
