/**
 * /check-a-mover?q=…: "Check a mover" (issue 20). A USDOT number, an MC number or the start of a name, looked
 * up in FMCSA's public files for any carrier, listed with us or not, with our listing when there is one and
 * the red flags explained. A GET form: without scripts the server renders the results for `q`; with them
 * the router loads them without a reload, and the address still carries `q`.
 */
import { Form, useLoaderData, useNavigation, type LoaderFunctionArgs } from 'react-router-dom';
import {
  CHECK_A_MOVER_PATH,
  licensingDay,
  type CarrierCheckAnswer,
  type LicensingFileDates,
} from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { loadFailureMessage } from '../../lib/api-client';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { CarrierResult } from './carrier-result';

export interface CheckAMoverData {
  /** The query as typed (empty: the form alone). */
  q: string;
  files: LicensingFileDates;
  answer: CarrierCheckAnswer | null;
  /** The server's refusal of the query, in its words (too short a name, too many checks). */
  refused: string | null;
  /** The check could not be made (offline, the server in trouble), in words. */
  failed: string | null;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<CheckAMoverData> {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  const data = directoryData(context);
  const check = async () => {
    if (q === '') return { answer: null, refused: null, failed: null };
    try {
      return { ...(await data.checkCarrier(q)), failed: null };
    } catch (error) {
      // On the server a failure is a status for the error page (503); in the browser the form stays.
      if (error instanceof Response) throw error;
      return { answer: null, refused: null, failed: loadFailureMessage(error) };
    }
  };
  const [files, outcome] = await Promise.all([data.licensingFileDates(), check()]);
  return { q, files, ...outcome };
}

const TITLE = 'Check a Mover’s USDOT and MC Numbers';
const DESCRIPTION =
  'Look up any US mover by USDOT number, MC number or name in FMCSA’s public files: registration, for-hire authority, revocations, and red flags explained in plain words.';
const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'Check a Mover', to: CHECK_A_MOVER_PATH },
];
const QUERY_LABEL = 'USDOT number, MC number or company name';

/** What was searched, in words: "USDOT number 123", "MC number MC-45", "names starting with “acme”". */
function searchedText({ query, readAs }: CarrierCheckAnswer): string {
  if (readAs === 'usdot') return `USDOT number ${Number(query.replace(/\D/g, ''))}`;
  if (readAs === 'mc') {
    const match = /^(MC|FF|MX)\D*0*(\d+)/i.exec(query);
    return `the ${match ? match[1]!.toUpperCase() : 'MC'} number ${
      match ? `${match[1]!.toUpperCase()}-${match[2]}` : query
    }`;
  }
  return `names starting with “${query}”`;
}

/** The answer in one sentence (one text node, so the server's HTML reads as the page does). */
function summaryText(answer: CarrierCheckAnswer): string {
  const searched = searchedText(answer);
  const n = answer.results.length;
  if (n > 0)
    return `${n === 1 ? 'One carrier' : `${n} carriers`} found for ${searched}${
      answer.more ? ': the first 20 are shown; type more of the name to narrow the list' : ''
    }.`;
  if (answer.censusDate === null)
    return `We hold no FMCSA census yet, so nothing could be checked for ${searched}. Please try again later.`;
  return `Nothing in FMCSA’s census of ${licensingDay(answer.censusDate)} matches ${searched}. Check the number on the mover’s estimate or website: a mover that does not give its USDOT number is a red flag in itself.`;
}

const fileDate = (date: string | null) =>
  date ? `, published ${licensingDay(date)}` : ' (not imported yet)';

export function CheckAMoverView({ q, files, answer, refused, failed }: CheckAMoverData) {
  const site = useSite();
  const navigation = useNavigation();
  // A new check on its way: the router runs the loader before it shows the page.
  const pending =
    navigation.state === 'loading' && navigation.location.pathname === CHECK_A_MOVER_PATH
      ? (new URLSearchParams(navigation.location.search).get('q') ?? '').trim()
      : null;
  const inputClass =
    'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none';
  return (
    <div className="mx-auto max-w-4xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={q ? `Check a Mover: “${q.length > 30 ? `${q.slice(0, 29)}…` : q}”` : TITLE}
        description={DESCRIPTION}
        keywords={['check a mover', 'USDOT number lookup', 'MC number lookup', 'FMCSA mover check']}
        canonicalPath={CHECK_A_MOVER_PATH}
        breadcrumbs={CRUMBS}
        // A check's answer is one of endless variations of the form: the form alone is the page to index.
        noindex={q !== ''}
        followLinks
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Check a Mover
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        Before you hire a mover, see what the federal regulator’s public files say about it. Enter
        its USDOT number, its MC number or the start of its name: we look it up in the files of the
        Federal Motor Carrier Safety Administration (FMCSA) — for any mover, listed on{' '}
        {site.siteName} or not — and explain any red flags.
      </p>

      <Form
        method="get"
        action={CHECK_A_MOVER_PATH}
        role="search"
        aria-label="Check a mover"
        className="mt-6 rounded-2xl bg-blue-900 p-4 sm:p-5"
      >
        <label htmlFor="check-a-mover-q" className="block text-sm font-semibold text-white">
          {QUERY_LABEL}
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            // A new address (Back, a link from search) shows its own query.
            key={q}
            id="check-a-mover-q"
            name="q"
            type="search"
            defaultValue={q}
            required
            maxLength={120}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="check-a-mover-hint"
            className={inputClass}
          />
          <button
            type="submit"
            className="rounded-lg bg-amber-400 px-6 py-2.5 font-semibold text-slate-900 shadow-sm hover:bg-amber-300 focus:ring-2 focus:ring-white focus:outline-none"
          >
            Check
          </button>
        </div>
        <p id="check-a-mover-hint" className="mt-2 text-sm text-blue-100">
          For example 1234567, MC-123456, or the first words of the name (at least 3 letters).
        </p>
      </Form>

      {q !== '' || pending !== null ? (
        <section
          aria-labelledby="check-results-heading"
          aria-busy={pending !== null}
          className="mt-10"
        >
          <h2 id="check-results-heading" className="text-2xl font-bold text-slate-900">
            {`What the files say about “${pending ?? q}”`}
          </h2>
          <p role="status" className="mt-3 text-slate-700">
            {pending !== null ? 'Checking FMCSA’s files…' : answer ? summaryText(answer) : null}
          </p>
          {pending === null && (refused ?? failed) ? (
            <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-4 text-amber-900">
              {refused ?? failed}
            </p>
          ) : null}
          {answer && answer.results.length > 0 ? (
            <ol className={`mt-6 space-y-6 ${pending !== null ? 'opacity-60' : ''}`}>
              {answer.results.map((result, index) => (
                <li key={`${result.facts.carrier?.dotNumber ?? ''}-${result.facts.docket ?? ''}`}>
                  <CarrierResult result={result} index={index} siteName={site.siteName} />
                </li>
              ))}
            </ol>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="what-we-check" className="mt-12">
        <h2 id="what-we-check" className="text-2xl font-bold text-slate-900">
          What we check, and where it comes from
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
          <li>
            <strong>FMCSA’s motor carrier census</strong>
            {fileDate(files.censusDate)}: every carrier with a USDOT number, its legal and “doing
            business as” names, whether it may cross state lines, whether it is authorized to carry
            goods for hire, its trucks and drivers, and when it last updated its registration (form
            MCS-150).
          </li>
          <li>
            <strong>FMCSA’s revocations of operating authority</strong>
            {fileDate(files.revocationsDate)}: the MC, FF and MX numbers whose common, contract or
            broker authority was revoked, how and when.
          </li>
        </ul>
        <p className="mt-3 text-slate-700">
          We show the files as FMCSA publishes them, and each line says which file and date it comes
          from. They do not record authority granted again after a revocation, so confirm anything
          that worries you with FMCSA’s own{' '}
          <a
            href="https://safer.fmcsa.dot.gov/CompanySnapshot.aspx"
            className="text-blue-800 underline underline-offset-2"
          >
            company snapshot
          </a>{' '}
          before you decide.
        </p>
      </section>

      <section aria-labelledby="fmcsa-advice" className="mt-10">
        <h2 id="fmcsa-advice" className="text-2xl font-bold text-slate-900">
          What FMCSA advises
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
          <li>
            A mover that takes your belongings from one state to another must have a USDOT number
            and active for-hire operating authority (an MC number).
          </li>
          <li>
            A broker only arranges moves: it must say so, and tell you which mover will carry your
            belongings.
          </li>
          <li>
            Get a written estimate, be wary of a large deposit before the move, and never sign a
            blank or incomplete document.
          </li>
          <li>
            An interstate mover must give you the booklet “Your Rights and Responsibilities When You
            Move”.
          </li>
        </ul>
        <p className="mt-3 text-slate-700">
          FMCSA’s guidance for people moving home:{' '}
          <a
            href="https://www.protectyourmove.gov"
            className="text-blue-800 underline underline-offset-2"
          >
            Protect Your Move (protectyourmove.gov)
          </a>
          .
        </p>
      </section>
    </div>
  );
}

export function Component() {
  return <CheckAMoverView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
