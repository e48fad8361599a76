/** /blog/{postSlug}: one post with Article JSON-LD, breadcrumbs and related posts; an unknown slug is a 404. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { ContentDocument } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { articleJsonLd } from '../../lib/seo/content-structured-data';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { ArticleView } from '../../components/content/article-view';
import { contentNotFound } from '../../components/content/not-found';

export async function loader({
  context,
  params,
}: LoaderFunctionArgs): Promise<{ post: ContentDocument }> {
  const post = await directoryData(context).contentDocument('blog', params.postSlug ?? '');
  if (!post) contentNotFound();
  return { post };
}

export function BlogPostView({ post }: { post: ContentDocument }) {
  const site = useSite();
  const path = `/blog/${post.slug}`;
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: 'Blog', to: '/blog' },
    { label: post.title, to: path },
  ];
  return (
    <>
      <Seo
        title={post.title}
        description={post.description}
        keywords={post.tags.map((tag) => tag.replace(/-/g, ' '))}
        breadcrumbs={crumbs}
        canonicalPath={path}
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[articleJsonLd(site, post, path)]}
      />
      <ArticleView document={post} crumbs={crumbs} basePath="/blog" />
    </>
  );
}

export function Component() {
  const { post } = useLoaderData<typeof loader>();
  return <BlogPostView post={post} />;
}
