/** /guides: the moving guides (content/guides) and the blog posts written as guides, in one list. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { ContentSummary } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { webPageJsonLd } from '../../lib/seo/content-structured-data';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { ContentCard } from '../content/article-view';

export interface GuideLink {
  summary: ContentSummary;
  to: string;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<{ guides: GuideLink[] }> {
  const data = directoryData(context);
  const [guides, posts] = await Promise.all([data.listContent('guides'), data.listContent('blog')]);
  return {
    guides: [
      ...guides.map((summary) => ({ summary, to: `/guides/${summary.slug}` })),
      ...posts
        .filter((post) => post.type === 'guide')
        .map((summary) => ({ summary, to: `/blog/${summary.slug}` })),
    ],
  };
}

const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'Moving Guides', to: '/guides' },
];
const TITLE = 'Moving Guides';
const DESCRIPTION =
  'Step-by-step moving guides: planning checklists, first moves, moving with children, interstate rules, costs and settling into a new state.';

export function GuidesView({ guides }: { guides: GuideLink[] }) {
  const site = useSite();
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={['moving guides', 'moving checklist', 'how to move', 'moving planning']}
        breadcrumbs={CRUMBS}
        jsonLd={[
          webPageJsonLd(site, {
            title: TITLE,
            description: DESCRIPTION,
            path: '/guides',
            type: 'CollectionPage',
          }),
        ]}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Moving Guides
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        In-depth guides to plan a move from start to finish: what to do when, what it costs, and the
        rules that protect you.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {guides.map(({ summary, to }) => (
          <li key={to}>
            <ContentCard summary={summary} to={to} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <GuidesView {...data} />;
}
