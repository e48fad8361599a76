/**
 * Staff decided on a mover's public reply to a review (issue 17): published (it now shows under the review on
 * the company's profile) or rejected, with the reason, and the company may send a new one.
 */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface ReviewReplyModeratedMail {
  name: string;
  companyName: string;
  reviewTitle: string;
  decision: 'published' | 'rejected';
  /** Why it was rejected (rejected only). */
  reason?: string;
  /** Where to see it: the public profile's reviews (published) or the company's /pro Reviews screen. */
  path: string;
}

export function reviewReplyModeratedMail(
  data: ReviewReplyModeratedMail,
  site: MailSite,
): RenderedMail {
  const url = new URL(data.path, site.siteUrl).href;
  if (data.decision === 'published')
    return renderMail(
      `Your reply to a review of ${data.companyName} is published`,
      {
        heading: 'Your reply is published',
        intro: [
          `Hello ${data.name},`,
          `Your reply to the review "${data.reviewTitle}" is now shown under the review on ${data.companyName}'s page at ${site.siteName}.`,
        ],
        action: { label: 'See it on your page', url },
        reason: `You get this because you replied to a review of ${data.companyName} at ${site.siteName}.`,
      },
      site,
    );
  return renderMail(
    `Your reply to a review of ${data.companyName} was not published`,
    {
      heading: 'Your reply was not published',
      intro: [
        `Hello ${data.name},`,
        `Our team did not publish your reply to the review "${data.reviewTitle}".`,
        `The reason: ${data.reason ?? 'not given'}`,
        'You can send a new reply from your Reviews screen.',
      ],
      action: { label: 'Open your reviews', url },
      reason: `You get this because you replied to a review of ${data.companyName} at ${site.siteName}.`,
    },
    site,
  );
}
