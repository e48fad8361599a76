/** The e-mail admins get when something starts failing (features/alerts): what, since when, where to fix it. */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface AdminAlertMail {
  problems: Array<{
    title: string;
    detail: string;
    /** Epoch ms. */
    since: number;
    /** The admin path to fix it on (/admin/jobs?…) and its words. */
    link: string;
    linkLabel: string;
  }>;
}

const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function adminAlertMail(data: AdminAlertMail, site: MailSite): RenderedMail {
  const first = data.problems[0];
  const more = data.problems.length - 1;
  const subject = first
    ? `${site.siteName}: ${first.title}${more > 0 ? ` (and ${more} more)` : ''}`
    : `${site.siteName}: a problem needs attention`;
  return renderMail(
    subject,
    {
      heading:
        data.problems.length === 1 ? 'Something needs attention' : 'Some things need attention',
      intro: [
        `The ${site.siteName} server noticed ${
          data.problems.length === 1 ? 'a new problem' : `${data.problems.length} new problems`
        }. You get one e-mail per problem: no more until it has recovered and failed again.`,
      ],
      items: data.problems.map((problem) => ({
        title: problem.title,
        lines: [problem.detail, `Failing since ${when(problem.since)}.`],
        link: { label: problem.linkLabel, url: new URL(problem.link, site.siteUrl).href },
      })),
      action: { label: 'Open the admin', url: new URL('/admin', site.siteUrl).href },
      reason: `You get this because your address is on the alert list of ${site.siteName}'s Settings screen.`,
    },
    site,
  );
}
