/**
 * The profile's Licensing panel (issue 20): what FMCSA's public files say about the company, rendered on the
 * server with the page. First the verdict — the red flags explained, "FMCSA checked {date}: no red flags", or
 * why nothing could be verified — then every fact with its source and date.
 */
import { licensingDay, type CompanyLicensing } from '@moveratlas/contracts';
import { ShieldCheckIcon } from '../../components/icons';
import { UncheckedIcon } from '../../components/licensing-badge';
import { LicensingFactLines, RedFlagList } from '../../components/licensing-facts';

/** Why the company's numbers could not be checked, when no carrier was found; null when one was. */
export function notVerifiedReason({ facts }: CompanyLicensing): string | null {
  if (facts.carrier) return null;
  const usdot = facts.company?.usdotNumber ?? null;
  const mc = facts.company?.mcNumber ?? null;
  if (usdot === null && mc === null)
    return 'the company gives no USDOT or MC number, so there is nothing to look up in FMCSA’s files.';
  if (facts.censusDate === null)
    return 'we have not imported FMCSA’s motor carrier census yet, so nothing could be checked.';
  const numbers = [usdot ? `USDOT ${usdot}` : null, mc ? `MC ${mc}` : null]
    .filter(Boolean)
    .join(' or ');
  return `no carrier with ${numbers} is in FMCSA’s motor carrier census of ${licensingDay(facts.censusDate)}.`;
}

export function CompanyLicensingPanel({
  name,
  licensing,
}: {
  name: string;
  licensing: CompanyLicensing;
}) {
  const { facts, assessment } = licensing;
  const reason = notVerifiedReason(licensing);
  // The date of the newest census that lists the carrier: null when none was found.
  const checkedOn = assessment.checkedOn;
  return (
    <section aria-labelledby="licensing-heading" className="min-w-0">
      <h2 id="licensing-heading" className="text-2xl font-bold text-slate-900">
        Licensing
      </h2>
      <p className="mt-2 text-slate-700">
        What the US regulator’s public files say about {name}: FMCSA’s register of motor carriers
        (the census) and its list of revoked operating authority. Each line names its source and
        date.
      </p>
      <div className="mt-4 space-y-3">
        <RedFlagList redFlags={assessment.redFlags} />
        {checkedOn && assessment.redFlags.length === 0 ? (
          <p className="flex items-start gap-2 rounded-xl border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900">
            <ShieldCheckIcon className="mt-0.5 h-5 w-5 shrink-0" />
            <span>FMCSA checked {licensingDay(checkedOn)}: no red flags</span>
          </p>
        ) : null}
        {checkedOn && assessment.redFlags.length > 0 ? (
          <p className="text-sm text-slate-700">
            Checked against FMCSA’s motor carrier census of {licensingDay(checkedOn)}.
          </p>
        ) : null}
        {reason ? (
          <p className="flex items-start gap-2 rounded-xl border border-slate-300 bg-slate-50 p-4 text-slate-800">
            <UncheckedIcon className="mt-0.5 h-5 w-5 shrink-0" />
            <span>
              <strong className="font-semibold">Not verified:</strong> {reason}
            </span>
          </p>
        ) : null}
      </div>
      <div className="mt-4">
        <LicensingFactLines facts={facts} assessment={assessment} />
      </div>
      <p className="mt-3 text-sm text-slate-700">
        Before you hire a mover for a move across state lines, you can look it up yourself on
        FMCSA’s Protect Your Move site:{' '}
        <a
          href="https://www.protectyourmove.gov/"
          rel="noopener noreferrer"
          className="font-medium text-blue-800 underline"
        >
          protectyourmove.gov
        </a>
        .
      </p>
    </section>
  );
}
