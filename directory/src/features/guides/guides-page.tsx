/** /guides: the moving guides (content/guides) and the blog posts written as guides, in one list. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { directoryData } from '../../app/router-context';
import type { Crumb } from '../../lib/seo/structured-data';
import {
  CollectionPageHeader,
  ContentCardGrid,
  type ContentLink,
} from '../../components/content/collection-page';

export type GuideLink = ContentLink;

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
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <CollectionPageHeader
        title={TITLE}
        description={DESCRIPTION}
        keywords={['moving guides', 'moving checklist', 'how to move', 'moving planning']}
        path="/guides"
        crumbs={CRUMBS}
        heading="Moving Guides"
      >
        In-depth guides to plan a move from start to finish: what to do when, what it costs, and the
        rules that protect you.
      </CollectionPageHeader>
      <ContentCardGrid items={guides} className="mt-10" />
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <GuidesView {...data} />;
}
