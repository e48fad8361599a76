/**
 * The profile's Licensing panel as a visitor reads it (issue 20): the red flags with what each means, every
 * fact with its source and date in words, "FMCSA checked {date}: no red flags", and why a company could not
 * be verified (no number, not in the census of its date, no census yet).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RED_FLAG_TEXT, type CompanyLicensing } from '@moveratlas/contracts';
import { testLicensing } from '../../test/companies';
import { CompanyLicensingPanel } from './company-licensing';

afterEach(cleanup);

const REVOCATIONS = { kind: 'revocations', file: 'revocations.csv', date: '2026-11-15' } as const;

function panel(licensing: CompanyLicensing, name = 'Prairie Movers') {
  render(<CompanyLicensingPanel name={name} licensing={licensing} />);
  return screen.getByRole('region', { name: 'Licensing' });
}

/** The panel's facts as "label | value | source" lines. */
const factLines = (region: HTMLElement) =>
  within(region)
    .getAllByRole('term')
    .map((term) => {
      const definition = term.nextElementSibling as HTMLElement;
      const [value, source] = [...definition.children].map((child) => child.textContent);
      return `${term.textContent} | ${value} | ${source}`;
    });

describe('the Licensing panel', () => {
  it('names each red flag with its explanation, apart from the facts, and every fact’s source', () => {
    const region = panel(
      testLicensing({
        facts: {
          company: {
            name: 'Prairie Movers',
            usdotNumber: '1234567',
            mcNumber: 'MC-765432',
            offersInterstate: true,
          },
          revocations: [
            {
              docket: 'MC765432',
              authorityType: 'COMMON',
              serveDate: '2026-09-15',
              revocationType: 'INVOLUNTARY REVOCATION',
              effectiveDate: '2026-10-15',
              source: REVOCATIONS,
            },
          ],
        },
        assessment: {
          badge: 'red-flag',
          authority: 'revoked',
          redFlags: ['authority-revoked', 'mcs150-outdated'],
        },
      }),
    );
    const flags = within(region).getByRole('region', { name: '2 red flags' });
    const items = within(flags).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Red flag: ${RED_FLAG_TEXT['authority-revoked'].title}${RED_FLAG_TEXT['authority-revoked'].explanation}`,
      `Red flag: ${RED_FLAG_TEXT['mcs150-outdated'].title}${RED_FLAG_TEXT['mcs150-outdated'].explanation}`,
    ]);
    // Shown with an icon and words, on the warning colours, not colour alone.
    expect(flags.className).toContain('border-red-700');
    expect(items.every((item) => item.querySelector('svg[aria-hidden="true"]'))).toBe(true);
    expect(region.textContent).toContain(
      'Checked against FMCSA’s motor carrier census of November 1, 2026.',
    );
    expect(region.textContent).not.toContain('no red flags');
    expect(factLines(region)).toEqual([
      'Numbers the company gives | USDOT 1234567, MC MC-765432 | Source: What the company told us',
      'USDOT status | USDOT 1234567 is registered, as PRAIRIE MOVERS LLC | Source: FMCSA motor carrier census, November 1, 2026',
      'Operation | Interstate (may cross state lines) | Source: FMCSA motor carrier census, November 1, 2026',
      'For-hire authority | Revoked (see below) | Source: FMCSA motor carrier census, November 1, 2026',
      'Fleet | 6 power units, 8 drivers | Source: FMCSA motor carrier census, November 1, 2026',
      'Registration updated (MCS-150) | March 2, 2026 | Source: FMCSA motor carrier census, November 1, 2026',
      'MC docket | MC765432: common authority | Source: FMCSA L&I revocations, November 15, 2026',
      'Revocation | Involuntary revocation of MC765432’s common authority, served September 15, 2026, effective October 15, 2026 | Source: FMCSA L&I revocations, November 15, 2026',
    ]);
  });

  it('says "FMCSA checked {date}: no red flags" when the census lists the carrier and nothing is wrong', () => {
    const region = panel(testLicensing());
    expect(within(region).queryByRole('heading', { name: /red flag/ })).toBeNull();
    expect(within(region).getByText('FMCSA checked November 1, 2026: no red flags')).toBeVisible();
    expect(region.textContent).not.toContain('Not verified');
    expect(within(region).getByRole('link', { name: 'protectyourmove.gov' })).toHaveAttribute(
      'href',
      'https://www.protectyourmove.gov/',
    );
  });

  it('says plainly why a company without any number is not verified, with its red flag', () => {
    const region = panel(
      testLicensing({
        facts: {
          company: {
            name: 'Prairie Movers',
            usdotNumber: null,
            mcNumber: null,
            offersInterstate: true,
          },
          matchedBy: null,
          docket: null,
          carrier: null,
        },
        assessment: {
          badge: 'red-flag',
          checkedOn: null,
          authority: 'unknown',
          redFlags: ['no-usdot'],
        },
      }),
    );
    expect(within(region).getByRole('region', { name: '1 red flag' })).toBeVisible();
    expect(region.textContent).toContain(RED_FLAG_TEXT['no-usdot'].explanation);
    expect(region.textContent).toContain(
      'Not verified: the company gives no USDOT or MC number, so there is nothing to look up in FMCSA’s files.',
    );
    expect(region.textContent).not.toContain('FMCSA checked');
  });

  it('says which number the census of its date does not list', () => {
    const region = panel(
      testLicensing({
        facts: { matchedBy: null, carrier: null },
        assessment: { badge: 'not-verified', checkedOn: null, authority: 'unknown' },
      }),
    );
    expect(region.textContent).toContain(
      'Not verified: no carrier with USDOT 1234567 or MC MC-765432 is in FMCSA’s motor carrier census of November 1, 2026.',
    );
    expect(within(region).queryByRole('heading', { name: /red flag/ })).toBeNull();
    expect(factLines(region)).toEqual([
      'Numbers the company gives | USDOT 1234567, MC MC-765432 | Source: What the company told us',
      'MC docket | MC765432 | Source: What the company told us',
      'USDOT status | Not found in FMCSA’s census of November 1, 2026 | Source: FMCSA motor carrier census, November 1, 2026',
    ]);
  });

  it('says when no census has been imported yet', () => {
    const region = panel(
      testLicensing({
        facts: { matchedBy: null, docket: null, carrier: null, censusDate: null },
        assessment: { badge: 'not-verified', checkedOn: null, authority: 'unknown' },
      }),
    );
    expect(region.textContent).toContain(
      'Not verified: we have not imported FMCSA’s motor carrier census yet, so nothing could be checked.',
    );
    expect(factLines(region)).toContain(
      'USDOT status | Not checked yet: we hold no FMCSA census | Source: No FMCSA census imported yet',
    );
  });
});
