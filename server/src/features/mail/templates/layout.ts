/**
 * What every message shares: the text and HTML versions built from the same parts, so they always say the
 * same thing, and the footer with the site's name and support address (from Settings). Every value that goes
 * into the HTML is escaped here; templates pass plain text only.
 */

/** The site as Settings name it: every message is signed with it. */
export interface MailSite {
  siteName: string;
  supportEmail: string;
  /** The site's origin, for links (PUBLIC_URL, or this server's own address). */
  siteUrl: string;
}

/** A link: its words, and the absolute address it opens. */
export interface MailLink {
  label: string;
  url: string;
}

/** A message's body, as parts: a heading, paragraphs, items (each with an optional link) and a button. */
export interface MailParts {
  heading: string;
  intro: string[];
  items?: Array<{ title: string; lines: string[]; link?: MailLink }>;
  action?: MailLink;
  /** Why the reader gets this message, above the signature. */
  reason: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);

/** Only http(s) links ever reach an href: anything else is shown as text. */
const safeHref = (url: string): string | undefined => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
};

function linkHtml(link: MailLink, style: string): string {
  const href = safeHref(link.url);
  return href
    ? `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(link.label)}</a>`
    : escapeHtml(`${link.label}: ${link.url}`);
}

function textOf(parts: MailParts, site: MailSite): string {
  const lines: string[] = [parts.heading, '', ...parts.intro.flatMap((p) => [p, ''])];
  for (const item of parts.items ?? []) {
    lines.push(`* ${item.title}`);
    for (const line of item.lines) lines.push(`  ${line}`);
    if (item.link) lines.push(`  ${item.link.label}: ${item.link.url}`);
    lines.push('');
  }
  if (parts.action) lines.push(`${parts.action.label}: ${parts.action.url}`, '');
  lines.push(
    '--',
    parts.reason,
    `${site.siteName} · ${site.siteUrl}`,
    `Help: ${site.supportEmail}`,
  );
  return `${lines.join('\n')}\n`;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif';

function htmlOf(subject: string, parts: MailParts, site: MailSite): string {
  const items = (parts.items ?? [])
    .map(
      (item) =>
        `<li style="margin:0 0 16px 0"><strong>${escapeHtml(item.title)}</strong>` +
        item.lines.map((line) => `<br>${escapeHtml(line)}`).join('') +
        (item.link ? `<br>${linkHtml(item.link, 'color:#1d4ed8')}` : '') +
        `</li>`,
    )
    .join('');
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;${FONT}">`,
    `<div style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">`,
    `<p style="margin:0 0 16px 0;font-weight:bold;color:#1d4ed8">${escapeHtml(site.siteName)}</p>`,
    `<h1 style="margin:0 0 16px 0;font-size:20px">${escapeHtml(parts.heading)}</h1>`,
    ...parts.intro.map((p) => `<p style="margin:0 0 12px 0;line-height:1.5">${escapeHtml(p)}</p>`),
    items ? `<ul style="padding-left:20px;line-height:1.5">${items}</ul>` : '',
    parts.action
      ? `<p style="margin:20px 0">${linkHtml(
          parts.action,
          'display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold',
        )}</p>`
      : '',
    `<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 12px 0">`,
    `<p style="margin:0;font-size:12px;color:#475569">${escapeHtml(parts.reason)}<br>`,
    `${linkHtml({ label: site.siteName, url: site.siteUrl }, 'color:#475569')} · Help: ${escapeHtml(site.supportEmail)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

/** The subject, text and HTML of one message, from its parts. */
export function renderMail(subject: string, parts: MailParts, site: MailSite): RenderedMail {
  // A subject is one header line: no line breaks, whatever the data held.
  const oneLine = subject.replace(/\s+/g, ' ').trim().slice(0, 250);
  return { subject: oneLine, text: textOf(parts, site), html: htmlOf(oneLine, parts, site) };
}
