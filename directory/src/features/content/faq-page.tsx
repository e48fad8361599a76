/** /faq: the questions of content/pages/faq.md as an accessible list, with FAQPage JSON-LD. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { ContentDocument, FaqEntry } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { faqPageJsonLd } from '../../lib/seo/content-structured-data';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { contentNotFound } from '../../components/content/not-found';
import { Prose } from '../../components/content/prose';

export async function loader({
  context,
}: LoaderFunctionArgs): Promise<{ page: ContentDocument; entries: FaqEntry[] }> {
  const page = await directoryData(context).contentDocument('pages', 'faq');
  if (!page) contentNotFound();
  return { page, entries: page.faq ?? [] };
}

const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'FAQ', to: '/faq' },
];

export function FaqView({ page, entries }: { page: ContentDocument; entries: FaqEntry[] }) {
  const site = useSite();
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6">
      <Seo
        title={page.title}
        description={page.description}
        keywords={['moving FAQ', 'moving questions', 'moving quotes', 'movers']}
        breadcrumbs={CRUMBS}
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[faqPageJsonLd(site, entries, '/faq')]}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {page.title}
      </h1>
      <p className="mt-3 text-lg text-slate-600">{page.description}</p>
      <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {entries.map((entry) => (
          // Native disclosure: works without scripts, and every answer is in the HTML for crawlers.
          <details key={entry.question} className="group p-5">
            <summary className="cursor-pointer list-none text-lg font-semibold text-slate-900 marker:hidden">
              <span className="flex items-start justify-between gap-4">
                {entry.question}
                <span aria-hidden="true" className="text-blue-700 group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <Prose html={entry.answerHtml} className="[&>p:first-child]:mt-3" />
          </details>
        ))}
      </div>
      <p className="mt-10 text-slate-700">
        Still have a question?{' '}
        <Link to="/contact" className="font-semibold text-blue-800 underline underline-offset-2">
          Contact us
        </Link>{' '}
        and we will answer within two business days.
      </p>
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <FaqView {...data} />;
}
