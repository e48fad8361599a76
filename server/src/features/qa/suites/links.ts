/** The links suite: a short crawl (the SEO crawler) finds no broken internal link or sitemap entry. */
import { crawlSite } from '../../seo-health';
import { expect, type QaSession } from '../qa-session';

export async function linksSuite(session: QaSession): Promise<void> {
  const { target, signal, timeoutMs, options, check } = session;
  const crawl = await crawlSite({
    ...target,
    pageLimit: options.linkLimit,
    concurrency: 4,
    signal,
    requestTimeoutMs: timeoutMs,
  });
  const of = (...rules: string[]) => crawl.findings.filter((f) => rules.includes(f.rule));
  const list = (findings: ReturnType<typeof of>) =>
    findings
      .slice(0, 20)
      .map((f) => `${f.url}: ${f.message}`)
      .join('\n');
  const summary = `${crawl.pages.length} pages crawled in ${Math.round(crawl.durationMs / 1000)} s`;
  await check('links', 'The sitemaps load', '/sitemap.xml', async () => {
    const problems = of('sitemap-unreadable');
    expect(problems.length === 0, list(problems));
    return `${crawl.sitemapUrls} addresses listed`;
  });
  await check('links', 'No broken internal links', null, async () => {
    const broken = of('broken-link', 'http-error');
    expect(broken.length === 0, `${broken.length} broken (${summary}):\n${list(broken)}`);
    return summary;
  });
  await check('links', 'Sitemap addresses answer 200', null, async () => {
    const failing = of('sitemap-url-error');
    expect(failing.length === 0, `${failing.length} failing:\n${list(failing)}`);
    return summary;
  });
}
