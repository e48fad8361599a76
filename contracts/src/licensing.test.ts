import { describe, expect, it } from 'vitest';
import {
  assessLicensing,
  authorityOf,
  licensingLines,
  sameBusinessName,
  type CarrierFacts,
  type LicensingFacts,
  type RevocationFact,
} from './licensing';

const census = { kind: 'census' as const, file: 'FMCSA_CENSUS1_2026Oct.txt', date: '2026-10-01' };
const revocationsFile = {
  kind: 'revocations' as const,
  file: 'revocations.csv',
  date: '2026-10-15',
};

const carrier = (overrides: Partial<CarrierFacts> = {}): CarrierFacts => ({
  dotNumber: 1234567,
  legalName: 'ACME MOVING LLC',
  dbaName: null,
  operation: 'A',
  authorizedForHire: true,
  exemptForHire: false,
  privateOnly: false,
  powerUnits: 4,
  drivers: 5,
  mcs150Date: '2026-01-15',
  city: 'DALLAS',
  state: 'TX',
  source: census,
  seenOn: '2026-10-01',
  ...overrides,
});

const revocation = (overrides: Partial<RevocationFact> = {}): RevocationFact => ({
  docket: 'MC12345',
  authorityType: 'COMMON',
  serveDate: '2026-03-02',
  revocationType: 'INVOLUNTARY REVOCATION',
  effectiveDate: '2026-04-01',
  source: revocationsFile,
  ...overrides,
});

const facts = (overrides: Partial<LicensingFacts> = {}): LicensingFacts => ({
  company: {
    name: 'Acme Moving',
    usdotNumber: '1234567',
    mcNumber: 'MC-12345',
    offersInterstate: true,
  },
  matchedBy: 'usdot',
  docket: 'MC12345',
  carrier: carrier(),
  revocations: [],
  censusDate: '2026-10-01',
  ...overrides,
});

const TODAY = '2026-11-29';

describe('assessLicensing', () => {
  it('checks a registered, authorized mover with no red flag, dated by the census that lists it', () => {
    expect(assessLicensing(facts(), TODAY)).toEqual({
      badge: 'checked',
      checkedOn: '2026-10-01',
      authority: 'active',
      redFlags: [],
    });
  });

  it('flags each of the six in the contracts’ order', () => {
    expect(
      assessLicensing(
        facts({
          company: { name: 'Acme', usdotNumber: null, mcNumber: null, offersInterstate: true },
        }),
        TODAY,
      ).redFlags,
    ).toEqual(['no-usdot']);
    expect(
      assessLicensing(facts({ carrier: carrier({ authorizedForHire: false }) }), TODAY).redFlags,
    ).toEqual(['interstate-without-authority']);
    expect(assessLicensing(facts({ revocations: [revocation()] }), TODAY)).toMatchObject({
      authority: 'revoked',
      badge: 'red-flag',
      redFlags: ['authority-revoked'],
    });
    expect(
      assessLicensing(facts({ revocations: [revocation({ authorityType: 'BROKER' })] }), TODAY)
        .redFlags,
    ).toEqual(['broker-not-mover']);
    expect(
      assessLicensing(facts({ carrier: carrier({ legalName: 'ZENITH FREIGHT INC' }) }), TODAY)
        .redFlags,
    ).toEqual(['name-differs']);
    expect(
      assessLicensing(facts({ carrier: carrier({ mcs150Date: '2024-11-01' }) }), TODAY).redFlags,
    ).toEqual(['mcs150-outdated']);
  });

  it('counts a revocation still to take effect, and not a broker’s, against the carrier’s authority', () => {
    expect(
      authorityOf({
        carrier: carrier(),
        revocations: [revocation({ effectiveDate: '2027-01-01' })],
      }),
    ).toBe('revoked');
    expect(
      authorityOf({ carrier: carrier(), revocations: [revocation({ authorityType: 'BROKER' })] }),
    ).toBe('active');
    expect(authorityOf({ carrier: null, revocations: [] })).toBe('unknown');
  });

  it('does not verify a company whose number is not in the census, without calling it a red flag', () => {
    expect(assessLicensing(facts({ carrier: null, matchedBy: null, docket: null }), TODAY)).toEqual(
      {
        badge: 'not-verified',
        checkedOn: null,
        authority: 'unknown',
        redFlags: [],
      },
    );
  });

  it('reads an intrastate carrier that offers no interstate moves as needing no authority', () => {
    const local = facts({
      company: {
        name: 'Acme Moving',
        usdotNumber: '1234567',
        mcNumber: null,
        offersInterstate: false,
      },
      carrier: carrier({ operation: 'C', authorizedForHire: false }),
    });
    expect(assessLicensing(local, TODAY).redFlags).toEqual([]);
  });
});

describe('sameBusinessName', () => {
  it('ignores legal suffixes, punctuation and case, and accepts the DBA name', () => {
    expect(sameBusinessName('Acme Moving, Inc.', ['ACME MOVING LLC', null])).toBe(true);
    expect(
      sameBusinessName('Two Brothers Movers', ['SMITH TRANSPORT LLC', 'TWO BROTHERS MOVERS']),
    ).toBe(true);
    expect(sameBusinessName('Two Brothers Movers', ['SMITH TRANSPORT LLC', null])).toBe(false);
  });
});

describe('licensingLines', () => {
  it('gives every line its source, in the panel’s order', () => {
    const withRevocation = facts({ revocations: [revocation()] });
    const lines = licensingLines(withRevocation, assessLicensing(withRevocation, TODAY));
    expect(lines.map((l) => [l.label, l.source === 'company' ? 'company' : l.source.kind])).toEqual(
      [
        ['Numbers the company gives', 'company'],
        ['USDOT status', 'census'],
        ['Operation', 'census'],
        ['For-hire authority', 'census'],
        ['Fleet', 'census'],
        ['Registration updated (MCS-150)', 'census'],
        ['MC docket', 'revocations'],
        ['Revocation', 'revocations'],
      ],
    );
    expect(lines.at(-1)!.value).toBe(
      'Involuntary revocation of MC12345’s common authority, served March 2, 2026, effective April 1, 2026',
    );
    expect(lines.find((l) => l.label === 'For-hire authority')!.value).toBe('Revoked (see below)');
  });

  it('says which census a number was not found in, or that none is held', () => {
    const missing = facts({ carrier: null, matchedBy: null, docket: null });
    expect(licensingLines(missing, assessLicensing(missing, TODAY)).at(-1)!.value).toBe(
      'Not found in FMCSA’s census of October 1, 2026',
    );
    const none = facts({ carrier: null, matchedBy: null, docket: null, censusDate: null });
    expect(licensingLines(none, assessLicensing(none, TODAY)).at(-1)!.value).toBe(
      'Not checked yet: we hold no FMCSA census',
    );
  });
});
