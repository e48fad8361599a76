/**
 * Licensing you can check (issue 20, docs/decisions/040 and 042): what FMCSA's public files say about a
 * carrier, and the red flags we read from them. One rule for every screen that shows it (the profile's
 * Licensing panel, the cards' badge, "Check a mover", the staff's red-flag report) and for the server's
 * filters, so a badge never says something the panel does not explain.
 */
import { z } from 'zod';

/**
 * A name as lookups compare it: lower case, accents and punctuation dropped, runs of spaces made one
 * (`A-1 Movers, Inc.` → `a 1 movers inc`). The name itself is kept as published beside it.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Words a trading name adds or drops without being another business: "Acme Moving, LLC" is "Acme Moving".
const NAME_NOISE = new Set([
  'the',
  'and',
  'inc',
  'incorporated',
  'llc',
  'l',
  'c',
  'co',
  'corp',
  'corporation',
  'company',
  'ltd',
  'limited',
  'lp',
  'llp',
  'pllc',
  'dba',
]);

const coreName = (name: string) =>
  nameKey(name)
    .split(' ')
    .filter((word) => word !== '' && !NAME_NOISE.has(word))
    .join(' ');

/** Whether the name a company shows is the legal or DBA name FMCSA holds (legal suffixes and punctuation aside). */
export function sameBusinessName(shown: string, registered: ReadonlyArray<string | null>): boolean {
  const core = coreName(shown);
  if (core === '') return true;
  return registered.some((name) => {
    if (name === null) return false;
    const other = coreName(name);
    return other !== '' && (other === core || other.includes(core) || core.includes(other));
  });
}

/** The service that crosses state lines: offering it needs interstate for-hire authority. */
export const INTERSTATE_SERVICE = 'long-distance-moving';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The public file a fact was read from, and the date FMCSA published it. */
export const LicensingSourceSchema = z.object({
  kind: z.enum(['census', 'revocations']),
  file: z.string(),
  date: isoDay,
});
export type LicensingSource = z.infer<typeof LicensingSourceSchema>;

/** The census's row for a carrier, as much of it as we show. */
export const CarrierFactsSchema = z.object({
  dotNumber: z.number().int(),
  legalName: z.string(),
  dbaName: z.string().nullable(),
  /** A interstate, B intrastate hazardous materials, C intrastate. */
  operation: z.enum(['A', 'B', 'C']).nullable(),
  authorizedForHire: z.boolean().nullable(),
  exemptForHire: z.boolean().nullable(),
  privateOnly: z.boolean().nullable(),
  powerUnits: z.number().int().nullable(),
  drivers: z.number().int().nullable(),
  mcs150Date: isoDay.nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** The census file that last changed the row; `seenOn`: the newest census that lists it as it is. */
  source: LicensingSourceSchema,
  seenOn: isoDay,
});
export type CarrierFacts = z.infer<typeof CarrierFactsSchema>;

export const RevocationFactSchema = z.object({
  docket: z.string(),
  /** COMMON, CONTRACT or BROKER. */
  authorityType: z.string(),
  serveDate: isoDay,
  revocationType: z.string(),
  effectiveDate: isoDay.nullable(),
  source: LicensingSourceSchema,
});
export type RevocationFact = z.infer<typeof RevocationFactSchema>;

/** Everything we hold about one carrier, and what a company of ours says about itself. */
export const LicensingFactsSchema = z.object({
  /** The company's own numbers as it typed them; null on "Check a mover" for a carrier not listed with us. */
  company: z
    .object({
      name: z.string(),
      usdotNumber: z.string().nullable(),
      mcNumber: z.string().nullable(),
      /** It lists long-distance moving, which crosses state lines. */
      offersInterstate: z.boolean(),
    })
    .nullable(),
  /** How the carrier was found: by USDOT number, by MC docket, or not at all. */
  matchedBy: z.enum(['usdot', 'mc']).nullable(),
  docket: z.string().nullable(),
  carrier: CarrierFactsSchema.nullable(),
  /** Newest first. */
  revocations: z.array(RevocationFactSchema),
  /** The newest census we hold (null before any import): "not in the census of {date}". */
  censusDate: isoDay.nullable(),
});
export type LicensingFacts = z.infer<typeof LicensingFactsSchema>;

export const RED_FLAGS = [
  'no-usdot',
  'interstate-without-authority',
  'authority-revoked',
  'broker-not-mover',
  'name-differs',
  'mcs150-outdated',
] as const;
export type RedFlag = (typeof RED_FLAGS)[number];

/** Each red flag in plain words: what we saw, and why it matters to someone hiring a mover (FMCSA's guidance). */
export const RED_FLAG_TEXT: Record<RedFlag, { title: string; explanation: string }> = {
  'no-usdot': {
    title: 'No USDOT number',
    explanation:
      'The company gives no USDOT number. Every mover that crosses state lines must have one, and FMCSA advises not to hire an interstate mover without it.',
  },
  'interstate-without-authority': {
    title: 'Interstate moves without for-hire authority',
    explanation:
      'The company offers moves across state lines, but FMCSA’s files show no active for-hire operating authority. An interstate mover needs it to carry your belongings for pay.',
  },
  'authority-revoked': {
    title: 'Operating authority revoked',
    explanation:
      'FMCSA revoked this carrier’s operating authority. A carrier without authority may not move household goods across state lines for pay.',
  },
  'broker-not-mover': {
    title: 'A broker, not a mover',
    explanation:
      'FMCSA lists this docket’s authority as a broker’s. A broker arranges moves and passes them to a carrier; it must say so and name the mover that will do the work.',
  },
  'name-differs': {
    title: 'Name differs from the registration',
    explanation:
      'The name shown here is neither the legal name nor the “doing business as” name registered with FMCSA. Ask the company why, and check the number belongs to it.',
  },
  'mcs150-outdated': {
    title: 'Registration not updated in over two years',
    explanation:
      'Carriers must update their registration (form MCS-150) every two years. An outdated one can mean the company no longer operates as registered.',
  },
};

export const LICENSING_BADGES = ['checked', 'red-flag', 'not-verified'] as const;
export type LicensingBadge = (typeof LICENSING_BADGES)[number];

/** What a card shows: a badge, with the date of the census checked. */
export const LicensingBadgeSchema = z.object({
  badge: z.enum(LICENSING_BADGES),
  checkedOn: isoDay.nullable(),
});
export type LicensingBadgeView = z.infer<typeof LicensingBadgeSchema>;

export const LicensingAuthoritySchema = z.enum(['active', 'revoked', 'none', 'unknown']);
export type LicensingAuthority = z.infer<typeof LicensingAuthoritySchema>;

/** Revocations of a carrier's authority to move goods for pay (a broker's authority is another thing). */
const carrierAuthority = (types: string) => types === 'COMMON' || types === 'CONTRACT';

/**
 * The carrier's for-hire authority as the files we hold show it. Revoked: a revocation of its common or
 * contract authority was served (one still to take effect counts: a visitor should know before booking).
 * Active: the census has it authorized for hire and nothing was revoked. The census does not carry grants
 * and reinstatements; the authority history file will (decision 042).
 */
export function authorityOf(
  facts: Pick<LicensingFacts, 'carrier' | 'revocations'>,
): LicensingAuthority {
  if (facts.revocations.some((r) => carrierAuthority(r.authorityType))) return 'revoked';
  if (!facts.carrier) return 'unknown';
  return facts.carrier.authorizedForHire === true ? 'active' : 'none';
}

const TWO_YEARS_MS = 2 * 365.25 * 24 * 3600 * 1000;

export interface LicensingAssessment {
  badge: LicensingBadge;
  /** The date of the newest census that lists the carrier, when it was found. */
  checkedOn: string | null;
  authority: LicensingAuthority;
  redFlags: RedFlag[];
}

/** The red flags and badge of a carrier (and company, when it is one of ours), on `today` (YYYY-MM-DD). */
export function assessLicensing(facts: LicensingFacts, today: string): LicensingAssessment {
  const flags = new Set<RedFlag>();
  const { company, carrier } = facts;
  const authority = authorityOf(facts);
  if (company && (company.usdotNumber ?? '').trim() === '') flags.add('no-usdot');
  if (authority === 'revoked') flags.add('authority-revoked');
  const interstate = (company?.offersInterstate ?? false) || carrier?.operation === 'A';
  if (interstate && authority === 'none') flags.add('interstate-without-authority');
  const types = new Set(facts.revocations.map((r) => r.authorityType));
  if (types.has('BROKER') && ![...types].some(carrierAuthority)) flags.add('broker-not-mover');
  if (company && carrier && !sameBusinessName(company.name, [carrier.legalName, carrier.dbaName]))
    flags.add('name-differs');
  if (
    carrier?.mcs150Date &&
    Date.parse(`${today}T00:00:00Z`) - Date.parse(`${carrier.mcs150Date}T00:00:00Z`) > TWO_YEARS_MS
  )
    flags.add('mcs150-outdated');
  const redFlags = RED_FLAGS.filter((flag) => flags.has(flag));
  const checkedOn = carrier?.seenOn ?? null;
  const badge: LicensingBadge =
    redFlags.length > 0 ? 'red-flag' : checkedOn !== null ? 'checked' : 'not-verified';
  return { badge, checkedOn, authority, redFlags };
}

/** The assessment as the server sends it beside the facts. */
export const LicensingAssessmentSchema = z.object({
  badge: z.enum(LICENSING_BADGES),
  checkedOn: isoDay.nullable(),
  authority: LicensingAuthoritySchema,
  redFlags: z.array(z.enum(RED_FLAGS)),
});

/** A company's Licensing panel (GET /api/companies/:slug/licensing, and the profile's server render). */
export const CompanyLicensingSchema = z.object({
  facts: LicensingFactsSchema,
  assessment: LicensingAssessmentSchema,
});
export type CompanyLicensing = z.infer<typeof CompanyLicensingSchema>;

export const OPERATION_TEXT: Record<'A' | 'B' | 'C', string> = {
  A: 'Interstate (may cross state lines)',
  B: 'Intrastate only, with hazardous materials',
  C: 'Intrastate only (within one state)',
};

export interface LicensingLine {
  label: string;
  value: string;
  /** Where it comes from: a public file and its date, or what the company told us. */
  source: LicensingSource | 'company';
}

const yesNo = (value: boolean | null, yes: string, no: string, unknown = 'Not stated') =>
  value === null ? unknown : value ? yes : no;

const dayText = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
};

/** A date of the files, in words: `2024-01-15` → "January 15, 2024". */
export const licensingDay = dayText;

/** The panel's lines, each with its source: the same on the profile and on "Check a mover". */
export function licensingLines(
  facts: LicensingFacts,
  assessment: LicensingAssessment,
): LicensingLine[] {
  const lines: LicensingLine[] = [];
  const { carrier, company } = facts;
  if (company)
    lines.push({
      label: 'Numbers the company gives',
      value:
        [
          company.usdotNumber ? `USDOT ${company.usdotNumber}` : 'No USDOT number',
          company.mcNumber ? `MC ${company.mcNumber}` : null,
        ]
          .filter(Boolean)
          .join(', ') || 'None',
      source: 'company',
    });
  if (carrier) {
    const census = carrier.source;
    lines.push(
      {
        label: 'USDOT status',
        value: `USDOT ${carrier.dotNumber} is registered, as ${carrier.legalName}${
          carrier.dbaName ? ` (doing business as ${carrier.dbaName})` : ''
        }`,
        source: census,
      },
      {
        label: 'Operation',
        value: carrier.operation ? OPERATION_TEXT[carrier.operation] : 'Not stated',
        source: census,
      },
      {
        label: 'For-hire authority',
        value:
          assessment.authority === 'revoked'
            ? 'Revoked (see below)'
            : yesNo(carrier.authorizedForHire, 'Authorized for hire', 'Not authorized for hire'),
        source: census,
      },
      {
        label: 'Fleet',
        value: `${carrier.powerUnits ?? 'No'} power unit${carrier.powerUnits === 1 ? '' : 's'}, ${
          carrier.drivers ?? 'no'
        } driver${carrier.drivers === 1 ? '' : 's'}`,
        source: census,
      },
      {
        label: 'Registration updated (MCS-150)',
        value: carrier.mcs150Date ? dayText(carrier.mcs150Date) : 'Never filed',
        source: census,
      },
    );
  }
  const latest = facts.revocations[0];
  if (facts.docket) {
    const types = [...new Set(facts.revocations.map((r) => r.authorityType.toLowerCase()))];
    lines.push({
      label: 'MC docket',
      value: `${facts.docket}${types.length > 0 ? `: ${types.join(' and ')} authority` : ''}`,
      source: latest?.source ?? 'company',
    });
  }
  for (const revocation of facts.revocations)
    lines.push({
      label: 'Revocation',
      value: `${revocation.revocationType.toLowerCase().replace(/^./, (c) => c.toUpperCase())} of ${revocation.docket}’s ${revocation.authorityType.toLowerCase()} authority, served ${dayText(revocation.serveDate)}${
        revocation.effectiveDate ? `, effective ${dayText(revocation.effectiveDate)}` : ''
      }`,
      source: revocation.source,
    });
  if (!carrier && assessment.authority !== 'revoked')
    lines.push({
      label: 'USDOT status',
      value: facts.censusDate
        ? `Not found in FMCSA’s census of ${dayText(facts.censusDate)}`
        : 'Not checked yet: we hold no FMCSA census',
      source: 'company',
    });
  return lines;
}

/** GET /api/licensing/check?q=: a USDOT number, an MC number or a name. */
export const CarrierCheckQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, 'Enter a USDOT number, an MC number or a company name')
    .max(120, 'Enter at most 120 characters'),
});

export const CarrierCheckResultSchema = z.object({
  facts: LicensingFactsSchema,
  assessment: LicensingAssessmentSchema,
  /** Our listing of this carrier, when there is one. */
  listing: z.object({ name: z.string(), slug: z.string() }).nullable(),
});
export type CarrierCheckResult = z.infer<typeof CarrierCheckResultSchema>;

export const CarrierCheckAnswerSchema = z.object({
  query: z.string(),
  /** How the query was read. */
  readAs: z.enum(['usdot', 'mc', 'name']),
  results: z.array(CarrierCheckResultSchema),
  /** More carriers matched the name than are shown. */
  more: z.boolean(),
  censusDate: isoDay.nullable(),
});
export type CarrierCheckAnswer = z.infer<typeof CarrierCheckAnswerSchema>;

/** GET /api/licensing/files: the newest public file of each kind we hold, as FMCSA dated it (null before any). */
export const LicensingFileDatesSchema = z.object({
  censusDate: isoDay.nullable(),
  revocationsDate: isoDay.nullable(),
});
export type LicensingFileDates = z.infer<typeof LicensingFileDatesSchema>;
