/** What the content listings (/blog, /guides, /resources) share: their heading and their grid of cards. */
import type { ComponentProps, ReactNode } from 'react';
import type { ContentSummary } from '@moveratlas/contracts';
import { Breadcrumbs } from '../breadcrumbs';
import { webPageJsonLd } from '../../lib/seo/content-structured-data';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { ContentCard } from './article-view';

/** The head tags of a collection page, its breadcrumbs, its heading and the introduction below it. */
export function CollectionPageHeader({
  title,
  description,
  keywords,
  path,
  crumbs,
  heading,
  variant = false,
  children,
}: {
  title: string;
  description: string;
  keywords: ComponentProps<typeof Seo>['keywords'];
  path: string;
  crumbs: readonly Crumb[];
  heading: ReactNode;
  /** A filtered view of the collection (a tag): out of the index, its links followed. */
  variant?: boolean;
  /** The introduction. */
  children: ReactNode;
}) {
  const site = useSite();
  return (
    <>
      <Seo
        title={title}
        description={description}
        keywords={keywords}
        breadcrumbs={crumbs}
        noindex={variant}
        followLinks
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[webPageJsonLd(site, { title, description, path, type: 'CollectionPage' })]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {heading}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">{children}</p>
    </>
  );
}

export interface ContentLink {
  summary: ContentSummary;
  to: string;
}

/** A grid of content cards; `className` adds the spacing above it. */
export function ContentCardGrid({
  items,
  className,
}: {
  items: readonly ContentLink[];
  className: string;
}) {
  return (
    <ul className={`${className} grid gap-6 md:grid-cols-2 lg:grid-cols-3`}>
      {items.map(({ summary, to }) => (
        <li key={to}>
          <ContentCard summary={summary} to={to} />
        </li>
      ))}
    </ul>
  );
}
