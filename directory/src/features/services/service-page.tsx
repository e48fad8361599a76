/**
 * /services/{serviceSlug}: what the service is, what it costs and how to choose a provider, with links to
 * the movers offering it and to the quote form. Slugs are the contracts' service ids; anything else is a 404.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { SERVICES, type ContentDocument, type ServiceId } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { webPageJsonLd } from '../../lib/seo/content-structured-data';
import { Seo } from '../../lib/seo/seo';
import { absoluteUrl, type Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { contentNotFound } from '../../components/content/not-found';
import { Prose } from '../../components/content/prose';

export interface ServicePageData {
  service: { id: ServiceId; name: string };
  page: ContentDocument;
}

export async function loader({ context, params }: LoaderFunctionArgs): Promise<ServicePageData> {
  const service = SERVICES.find((s) => s.id === params.serviceSlug);
  const page = service
    ? await directoryData(context).contentDocument('services', service.id)
    : undefined;
  if (!service || !page) contentNotFound();
  return { service: { id: service.id, name: service.name }, page };
}

const buttonClass = 'rounded-lg px-5 py-3 text-sm font-semibold shadow-sm';

export function ServiceView({ service, page }: ServicePageData) {
  const site = useSite();
  const path = `/services/${service.id}`;
  const directoryLink = `/moving-companies?service=${service.id}`;
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: service.name, to: path },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6">
      <Seo
        title={page.title}
        description={page.description}
        keywords={[
          service.name.toLowerCase(),
          `${service.name.toLowerCase()} companies`,
          'movers',
          'moving quotes',
        ]}
        breadcrumbs={crumbs}
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[
          webPageJsonLd(site, { title: page.title, description: page.description, path }),
          {
            '@context': 'https://schema.org',
            '@type': 'Service',
            name: service.name,
            serviceType: service.name,
            areaServed: { '@type': 'Country', name: 'United States' },
            provider: { '@id': absoluteUrl(site.origin, '/#organization') },
            url: absoluteUrl(site.origin, path),
          },
        ]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {page.title}
      </h1>
      <p className="mt-3 text-lg text-slate-600">{page.description}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to={directoryLink}
          className={`${buttonClass} bg-blue-700 text-white hover:bg-blue-800`}
        >
          Browse {service.name} Companies
        </Link>
        <Link
          to="/get-quotes"
          className={`${buttonClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          Get Free Quotes
        </Link>
      </div>
      <Prose html={page.html} className="mt-8" />
      <aside className="mt-12 rounded-2xl border border-slate-200 bg-slate-50 p-6">
        <h2 className="text-xl font-bold text-slate-900">
          Compare {service.name.toLowerCase()} companies
        </h2>
        <p className="mt-2 text-slate-700">
          See movers that offer {service.name.toLowerCase()}, with their ratings and service areas,
          or tell us about your move and get free quotes.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link
            to={directoryLink}
            className="font-semibold text-blue-800 underline underline-offset-2"
          >
            Browse companies offering {service.name.toLowerCase()}
          </Link>
          <Link
            to="/calculator"
            className="font-semibold text-blue-800 underline underline-offset-2"
          >
            Estimate your moving costs
          </Link>
        </div>
      </aside>
      <nav aria-labelledby="other-services" className="mt-10">
        <h2 id="other-services" className="text-lg font-semibold text-slate-900">
          Other moving services
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {SERVICES.filter((s) => s.id !== service.id).map((s) => (
            <li key={s.id}>
              <Link
                to={`/services/${s.id}`}
                className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 hover:bg-slate-200"
              >
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <ServiceView {...data} />;
}
