/** New listings from the census (issue 20): a state's carriers, reviewed one by one, then created. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type CensusCarrier,
  type CensusCarrierPage,
} from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../test-support';
import { censusNameAsTyped, Component as CensusPage } from './census-page';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const carrier = (dotNumber: number, over: Partial<CensusCarrier> = {}): CensusCarrier => ({
  dotNumber,
  legalName: `CARRIER ${dotNumber} LLC`,
  dbaName: null,
  city: 'DALLAS',
  state: 'TX',
  operation: 'A',
  powerUnits: 3,
  drivers: 4,
  mcs150Date: '2026-01-15',
  suggestedCity: { slug: 'dallas', name: 'Dallas' },
  ...over,
});

const page = (items: CensusCarrier[]): CensusCarrierPage => ({
  items,
  total: items.length,
  page: 1,
  limit: 25,
  censusDate: '2026-11-01',
});

function render(path: string, listings: (body: unknown) => Response) {
  return renderAdminScreens(
    path,
    [{ path: 'licensing/census', Component: CensusPage }],
    parsedUrl((url, init) => {
      if (url.pathname === '/api/admin/licensing/census-carriers')
        return json(
          200,
          page([
            carrier(501, { legalName: 'LONE STAR HAULERS LLC', dbaName: 'LONE STAR MOVING' }),
            carrier(502, {
              legalName: 'NOWHERE TRUCKING',
              city: 'NOWHERESVILLE',
              operation: 'C',
              suggestedCity: null,
            }),
          ]),
        );
      if (url.pathname === '/api/admin/licensing/cities')
        return json(200, {
          items: [
            { slug: 'austin', name: 'Austin' },
            { slug: 'dallas', name: 'Dallas' },
          ],
        });
      if (url.pathname === '/api/admin/licensing/census-listings')
        return listings(JSON.parse(String(init.body)));
      return json(404, { error: 'not here' });
    }),
  );
}

describe('new listings from the census', () => {
  it('writes census names as names', () => {
    expect(censusNameAsTyped('LONE STAR MOVING LLC')).toBe('Lone Star Moving LLC');
    expect(censusNameAsTyped('  a-1  movers ')).toBe('A-1 Movers');
  });

  it('asks for a state first, then lists its carriers and creates the reviewed listings', async () => {
    const user = userEvent.setup();
    document.cookie = `${CSRF_COOKIE}=tok-5`;
    const { fetchMock } = render('/admin/licensing/census', () =>
      json(201, {
        created: [
          {
            dotNumber: 501,
            id: 77,
            name: 'Lone Star Movers',
            slug: 'lone-star-movers-dallas',
            matched: true,
          },
        ],
      }),
    );
    expect(screen.getByText('Choose a state to see its carriers.')).toBeInTheDocument();
    expect(screen.getByText(/Nothing is listed without review:/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('State'), 'TX');
    const table = await screen.findByRole('table', {
      name: 'For-hire carriers of the census not listed with us',
    });
    expect(
      screen.getByText(
        '2 for-hire carriers of Texas not listed with us, in the census of November 1, 2026',
      ),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /LONE STAR HAULERS LLC/ })).toHaveTextContent(
      '3 power units, 4 drivers',
    );
    expect(screen.queryByRole('form', { name: 'Review the new listings' })).toBeNull();

    await user.click(within(table).getByRole('checkbox', { name: 'Review LONE STAR HAULERS LLC' }));
    const form = screen.getByRole('form', { name: 'Review the new listings' });
    const review = within(form).getByRole('group', { name: 'LONE STAR HAULERS LLC (USDOT 501)' });
    const name = within(review).getByLabelText('Name shown in the directory');
    expect(name).toHaveValue('Lone Star Moving');
    expect(within(review).getByLabelText('City in Texas')).toHaveValue('Dallas');
    expect(within(review).getByRole('checkbox', { name: 'Long Distance Moving' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Lone Star Movers');
    await user.click(within(review).getByRole('checkbox', { name: 'Storage' }));
    await user.click(within(form).getByRole('button', { name: 'Create 1 listing' }));

    expect(await screen.findByText(/1 listing created/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lone Star Movers' })).toHaveAttribute(
      'href',
      '/admin/companies/77',
    );
    const [call] = callsTo(fetchMock, '/api/admin/licensing/census-listings');
    expect(JSON.parse(String(call!.init.body))).toEqual({
      listings: [
        {
          dotNumber: 501,
          name: 'Lone Star Movers',
          citySlug: 'dallas',
          services: ['local-moving', 'long-distance-moving', 'storage'],
        },
      ],
    });
    expect(new Headers(call!.init.headers).get(CSRF_HEADER)).toBe('tok-5');
    expect(
      callsTo(fetchMock, '/api/admin/licensing/census-carriers').map((c) =>
        c.url.searchParams.get('state'),
      ),
    ).toContain('TX');
  });

  it('asks for one of our cities before sending, and shows the server’s refusal in words', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render('/admin/licensing/census?state=TX', () =>
      json(400, {
        error:
          'For USDOT 502 (Nowhere Trucking): "austin" is not a city of Texas in our directory; choose one of the list',
      }),
    );
    const table = await screen.findByRole('table', {
      name: 'For-hire carriers of the census not listed with us',
    });
    await user.click(within(table).getByRole('checkbox', { name: 'Review NOWHERE TRUCKING' }));
    const form = screen.getByRole('form', { name: 'Review the new listings' });
    const city = within(form).getByLabelText('City in Texas');
    expect(city).toHaveValue('');
    await user.type(city, 'Nowheresville');
    await user.click(await within(form).findByRole('button', { name: 'Create 1 listing' }));
    expect(
      within(form).getByText(
        '“Nowheresville” is not a city of Texas in our directory: choose one from the list.',
      ),
    ).toBeInTheDocument();
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/admin/licensing/census-listings')).toHaveLength(0);

    await user.clear(city);
    await user.type(city, 'austin');
    await user.click(within(form).getByRole('button', { name: 'Create 1 listing' }));
    expect(
      await within(form).findByText(
        'Nothing was created: For USDOT 502 (Nowhere Trucking): "austin" is not a city of Texas in our directory; choose one of the list',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/licensing/census-listings')).toHaveLength(1);
  });
});
