/**
 * The Profile activity panel of a company's admin page as staff use it: totals, a chart of one kind at a time
 * (chosen with radio buttons, so by keyboard too), every figure in a table with its total; the empty state;
 * a failure with Try again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCompanyActivity } from '@moveratlas/contracts';
import { json, renderWithQueries } from '../test-support';
import { CompanyActivityPanel } from './company-activity-panel';

// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const zero = { view: 0, quote_click: 0, phone_click: 0, website_click: 0 };

/** Three days, the middle one quiet. */
const ACTIVITY: AdminCompanyActivity = {
  companyId: 7,
  from: '2026-11-25',
  to: '2026-11-27',
  totals: { view: 1250, quote_click: 9, phone_click: 4, website_click: 2 },
  byDay: [
    { day: '2026-11-25', counts: { view: 1000, quote_click: 5, phone_click: 1, website_click: 0 } },
    { day: '2026-11-26', counts: zero },
    { day: '2026-11-27', counts: { view: 250, quote_click: 4, phone_click: 3, website_click: 2 } },
  ],
};

function answer(respond: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://admin.test');
    if (url.pathname === '/api/admin/companies/7/activity') return respond();
    return json(404, { error: `No API endpoint ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithQueries(<CompanyActivityPanel companyId={7} />);
  return fetchMock;
}

const panel = () => screen.getByRole('region', { name: 'Profile activity' });

describe('the Profile activity panel', () => {
  it('shows the totals, a chart of views per day, and every figure in a table', async () => {
    const fetchMock = answer(() => json(200, ACTIVITY));
    const chart = await screen.findByRole('img', { name: /Profile views per day/ }, SLOW);
    // The last 30 days are asked for.
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/companies/7/activity?days=30');
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(chart.querySelector('desc')!.textContent).toBe(
      'Profile views per day from Nov 25, 2026 – Nov 27, 2026: 1,250 in all.',
    );

    const totals = within(panel())
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling!.textContent]);
    expect(totals).toEqual([
      ['Profile views', '1,250'],
      ['Get Quote clicks', '9'],
      ['Phone clicks', '4'],
      ['Website clicks', '2'],
    ]);

    const table = screen.getByRole('table', { name: /Profile activity per day, newest first/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Day', 'Profile views', 'Get Quote clicks', 'Phone clicks', 'Website clicks'],
      ['Nov 27, 2026', '250', '4', '3', '2'],
      ['Nov 26, 2026', '0', '0', '0', '0'],
      ['Nov 25, 2026', '1,000', '5', '1', '0'],
      ['Total', '1,250', '9', '4', '2'],
    ]);
    // The table scrolls on a phone: it can be reached with the keyboard.
    expect(
      screen.getByRole('region', { name: 'Profile activity per day, newest first' }).tabIndex,
    ).toBe(0);
  });

  it('charts another kind when staff choose it, with the keyboard as with the mouse', async () => {
    const user = userEvent.setup();
    answer(() => json(200, ACTIVITY));
    const views = await screen.findByRole('radio', { name: 'Profile views' }, SLOW);
    expect(views).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Get Quote clicks' }));
    const quotes = screen.getByRole('img', { name: /Get Quote clicks per day/ });
    expect(quotes.querySelector('desc')!.textContent).toContain(': 9 in all.');
    expect(
      within(screen.getByRole('table', { name: 'Get Quote clicks per day' }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '0', '4']);

    // Arrow keys move along the radio group.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Phone clicks' })).toBeChecked();
    expect(screen.getByRole('img', { name: /Phone clicks per day/ })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Get Quote clicks per day/ })).toBeNull();
  });

  it('says plainly when nobody visited, without an empty chart', async () => {
    answer(() =>
      json(200, {
        ...ACTIVITY,
        totals: zero,
        byDay: ACTIVITY.byDay.map(({ day }) => ({ day, counts: zero })),
      }),
    );
    expect(
      await screen.findByText(
        'Nobody has viewed this company’s profile or used its links in the last 3 days.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(panel()).getAllByRole('definition')[0]!.textContent).toBe('0');
  });

  it('shows a failure with Try again, which loads the activity', async () => {
    const user = userEvent.setup();
    let down = true;
    const fetchMock = answer(() =>
      down
        ? json(503, { error: 'The service is temporarily unavailable; please try again shortly' })
        : json(200, ACTIVITY),
    );
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Could not load the profile activity.');
    expect(alert.textContent).toContain('The service is temporarily unavailable');
    expect(screen.queryByRole('img')).toBeNull();

    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('img', { name: /Profile views per day/ }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
