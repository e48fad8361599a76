/** /blog: every post, newest first, with its tags and reading time; ?tag= narrows the list to one tag. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { ContentSummary } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { webPageJsonLd } from '../../lib/seo/content-structured-data';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { tagLabel } from '../content/content-format';
import { ContentCard } from '../content/article-view';

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
  const site = useSite();
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={['moving tips', 'moving advice', 'moving blog', 'packing tips', 'moving costs']}
        breadcrumbs={CRUMBS}
        jsonLd={[
          webPageJsonLd(site, {
            title: TITLE,
            description: DESCRIPTION,
            path: '/blog',
            type: 'CollectionPage',
          }),
        ]}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Moving Tips &amp; Advice
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        Practical, plain-English guidance for every stage of a move, from the first estimate to the
        last box.
      </p>
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
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug}>
            <ContentCard summary={post} to={`/blog/${post.slug}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <BlogListView {...data} />;
}
