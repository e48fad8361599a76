/**
 * The site's own pages written in Markdown (directory/content/pages): /about (spec 2.1's /about-us answers
 * 301 to it: one address per page), /privacy-policy and /terms-of-service.
 */
import { redirect, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router-dom';
import type { ContentDocument } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { webPageJsonLd } from '../../lib/seo/content-structured-data';
import { canonicalPathOf, Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { formatContentDate } from '../../components/content/content-format';
import { contentNotFound } from '../../components/content/not-found';
import { Prose } from '../../components/content/prose';

/** Route path → the Markdown page it shows, and the schema.org type of that page. */
export const STATIC_PAGES: Readonly<Record<string, { slug: string; type: string }>> = {
  '/about': { slug: 'about', type: 'AboutPage' },
  '/privacy-policy': { slug: 'privacy-policy', type: 'WebPage' },
  '/terms-of-service': { slug: 'terms-of-service', type: 'WebPage' },
};

export async function loader({
  context,
  request,
}: LoaderFunctionArgs): Promise<{ page: ContentDocument; schemaType: string }> {
  const { pathname, search } = new URL(request.url);
  const path = canonicalPathOf(pathname);
  // /about-us, reached by a navigation inside the browser (the server answers its 301 itself).
  if (path !== pathname) throw redirect(`${path}${search}`, 301);
  const entry = STATIC_PAGES[path];
  const page = entry
    ? await directoryData(context).contentDocument('pages', entry.slug)
    : undefined;
  if (!entry || !page) contentNotFound();
  return { page, schemaType: entry.type };
}

export function StaticPageView({
  page,
  schemaType,
}: {
  page: ContentDocument;
  schemaType: string;
}) {
  const site = useSite();
  const path = canonicalPathOf(useLocation().pathname);
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: page.title, to: path },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6">
      <Seo
        title={page.title}
        description={page.description}
        keywords={[page.title, ...page.tags.map((tag) => tag.replace(/-/g, ' '))]}
        breadcrumbs={crumbs}
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[
          webPageJsonLd(site, {
            title: page.title,
            description: page.description,
            path,
            type: schemaType,
          }),
        ]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {page.title}
      </h1>
      {page.updated ? (
        <p className="mt-2 text-sm text-slate-600">
          Last reviewed <time dateTime={page.updated}>{formatContentDate(page.updated)}</time>
        </p>
      ) : null}
      <Prose html={page.html} className="mt-6" />
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <StaticPageView {...data} />;
}
