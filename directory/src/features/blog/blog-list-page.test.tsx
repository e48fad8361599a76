import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ContentSummary } from '@moveratlas/contracts';
import { renderWithRouter } from '../../test/render-with-router';
import { fakeDirectoryData } from '../../test/fixtures';
import { createRouterContext } from '../../app/router-context';
import { BlogListView, loader } from './blog-list-page';

afterEach(cleanup);

const post = (slug: string, date: string, tags: string[], readingMinutes = 4): ContentSummary => ({
  collection: 'blog',
  slug,
  title: `Title of ${slug}`,
  description: `About ${slug}`,
  date,
  author: 'MoverAtlas Editorial Team',
  tags,
  type: 'article',
  readingMinutes,
});

const POSTS = [
  post('moving-cost-guide', '2026-04-02', ['costs', 'planning']),
  post('moving-with-pets', '2026-08-04', ['pets', 'planning'], 5),
  post('packing-tips-for-moving', '2026-03-10', ['packing']),
];

async function load(url: string) {
  const context = createRouterContext(fakeDirectoryData({ listContent: async () => POSTS }));
  return loader({ request: new Request(url), params: {}, context } as Parameters<typeof loader>[0]);
}

describe('the blog list', () => {
  it('lists posts newest first with tags, date and reading time', async () => {
    const data = await load('https://movers.test/blog');
    expect(data.posts.map((p) => p.slug)).toEqual([
      'moving-with-pets',
      'moving-cost-guide',
      'packing-tips-for-moving',
    ]);
    expect(data.tags).toEqual(['costs', 'packing', 'pets', 'planning']);
    renderWithRouter(<BlogListView {...data} />, { path: '/blog' });
    const items = screen.getAllByRole('article');
    expect(items).toHaveLength(3);
    const first = items[0]!;
    expect(
      within(first).getByRole('link', { name: 'Title of moving-with-pets' }).getAttribute('href'),
    ).toBe('/blog/moving-with-pets');
    expect(first.textContent).toContain('August 4, 2026');
    expect(first.textContent).toContain('5 min read');
    expect(within(first).getByText('Pets')).toBeInTheDocument();
  });

  it('narrows the list to a tag, and ignores unknown tags', async () => {
    const data = await load('https://movers.test/blog?tag=planning');
    expect(data.tag).toBe('planning');
    expect(data.posts.map((p) => p.slug)).toEqual(['moving-with-pets', 'moving-cost-guide']);
    renderWithRouter(<BlogListView {...data} />, { path: '/blog?tag=planning' });
    expect(screen.getByRole('link', { name: 'Planning' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect((await load('https://movers.test/blog?tag=nope')).posts).toHaveLength(3);
  });
});
