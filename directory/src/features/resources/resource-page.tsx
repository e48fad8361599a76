/** /resources/{resourceSlug}: one location resource; an unknown slug is a 404. */
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
}: LoaderFunctionArgs): Promise<{ resource: ContentDocument }> {
  const resource = await directoryData(context).contentDocument(
    'resources',
    params.resourceSlug ?? '',
  );
  if (!resource) contentNotFound();
  return { resource };
}

export function Component() {
  const { resource } = useLoaderData<typeof loader>();
  const site = useSite();
  const path = `/resources/${resource.slug}`;
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: 'Location Resources', to: '/resources' },
    { label: resource.title, to: path },
  ];
  return (
    <>
      <Seo
        title={resource.title}
        description={resource.description}
        keywords={resource.tags.map((tag) => tag.replace(/-/g, ' '))}
        breadcrumbs={crumbs}
        canonicalPath={path}
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[articleJsonLd(site, resource, path)]}
      />
      <ArticleView document={resource} crumbs={crumbs} basePath="/resources" />
    </>
  );
}
