/** /blog: every post, newest first, with its tags and reading time; ?tag= narrows the list to one tag. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { ContentSummary } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import type { Crumb } from '../../lib/seo/structured-data';
import { tagLabel } from '../../components/content/content-format';
import { CollectionPageHeader, ContentCardGrid } from '../../components/content/collection-page';

export interface BlogListData {
  posts: ContentSummary[];
  tags: string[];
  tag: string | null;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<BlogListData> {
  const all = await directoryData(context).listContent('blog');
  const requested = new URL(request.url).searchParams.get('tag');
  const tags = [...new Set(all.flatMap((post) => post.tags))].sort();
  const tag = requested !== null && tags.includes(requested) ? requested : null;
  const posts = (tag ? all.filter((post) => post.tags.includes(tag)) : all)
    .slice()
    .sort((a, b) => b.date.localeCompare(a.date));
  return { posts, tags, tag };
}

const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'Blog', to: '/blog' },
];
const TITLE = 'Moving Tips & Advice Blog';
const DESCRIPTION =
  'Moving tips and advice: packing, moving costs, choosing a mover, interstate moving rules, moving with pets, storage and how to avoid moving scams.';

const tagLinkClass = (active: boolean) =>
  `rounded-full px-3 py-1 text-sm font-medium ${
    active ? 'bg-blue-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
  }`;

export function BlogListView({ posts, tags, tag }: BlogListData) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <CollectionPageHeader
        title={TITLE}
        description={DESCRIPTION}
        keywords={['moving tips', 'moving advice', 'moving blog', 'packing tips', 'moving costs']}
        path="/blog"
        crumbs={CRUMBS}
        heading="Moving Tips & Advice"
        variant={tag !== null}
      >
        Practical, plain-English guidance for every stage of a move, from the first estimate to the
        last box.
      </CollectionPageHeader>
      <nav aria-label="Filter by tag" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to="/blog" className={tagLinkClass(tag === null)}>
              All posts
            </Link>
          </li>
          {tags.map((name) => (
            <li key={name}>
              <Link
                to={`/blog?tag=${encodeURIComponent(name)}`}
                className={tagLinkClass(tag === name)}
                aria-current={tag === name ? 'page' : undefined}
              >
                {tagLabel(name)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ContentCardGrid
        items={posts.map((summary) => ({ summary, to: `/blog/${summary.slug}` }))}
        className="mt-8"
      />
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <BlogListView {...data} />;
}
