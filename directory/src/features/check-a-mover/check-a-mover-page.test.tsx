import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import {
  assessLicensing,
  OFFLINE_MESSAGE,
  RED_FLAG_TEXT,
  type CarrierCheckAnswer,
  type CarrierCheckOutcome,
  type CarrierCheckResult,
  type CarrierFacts,
  type DirectoryData,
  type LicensingFacts,
} from '@moveratlas/contracts';
import { AppProviders } from '../../app/providers';
import { createRouterContext } from '../../app/router-context';
import { createQueryClient } from '../../lib/query-client';
import { ROOT_ROUTE_ID } from '../../lib/site';
import { fakeDirectoryData, TEST_SITE } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { CheckAMoverView, Component, loader, type CheckAMoverData } from './check-a-mover-page';

afterEach(cleanup);

const CENSUS = { kind: 'census', file: 'FMCSA_CENSUS1_2026Oct.txt', date: '2026-10-01' } as const;
const REVOCATIONS = { kind: 'revocations', file: 'revocations.csv', date: '2026-11-02' } as const;
const FILES = { censusDate: CENSUS.date, revocationsDate: REVOCATIONS.date };

const carrier = (values: Partial<CarrierFacts>): CarrierFacts => ({
  dotNumber: 1234567,
  legalName: 'ACME MOVING LLC',
  dbaName: null,
  operation: 'A',
  authorizedForHire: true,
  exemptForHire: false,
  privateOnly: false,
  powerUnits: 3,
  drivers: 4,
  mcs150Date: '2026-01-15',
  city: 'DALLAS',
  state: 'TX',
  source: CENSUS,
  seenOn: CENSUS.date,
  ...values,
});

const result = (
  facts: Omit<LicensingFacts, 'censusDate'>,
  listing: CarrierCheckResult['listing'] = null,
): CarrierCheckResult => {
  const all = { ...facts, censusDate: CENSUS.date };
  return { facts: all, assessment: assessLicensing(all, '2026-11-29'), listing };
};

/** Listed with us, nothing to flag. */
const LISTED = result(
  {
    company: {
      name: 'Acme Moving',
      usdotNumber: '1234567',
      mcNumber: null,
      offersInterstate: true,
    },
    matchedBy: 'usdot',
    docket: null,
    carrier: carrier({}),
    revocations: [],
  },
  { name: 'Acme Moving', slug: 'acme-moving-dallas' },
);

/** Not listed, its authority revoked. */
const REVOKED = result({
  company: null,
  matchedBy: 'mc',
  docket: 'MC99001',
  carrier: carrier({
    dotNumber: 7654321,
    legalName: 'ROGUE VAN LINES INC',
    dbaName: 'ROGUE MOVERS',
  }),
  revocations: [
    {
      docket: 'MC99001',
      authorityType: 'COMMON',
      serveDate: '2026-09-15',
      revocationType: 'INVOLUNTARY REVOCATION',
      effectiveDate: '2026-10-15',
      source: REVOCATIONS,
    },
  ],
});

const answerOf = (
  query: string,
  readAs: CarrierCheckAnswer['readAs'],
  results: CarrierCheckResult[],
  extra: Partial<CarrierCheckAnswer> = {},
): CarrierCheckAnswer => ({
  query,
  readAs,
  results,
  more: false,
  censusDate: CENSUS.date,
  ...extra,
});

async function load(url: string, data: Partial<DirectoryData>): Promise<CheckAMoverData> {
  const context = createRouterContext(
    fakeDirectoryData({ licensingFileDates: async () => FILES, ...data }),
  );
  return loader({ request: new Request(url), params: {}, context } as Parameters<typeof loader>[0]);
}

const view = (data: CheckAMoverData) =>
  renderWithRouter(<CheckAMoverView {...data} />, { path: '/check-a-mover' });

describe('Check a mover', () => {
  it('is a GET form with a labelled query field, and says which files it reads and their dates', async () => {
    const data = await load('https://movers.test/check-a-mover', {});
    expect(data).toEqual({ q: '', files: FILES, answer: null, refused: null, failed: null });
    view(data);
    const form = screen.getByRole('search', { name: 'Check a mover' });
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/check-a-mover');
    const field = within(form).getByLabelText('USDOT number, MC number or company name');
    expect(field.getAttribute('name')).toBe('q');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Check a Mover');
    const files = screen.getByRole('region', { name: 'What we check, and where it comes from' });
    expect(files.textContent).toContain('FMCSA’s motor carrier census, published October 1, 2026');
    expect(files.textContent).toContain(
      'FMCSA’s revocations of operating authority, published November 2, 2026',
    );
    expect(
      screen.getByRole('link', { name: 'Protect Your Move (protectyourmove.gov)' }),
    ).toHaveAttribute('href', 'https://www.protectyourmove.gov');
    // No query, no results section.
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows each carrier with the panel’s lines and sources, its red flags, and our listing or none', async () => {
    let asked = '';
    const data = await load('https://movers.test/check-a-mover?q=%20acme%20', {
      checkCarrier: async (q) => {
        asked = q;
        return { answer: answerOf('acme', 'name', [LISTED, REVOKED]), refused: null };
      },
    });
    expect(asked).toBe('acme');
    view(data);
    expect(screen.getByRole('status').textContent).toBe(
      '2 carriers found for names starting with “acme”.',
    );
    const [listed, revoked] = screen.getAllByRole('article');

    expect(within(listed!).getByRole('heading', { level: 3 }).textContent).toBe('ACME MOVING LLC');
    expect(listed!.textContent).toContain('Listed on MoverAtlas: Acme Moving');
    expect(within(listed!).getByRole('link', { name: 'Acme Moving' })).toHaveAttribute(
      'href',
      '/company/acme-moving-dallas',
    );
    expect(listed!.textContent).toContain(
      'No red flags in the files we hold (census of October 1, 2026).',
    );
    const status = within(listed!).getByText('USDOT status').closest('div')!;
    expect(status.textContent).toContain('USDOT 1234567 is registered, as ACME MOVING LLC');
    expect(status.textContent).toContain('Source: FMCSA motor carrier census, October 1, 2026');
    const numbers = within(listed!).getByText('Numbers the company gives').closest('div')!;
    expect(numbers.textContent).toContain('USDOT 1234567');
    expect(numbers.textContent).toContain('Source: What the company told us');

    expect(revoked!.textContent).toContain('Not listed on MoverAtlas');
    expect(within(revoked!).queryByRole('link')).toBeNull();
    expect(revoked!.textContent).toContain(
      'Doing business as ROGUE MOVERS · USDOT 7654321 · MC99001 · DALLAS, TX',
    );
    const flags = within(revoked!).getByRole('region', { name: '1 red flag' });
    expect(flags.textContent).toContain(RED_FLAG_TEXT['authority-revoked'].title);
    expect(flags.textContent).toContain(RED_FLAG_TEXT['authority-revoked'].explanation);
    const revocation = within(revoked!).getByText('Revocation').closest('div')!;
    expect(revocation.textContent).toContain(
      'Involuntary revocation of MC99001’s common authority, served September 15, 2026, effective October 15, 2026',
    );
    expect(revocation.textContent).toContain('Source: FMCSA L&I revocations, November 2, 2026');
  });

  it('says when more names matched than are shown', async () => {
    const data = await load('https://movers.test/check-a-mover?q=acme', {
      checkCarrier: async () => ({
        answer: answerOf('acme', 'name', [LISTED], { more: true }),
        refused: null,
      }),
    });
    view(data);
    expect(screen.getByRole('status').textContent).toBe(
      'One carrier found for names starting with “acme”: the first 20 are shown; type more of the name to narrow the list.',
    );
  });

  it.each([
    [
      '0099999',
      answerOf('0099999', 'usdot', []),
      'Nothing in FMCSA’s census of October 1, 2026 matches USDOT number 99999. Check the number on the mover’s estimate or website: a mover that does not give its USDOT number is a red flag in itself.',
    ],
    [
      'mc 00123',
      answerOf('mc 00123', 'mc', []),
      'Nothing in FMCSA’s census of October 1, 2026 matches the MC number MC-123. Check the number on the mover’s estimate or website: a mover that does not give its USDOT number is a red flag in itself.',
    ],
    [
      'acme',
      answerOf('acme', 'name', [], { censusDate: null }),
      'We hold no FMCSA census yet, so nothing could be checked for names starting with “acme”. Please try again later.',
    ],
  ])('says what was searched when nothing matches “%s”', async (q, answer, text) => {
    const data = await load(`https://movers.test/check-a-mover?q=${encodeURIComponent(q)}`, {
      checkCarrier: async () => ({ answer, refused: null }),
    });
    view(data);
    expect(screen.getByRole('status').textContent).toBe(text);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('shows the server’s refusal beside the form, and a failed check in words', async () => {
    const refusal =
      'Enter at least 3 letters or digits of the company’s name, or its USDOT or MC number';
    view(
      await load('https://movers.test/check-a-mover?q=ab', {
        checkCarrier: async () => ({ answer: null, refused: refusal }),
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    expect(screen.getByLabelText('USDOT number, MC number or company name')).toHaveValue('ab');
    cleanup();

    const offline = await load('https://movers.test/check-a-mover?q=acme', {
      checkCarrier: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(offline.failed).toBe(OFFLINE_MESSAGE);
    view(offline);
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE_MESSAGE);
  });

  it('checks without a reload: the address carries q, the wait is announced, then the results', async () => {
    let release: (outcome: CarrierCheckOutcome) => void = () => undefined;
    const asked: string[] = [];
    const data = fakeDirectoryData({
      licensingFileDates: async () => FILES,
      checkCarrier: (q) => {
        asked.push(q);
        return new Promise((resolve) => (release = resolve));
      },
    });
    const router = createMemoryRouter(
      [
        {
          id: ROOT_ROUTE_ID,
          path: '/',
          loader: () => TEST_SITE,
          Component: Outlet,
          children: [{ path: 'check-a-mover', loader, Component }],
        },
      ],
      {
        initialEntries: ['/check-a-mover'],
        getContext: () => createRouterContext(data),
      },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    const field = await screen.findByLabelText('USDOT number, MC number or company name');
    await user.type(field, 'MC-99001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('status')).textContent).toBe('Checking FMCSA’s files…');
    expect(
      screen.getByRole('region', { name: 'What the files say about “MC-99001”' }),
    ).toHaveAttribute('aria-busy', 'true');
    expect(asked).toEqual(['MC-99001']);
    release({ answer: answerOf('MC-99001', 'mc', [REVOKED]), refused: null });
    expect(
      await screen.findByText('One carrier found for the MC number MC-99001.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/check-a-mover');
    expect(router.state.location.search).toBe('?q=MC-99001');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('ROGUE VAN LINES INC');
  });
});
