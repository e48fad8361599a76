/**
 * /claim/<company-slug>: "Is this your company?" — claim the listing by a code sent to the e-mail address on
 * it, or, when that address is wrong or missing or the listing has an owner already, with evidence for our
 * team to check. Not for search engines (noindex) and never cached: whether a listing is claimed changes.
 */
import { useEffect, useState } from 'react';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  claimApiPath,
  claimPagePath,
  companyProfilePath,
  type ClaimInfo,
} from '@moveratlas/contracts';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { apiRequest, loadFailureMessage } from '../../lib/api-client';
import { directoryData } from '../../app/router-context';
import { notFound } from '../../lib/http';
import { Seo } from '../../lib/seo/seo';
import { CodeClaim, EvidenceClaim } from './claim-forms';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const company = await directoryData(context).companyProfile(slug);
  if (!company) notFound();
  if (company.slug !== slug) throw redirect(claimPagePath(company.slug), 301);
  return {
    company: {
      slug: company.slug,
      name: company.name,
      place: `${company.city.name}, ${company.state.abbreviation}`,
    },
  };
}

export type ClaimPageData = Awaited<ReturnType<typeof loader>>;

type Loaded =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; info: ClaimInfo };

function useClaimInfo(slug: string) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    apiRequest<ClaimInfo>(claimApiPath(slug)).then(
      (info) => current && setLoaded({ state: 'ready', info }),
      (error: unknown) =>
        current && setLoaded({ state: 'failed', message: loadFailureMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [slug, attempt]);
  const retry = () => {
    setLoaded({ state: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { loaded, retry };
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mt-10 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function ClaimView({ company }: ClaimPageData) {
  const { loaded, retry } = useClaimInfo(company.slug);
  const [withEvidence, setWithEvidence] = useState(false);
  const profile = companyProfilePath(company.slug);
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: company.name, to: profile },
    { label: 'Claim this listing', to: claimPagePath(company.slug) },
  ];

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6">
      <Seo
        title={`Claim ${company.name}`}
        description={`Manage the listing of ${company.name} in ${company.place}: update it, read your leads and answer reviews.`}
        noindex
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900">
        Claim {company.name}
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        Is this your company in {company.place}? Claim the listing to update it, see who asks you
        for a quote and answer reviews. It is free.
      </p>

      {loaded.state === 'loading' ? (
        <>
          <p role="status" className="mt-10 text-slate-600">
            Checking the listing…
          </p>
          <noscript>
            <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
              Claiming a listing needs JavaScript in your browser. Turn it on and reload this page,
              or use the contact page and we will help.
            </p>
          </noscript>
        </>
      ) : loaded.state === 'failed' ? (
        <div role="alert" className="mt-10 rounded-lg bg-red-50 p-4 text-red-900">
          <p>{loaded.message}</p>
          <button
            type="button"
            onClick={retry}
            className="mt-2 font-semibold text-red-900 underline underline-offset-2"
          >
            Try again
          </button>
        </div>
      ) : loaded.info.claimed ? (
        <>
          <p
            role="status"
            className="mt-8 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950"
          >
            This listing already has an owner, so it cannot be claimed with a code. If it is yours,
            send a claim with evidence below: our team checks it and e-mails you the decision.
          </p>
          <Section id="evidence-heading" title="Claim with evidence">
            <EvidenceClaim slug={company.slug} />
          </Section>
        </>
      ) : loaded.info.listingEmail === null ? (
        <>
          <p
            role="status"
            className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800"
          >
            This listing has no e-mail address we could send a code to. Send a claim with evidence:
            our team checks it and e-mails you the decision.
          </p>
          <Section id="evidence-heading" title="Claim with evidence">
            <EvidenceClaim slug={company.slug} />
          </Section>
        </>
      ) : withEvidence ? (
        <Section id="evidence-heading" title="Claim with evidence">
          <p className="mb-4 text-sm text-slate-700">
            For when {loaded.info.listingEmail} is not your company&apos;s address any more, or
            nobody can read it. Our team checks the claim and e-mails you the decision.{' '}
            <button
              type="button"
              onClick={() => setWithEvidence(false)}
              className="font-semibold text-blue-800 underline underline-offset-2"
            >
              Claim with a code instead
            </button>
          </p>
          <EvidenceClaim slug={company.slug} />
        </Section>
      ) : (
        <>
          <Section id="code-heading" title="Claim with a code">
            <CodeClaim slug={company.slug} listingEmail={loaded.info.listingEmail} />
          </Section>
          <p className="mt-6 text-sm text-slate-700">
            Is {loaded.info.listingEmail} wrong, or can nobody read it?{' '}
            <button
              type="button"
              onClick={() => setWithEvidence(true)}
              className="font-semibold text-blue-800 underline underline-offset-2"
            >
              Claim with evidence instead
            </button>
          </p>
        </>
      )}

      <p className="mt-10 text-sm text-slate-600">
        Not your company?{' '}
        <Link to={profile} className="font-medium text-blue-800 underline underline-offset-2">
          Back to the listing of {company.name}
        </Link>
      </p>
    </div>
  );
}

export function Component() {
  return <ClaimView {...useLoaderData<typeof loader>()} />;
}
