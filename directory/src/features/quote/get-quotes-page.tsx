/**
 * /get-quotes: the quote wizard, embedded exactly as a partner embeds it — the widget's loader script and a
 * placeholder. Query parameters (from the calculator and company profiles) become the widget's prefill.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { MOVE_SIZES } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { Seo } from '../../lib/seo/seo';
import { DIRECTORY_SITE_ID } from '../../lib/site';
import type { Crumb } from '../../lib/seo/structured-data';

export interface QuotePrefill {
  size?: string;
  date?: string;
  fromZip?: string;
  toZip?: string;
  company?: { id: string; name: string; slug: string };
}

const ZIP = /^\d{5}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Keeps only well-formed values: anything else is ignored rather than shown back. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<QuotePrefill> {
  const params = new URL(request.url).searchParams;
  const prefill: QuotePrefill = {};
  const size = MOVE_SIZES.find((option) => option.id === params.get('size'))?.id;
  if (size) prefill.size = size;
  const date = params.get('date');
  if (date && ISO_DATE.test(date)) prefill.date = date;
  const fromZip = params.get('fromZip');
  if (fromZip && ZIP.test(fromZip)) prefill.fromZip = fromZip;
  const toZip = params.get('toZip');
  if (toZip && ZIP.test(toZip)) prefill.toZip = toZip;
  const slug = params.get('company');
  if (slug && /^[a-z0-9-]{1,160}$/.test(slug)) {
    const company = await directoryData(context).companyProfile(slug);
    if (company)
      prefill.company = { id: String(company.id), name: company.name, slug: company.slug };
  }
  return prefill;
}

const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'Get Free Quotes', to: '/get-quotes' },
];

const STEPS = [
  ['Tell us about your move', 'Home size, moving date and the route, in under a minute.'],
  [
    'Choose your movers',
    'We match licensed movers that serve your area; you choose at least one, and only those receive your request.',
  ],
  [
    'Compare free quotes',
    'The movers you chose reach out, and no other moving company. No obligation to book.',
  ],
] as const;

/** What people ask before they give their details (also the page's readable content without the form). */
const QUESTIONS = [
  [
    'Is it really free?',
    'Yes. Requesting quotes costs you nothing, and you are under no obligation to book any of the movers who reply.',
  ],
  [
    'Who sees my details?',
    'The moving companies you choose on the companies step (at least one) and MoverAtlas, which passes your request to them. The one consent you tick names them and is stored with your request, so you can always see what you allowed.',
  ],
  [
    'How soon will movers contact me?',
    'The movers you chose reach out by phone or e-mail to confirm the details and give their price. Quotes from several movers let you compare prices, dates and services side by side.',
  ],
  [
    'How do I know a mover is legitimate?',
    'Interstate movers must hold a USDOT number. Company pages show it with ratings and reviews, so you can check a mover before you book.',
  ],
] as const;

export function GetQuotesView({ prefill }: { prefill: QuotePrefill }) {
  const attributes: Record<string, string> = {
    'data-instance-id': 'get-quotes',
    'data-site': DIRECTORY_SITE_ID,
  };
  if (prefill.size) attributes['data-size'] = prefill.size;
  if (prefill.date) attributes['data-date'] = prefill.date;
  if (prefill.fromZip) attributes['data-from-zip'] = prefill.fromZip;
  if (prefill.toZip) attributes['data-to-zip'] = prefill.toZip;
  if (prefill.company) {
    attributes['data-company-id'] = prefill.company.id;
    attributes['data-company-name'] = prefill.company.name;
  }
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title="Get Free Moving Quotes"
        description="Request free, no-obligation quotes from licensed moving companies that serve your route. Tell us about your move in seven quick steps and choose who may contact you."
        keywords={[
          'moving quotes',
          'free moving estimate',
          'compare movers',
          'moving company quotes',
        ]}
        breadcrumbs={CRUMBS}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Get Free Moving Quotes
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">
            {prefill.company
              ? `Request a quote from ${prefill.company.name} and compare it with other movers on your route.`
              : 'Compare prices from moving companies that serve your route, at no cost and with no obligation.'}
          </p>
          {/*
            The widget mounts its own shadow root inside this placeholder, as on any partner page. The empty
            dangerouslySetInnerHTML keeps React from touching the placeholder's children during hydration.
            Keyed by the prefill: going from one company's Get Quote to another's within the site gives a new
            placeholder, which the widget mounts afresh with that company chosen (a mounted widget does not
            read its attributes again).
          */}
          <div
            key={JSON.stringify(attributes)}
            className="mt-8 min-h-[520px]"
            data-moveratlas-quote=""
            {...attributes}
            dangerouslySetInnerHTML={{ __html: '' }}
          />
          <script async src="/widget/loader.js" data-site={DIRECTORY_SITE_ID} />
          <noscript>
            <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
              The quote form needs JavaScript. You can still browse{' '}
              <a className="font-semibold underline" href="/moving-companies">
                the moving company directory
              </a>{' '}
              and contact movers directly.
            </p>
          </noscript>
          <section aria-labelledby="quote-questions" className="mt-12 max-w-3xl">
            <h2 id="quote-questions" className="text-2xl font-bold text-slate-900">
              Questions about free quotes
            </h2>
            <dl className="mt-4 space-y-5">
              {QUESTIONS.map(([question, answer]) => (
                <div key={question}>
                  <dt className="font-semibold text-slate-900">{question}</dt>
                  <dd className="mt-1 text-slate-600">{answer}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <aside
          aria-labelledby="how-it-works"
          className="rounded-2xl border border-slate-200 bg-slate-50 p-6"
        >
          <h2 id="how-it-works" className="text-lg font-bold text-slate-900">
            How it works
          </h2>
          <ol className="mt-4 space-y-4">
            {STEPS.map(([title, text], index) => (
              <li key={title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-7 w-7 flex-none items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="block text-sm text-slate-600">{text}</span>
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-6 text-sm text-slate-600">
            Prefer to estimate first? Try the{' '}
            <a className="font-semibold text-blue-700 underline" href="/calculator">
              moving cost calculator
            </a>
            .
          </p>
        </aside>
      </div>
    </div>
  );
}

export function Component() {
  const prefill = useLoaderData<typeof loader>();
  return <GetQuotesView prefill={prefill} />;
}
