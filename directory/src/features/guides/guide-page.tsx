/** /guides/{guideSlug}: one moving guide with Article JSON-LD; an unknown slug is a 404. */
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
}: LoaderFunctionArgs): Promise<{ guide: ContentDocument }> {
  const guide = await directoryData(context).contentDocument('guides', params.guideSlug ?? '');
  if (!guide) contentNotFound();
  return { guide };
}

export function Component() {
  const { guide } = useLoaderData<typeof loader>();
  const site = useSite();
  const path = `/guides/${guide.slug}`;
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: 'Moving Guides', to: '/guides' },
    { label: guide.title, to: path },
  ];
  return (
    <>
      <Seo
        title={guide.title}
        description={guide.description}
        keywords={guide.tags.map((tag) => tag.replace(/-/g, ' '))}
        breadcrumbs={crumbs}
        canonicalPath={path}
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[articleJsonLd(site, guide, path)]}
      />
      <ArticleView document={guide} crumbs={crumbs} basePath="/guides" />
    </>
  );
}
