/**
 * /sitemap: the HTML site map — main pages, every service, every article, guide and location resource, the
 * major cities and every state.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { SERVICES, cityPath, statePath } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { groupStatesByRegion } from '../../lib/regions';
import { Seo } from '../../lib/seo/seo';

export async function loader({ context }: LoaderFunctionArgs) {
  const data = directoryData(context);
  const [states, majorCities, posts, guides, resources] = await Promise.all([
    data.listStates(),
    data.majorCities(),
    data.listContent('blog'),
    data.listContent('guides'),
    data.listContent('resources'),
  ]);
  const articles = [
    { title: 'Moving Guides', base: '/guides', items: guides },
    { title: 'Blog Articles', base: '/blog', items: posts },
    { title: 'Location Resources', base: '/resources', items: resources },
  ].map(({ title, base, items }) => ({
    title,
    links: items.map((item) => ({ to: `${base}/${item.slug}`, label: item.title })),
  }));
  return { states, majorCities, articles };
}

const SECTIONS = [
  {
    title: 'Find Movers',
    links: [
      { to: '/moving-companies', label: 'Company Directory' },
      { to: '/states', label: 'Movers by State' },
      { to: '/search', label: 'Search Moving Companies' },
      { to: '/get-quotes', label: 'Get Free Quotes' },
      { to: '/calculator', label: 'Moving Cost Calculator' },
      { to: '/check-a-mover', label: 'Check a Mover’s Licensing' },
    ],
  },
  {
    title: 'Moving Advice',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/guides', label: 'Moving Guides' },
      { to: '/resources', label: 'Location Resources' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Services',
    links: SERVICES.map((s) => ({ to: `/services/${s.id}`, label: s.name })),
  },
  {
    title: 'About',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/contact', label: 'Contact' },
      { to: '/list-your-company', label: 'List Your Moving Company' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
    ],
  },
] as const;

const CRUMBS = [
  { label: 'Home', to: '/' },
  { label: 'Sitemap', to: '/sitemap' },
];

const linkClass = 'text-blue-800 hover:underline';
/** An id for a section's heading: ids cannot hold spaces, and aria-labelledby reads a space as two ids. */
const headingId = (title: string) => `sitemap-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** One titled list of links: a section of the site or a collection of articles. */
function LinkGroup({
  title,
  links,
}: {
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <section aria-labelledby={headingId(title)}>
      <h2 id={headingId(title)} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SitemapView({ states, majorCities, articles }: Awaited<ReturnType<typeof loader>>) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title="Sitemap"
        description="Every section of the directory: moving companies by state and city, guides, the blog, tools and company information."
        keywords={['sitemap', 'moving companies by state', 'moving guides']}
        breadcrumbs={CRUMBS}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900">Sitemap</h1>
      <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {SECTIONS.map((section) => (
          <LinkGroup key={section.title} {...section} />
        ))}
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        {articles.map((group) => (
          <LinkGroup key={group.title} {...group} />
        ))}
      </div>
      <section aria-labelledby="sitemap-cities" className="mt-10">
        <h2 id="sitemap-cities" className="text-lg font-semibold text-slate-900">
          Major Cities
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {majorCities.map((city) => (
            <li key={`${city.stateSlug}/${city.citySlug}`}>
              <Link to={cityPath(city.stateSlug, city.citySlug)} className={linkClass}>
                {`${city.name}, ${city.stateAbbreviation} Movers`}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sitemap-states" className="mt-10">
        <h2 id="sitemap-states" className="text-lg font-semibold text-slate-900">
          Movers by State
        </h2>
        <div className="mt-2 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {groupStatesByRegion(states).map((group) => (
            <div key={group.region}>
              <h3 className="text-sm font-semibold text-slate-700">{group.region}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {group.states.map((state) => (
                  <li key={state.slug}>
                    <Link to={statePath(state.slug)} className={linkClass}>
                      {state.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

export function Component() {
  return <SitemapView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
