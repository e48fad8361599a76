import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ZipPlace } from '@moveratlas/contracts';
import { renderWithRouter } from '../../test/render-with-router';
import { calculate, quoteLink } from './calculator-model';
import { CalculatorView } from './calculator-page';

const place = (zip: string, label: string, lat: number, lng: number): ZipPlace => ({
  zip,
  city: { name: label.split(',')[0]!, slug: 'x' },
  state: { name: 'X', slug: 'x', abbreviation: 'XX' },
  lat,
  lng,
  label,
});
const ZIPS: Record<string, ZipPlace> = {
  '60601': place('60601', 'Chicago, IL', 41.8858, -87.6181),
  '60614': place('60614', 'Chicago, IL', 41.9227, -87.6533),
  '10001': place('10001', 'New York, NY', 40.7506, -73.9972),
};
const findZip = async (zip: string) => ZIPS[zip];

afterEach(cleanup);

describe('the calculator model', () => {
  it('prices a long-distance move from the two ZIPs and keeps the form values', async () => {
    const data = await calculate(
      new URLSearchParams(
        'size=2-3br&fromZip=60601&toZip=10001&date=2027-07-15&packing=1&storageMonths=2',
      ),
      findZip,
    );
    expect(data.error).toBeNull();
    expect(data.estimate?.kind).toBe('long-distance');
    expect(data.estimate?.distanceMiles).toBe(710);
    expect(data.estimate?.lines.map((l) => l.id)).toEqual([
      'linehaul',
      'peak-season',
      'packing',
      'storage',
    ]);
    expect(data.form).toEqual({
      size: '2-3br',
      fromZip: '60601',
      toZip: '10001',
      date: '2027-07-15',
      packing: true,
      storageMonths: 2,
    });
  });

  it.each([
    ['size=2-3br&fromZip=60601', 'Enter both ZIP codes to estimate your move.'],
    ['size=2-3br&fromZip=60601&toZip=99999', 'We could not find the ZIP code 99999.'],
    ['size=2-3br&fromZip=606&toZip=10001', 'Moving from ZIP must be five digits'],
    ['size=mansion&fromZip=60601&toZip=10001', expect.stringMatching(/^Home size /)],
  ])('explains what is missing for %s', async (query, error) => {
    const data = await calculate(new URLSearchParams(query), findZip);
    expect(data.estimate).toBeNull();
    expect(data.error).toEqual(error);
  });

  it('shows an empty form before the first calculation', async () => {
    const data = await calculate(new URLSearchParams(''), findZip);
    expect(data).toMatchObject({ estimate: null, error: null, form: { size: '2-3br' } });
  });

  it('links to the quote form prefilled, leaving out what was not entered', () => {
    expect(
      quoteLink({
        size: '4br',
        fromZip: '60601',
        toZip: '10001',
        date: '2027-07-15',
        packing: false,
        storageMonths: 0,
      }),
    ).toBe('/get-quotes?size=4br&date=2027-07-15&fromZip=60601&toZip=10001');
    expect(
      quoteLink({
        size: 'studio',
        fromZip: '',
        toZip: '',
        date: '',
        packing: false,
        storageMonths: 0,
      }),
    ).toBe('/get-quotes?size=studio');
  });
});

describe('CalculatorView', () => {
  it('shows the total, the breakdown and a prefilled quote link', async () => {
    const data = await calculate(
      new URLSearchParams('size=studio&fromZip=60601&toZip=60614&date=2027-03-02'),
      findZip,
    );
    renderWithRouter(<CalculatorView {...data} />, { path: '/calculator' });

    expect((await screen.findByTestId('estimate-total')).textContent).toBe('$410 – $910');
    expect(screen.getByText(/^Local move · 3 miles/)).toBeInTheDocument();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'CostRange',
      'Loading and unloading2 movers for 3–5 hours at $50–$70 per mover-hour$300 – $700',
      'Drive and trip chargeAbout 6 minutes of driving between the addresses, plus a $100–$200 trip charge$110 – $210',
      'Total$410 – $910',
    ]);
    expect(
      screen.getByRole('link', { name: 'Get Free Quotes for This Move' }).getAttribute('href'),
    ).toBe('/get-quotes?size=studio&date=2027-03-02&fromZip=60601&toZip=60614');
    // The form shows what was entered, so it can be changed and sent again without scripts.
    expect((screen.getByLabelText('Moving from ZIP') as HTMLInputElement).value).toBe('60601');
    expect((screen.getByRole('radio', { name: /Studio\/1BR/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows the reason when there is no estimate', async () => {
    const data = await calculate(
      new URLSearchParams('size=studio&fromZip=60601&toZip=99999'),
      findZip,
    );
    renderWithRouter(<CalculatorView {...data} />, { path: '/calculator' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not find the ZIP code 99999.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
