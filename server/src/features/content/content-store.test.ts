import { describe, expect, it } from 'vitest';
import { SERVICE_IDS, truncateDescription } from '@moveratlas/contracts';
import { loadContent } from './content-store';

// The repository's own content: every file must load, and the pages the site links to must exist.
const content = loadContent();

describe('the site content', () => {
  it('has the blog posts the home page links to, and at least ten in all, newest first', () => {
    const slugs = content.list('blog').map((post) => post.slug);
    for (const linked of [
      'packing-tips-for-moving',
      'moving-cost-guide',
      'choosing-right-moving-company',
      'complete-moving-checklist',
      'interstate-moving-regulations',
    ]) {
      expect(slugs).toContain(linked);
    }
    expect(slugs.length).toBeGreaterThanOrEqual(10);
    const dates = content.list('blog').map((post) => post.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('has a page for every service, and the FAQ, about, privacy and terms pages', () => {
    for (const id of SERVICE_IDS) expect(content.get('services', id)?.title).toMatch(/\w/);
    for (const slug of ['faq', 'about', 'privacy-policy', 'terms-of-service']) {
      expect(content.get('pages', slug)).toBeDefined();
    }
  });

  it('reads the FAQ questions from its headings', () => {
    const faq = content.get('pages', 'faq')?.faq ?? [];
    expect(faq.length).toBeGreaterThanOrEqual(12);
    expect(faq[0]?.question).toBe('Is MoverAtlas a moving company?');
    expect(faq[0]?.answerText).toMatch(/^No\. MoverAtlas is a directory/);
    expect(faq[0]?.answerHtml).toMatch(/^<p>No\./);
  });

  it('keeps every description within the 160 characters search engines show', () => {
    for (const collection of ['blog', 'guides', 'pages', 'services', 'resources'] as const) {
      for (const summary of content.list(collection)) {
        expect(truncateDescription(summary.description), summary.slug).toBe(summary.description);
      }
    }
  });

  it('renders headings with ids, external links apart, and computes the reading time', () => {
    const post = content.get('blog', 'interstate-moving-regulations')!;
    expect(post.html).toContain('<h2 id="usdot-and-mc-numbers">');
    expect(post.html).toContain(
      '<a href="https://www.fmcsa.dot.gov/protect-your-move" target="_blank" rel="noopener">',
    );
    expect(post.headings[0]).toEqual({
      id: 'who-regulates-interstate-movers',
      text: 'Who regulates interstate movers',
    });
    expect(post.readingMinutes).toBeGreaterThanOrEqual(4);
    expect(post.related).toHaveLength(3);
    expect(post.related.map((r) => r.slug)).not.toContain(post.slug);
  });

  it('never ships scripts in content', () => {
    for (const collection of ['blog', 'guides', 'pages', 'services', 'resources'] as const) {
      for (const { slug } of content.list(collection)) {
        expect(content.get(collection, slug)?.html).not.toMatch(/<script|javascript:/i);
      }
    }
  });
});
