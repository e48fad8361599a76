/**
 * One carrier found by "Check a mover": who it is, whether it is listed with us, its red flags in plain words
 * and the lines of FMCSA's files with their source and date: the components the profile's Licensing panel
 * uses (components/licensing-facts.tsx), so both say the same about a carrier.
 */
import { Link } from 'react-router-dom';
import { companyProfilePath, licensingDay, type CarrierCheckResult } from '@moveratlas/contracts';
import { LicensingFactLines, RedFlagList } from '../../components/licensing-facts';

export function CarrierResult({
  result,
  index,
  siteName,
}: {
  result: CarrierCheckResult;
  index: number;
  siteName: string;
}) {
  const { facts, assessment, listing } = result;
  const { carrier } = facts;
  const headingId = `carrier-${index}`;
  const identity = [
    carrier?.dbaName ? `Doing business as ${carrier.dbaName}` : null,
    carrier ? `USDOT ${carrier.dotNumber}` : null,
    facts.docket,
    carrier?.city && carrier.state ? `${carrier.city}, ${carrier.state}` : null,
  ].filter((part): part is string => Boolean(part));
  const flags = assessment.redFlags;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={headingId} className="text-xl font-bold [overflow-wrap:anywhere] text-slate-900">
        {carrier ? carrier.legalName : `Docket ${facts.docket ?? ''}`}
      </h3>
      {identity.length > 0 ? (
        <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-600">
          {identity.join(' · ')}
        </p>
      ) : null}
      <p className="mt-3 text-sm font-medium text-slate-800">
        {listing ? (
          <>
            {`Listed on ${siteName}: `}
            <Link
              to={companyProfilePath(listing.slug)}
              className="text-blue-800 underline underline-offset-2 hover:text-blue-900"
            >
              {listing.name}
            </Link>
          </>
        ) : (
          `Not listed on ${siteName}`
        )}
      </p>

      {flags.length > 0 ? (
        <div className="mt-4">
          <RedFlagList redFlags={flags} headingLevel="h4" />
        </div>
      ) : (
        <p className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-900">
          {`No red flags in the files we hold${
            assessment.checkedOn ? ` (census of ${licensingDay(assessment.checkedOn)})` : ''
          }.`}
        </p>
      )}

      <h4 className="mt-5 mb-2 font-bold text-slate-900">What FMCSA’s files say</h4>
      <LicensingFactLines facts={facts} assessment={assessment} />
    </article>
  );
}
