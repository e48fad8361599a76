/**
 * What FMCSA's public files say about a carrier, as a visitor reads it (issue 20): the red flags in plain
 * words with why each matters, and the contracts' lines (licensingLines), each with its source and date in
 * words. Shared by the profile's Licensing panel and any other page that shows a carrier's facts.
 */
import { useId } from 'react';
import {
  licensingDay,
  licensingLines,
  RED_FLAG_TEXT,
  type LicensingAssessment,
  type LicensingFacts,
  type LicensingLine,
  type RedFlag,
} from '@moveratlas/contracts';
import { WarningIcon } from './licensing-badge';

const FILE_NAMES = {
  census: 'FMCSA motor carrier census',
  revocations: 'FMCSA L&I revocations',
} as const;

/** Where a line comes from, in words: "FMCSA motor carrier census, November 1, 2026". */
export function sourceText(line: LicensingLine, facts: LicensingFacts): string {
  if (line.source !== 'company')
    return `${FILE_NAMES[line.source.kind]}, ${licensingDay(line.source.date)}`;
  // The one line without a carrier's row to cite says it was not found: it cites the census it was looked
  // for in (or that there is none yet), not the company.
  if (facts.carrier === null && line.label === 'USDOT status')
    return facts.censusDate
      ? `${FILE_NAMES.census}, ${licensingDay(facts.censusDate)}`
      : 'No FMCSA census imported yet';
  return 'What the company told us';
}

/** The red flags, each with its explanation; nothing when there are none. */
export function RedFlagList({
  redFlags,
  headingLevel = 'h3',
}: {
  redFlags: readonly RedFlag[];
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  const headingId = useId();
  if (redFlags.length === 0) return null;
  const Heading = headingLevel;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900"
    >
      <Heading id={headingId} className="flex items-center gap-2 text-base font-bold">
        <WarningIcon className="h-5 w-5 shrink-0" />
        {redFlags.length === 1 ? '1 red flag' : `${redFlags.length} red flags`}
      </Heading>
      <ul className="mt-3 space-y-3">
        {redFlags.map((flag) => (
          <li key={flag} className="flex gap-2">
            <WarningIcon className="mt-0.5 h-5 w-5 shrink-0" />
            <div className="min-w-0">
              <p className="font-semibold">
                <span className="sr-only">Red flag: </span>
                {RED_FLAG_TEXT[flag].title}
              </p>
              <p className="mt-0.5 text-sm break-words">{RED_FLAG_TEXT[flag].explanation}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every fact we hold, one line each, with its source and date. */
export function LicensingFactLines({
  facts,
  assessment,
}: {
  facts: LicensingFacts;
  assessment: LicensingAssessment;
}) {
  const lines = licensingLines(facts, assessment);
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {lines.map((line, index) => (
        <div
          key={`${line.label}-${index}`}
          className="grid gap-1 p-3 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)] sm:gap-4"
        >
          <dt className="text-sm font-medium text-slate-600">{line.label}</dt>
          <dd className="min-w-0">
            <span className="block font-semibold break-words text-slate-900 [overflow-wrap:anywhere]">
              {line.value}
            </span>
            <span className="mt-0.5 block text-sm text-slate-600">
              Source: {sourceText(line, facts)}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
