import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminStatistics } from '@moveratlas/contracts';
import { json, renderAdminScreens } from '../test-support';
import { Component as StatisticsPage } from './statistics-page';

/** The machine may be busy: the lazily loaded toast region and the queries get a few seconds. */
// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STATS: AdminStatistics = {
  range: { from: '2025-02-24', to: '2025-03-16', granularity: 'week', siteId: null },
  totals: { leads: 8, converted: 2, lost: 1 },
  overTime: [
    { period: '2025-02-24', count: 2 },
    { period: '2025-03-03', count: 1 },
    { period: '2025-03-10', count: 5 },
  ],
  byState: [
    { state: 'WY', name: 'Wyoming', count: 6 },
    { state: null, name: 'Not given or unknown', count: 2 },
  ],
  byMoveSize: [{ moveSize: 'studio', label: 'Studio/1BR', count: 8 }],
  byPartner: [{ siteId: 'demo-partner', name: 'Demo partner page', count: 8 }],
  bySource: [{ siteId: 'demo-partner', origin: 'http://localhost:4000', count: 8 }],
  topRoutes: [{ from: 'WY', to: 'CO', count: 5 }],
  funnel: [
    {
      step: 1,
      name: 'sessions',
      label: 'Widget sessions opened',
      visitors: 10,
      dropOffPercent: null,
    },
    { step: 2, name: 'date', label: 'Step 2: Date', visitors: 9, dropOffPercent: 10 },
    { step: 3, name: 'route', label: 'Step 3: Route', visitors: 6, dropOffPercent: 33.3 },
  ],
  companiesByState: [{ state: 'IL', name: 'Illinois', listed: 64, featured: 3 }],
  companiesByRating: [
    { band: '4.5 – 5.0', count: 40 },
    { band: 'Unrated', count: 24 },
  ],
};

function renderStatistics(path: string) {
  return renderAdminScreens(path, [{ path: 'statistics', Component: StatisticsPage }], (url) => {
    const parsed = new URL(url, 'http://admin.test');
    if (parsed.pathname === '/api/admin/leads/facets')
      return json(200, { partners: [{ siteId: 'demo-partner', name: 'Demo partner page' }] });
    if (parsed.pathname === '/api/admin/statistics') return json(200, STATS);
    return json(404, { error: 'not here' });
  });
}

describe('the statistics screen', () => {
  it('draws every chart, each with its figures', async () => {
    renderStatistics('/admin/statistics?from=2025-02-24&to=2025-03-16&granularity=week');
    const overTime = await screen.findByRole('img', { name: /Leads per week/ }, SLOW);
    expect(overTime.querySelectorAll('rect')).toHaveLength(3);
    for (const name of [
      /Leads by state/,
      /Leads by move size/,
      /Leads by partner/,
      /Top routes/,
      /Quote wizard funnel/,
      /Listed companies by state/,
      /Listed companies by rating/,
    ])
      expect(screen.getByRole('img', { name })).toBeInTheDocument();
    expect(screen.getByText('Conversion rate').nextElementSibling?.textContent).toBe('25%');
    // Each chart carries its figures for screen readers, and a table of them unfolds below it.
    const funnel = screen.getByRole('table', { name: 'Quote wizard funnel' });
    expect(within(funnel).getByRole('row', { name: 'Step 3: Route 6 33.3%' })).toBeInTheDocument();
    const funnelFigures = screen.getByRole('table', { name: 'Quote wizard funnel: figures' });
    expect(
      within(funnelFigures).getByRole('row', { name: 'Step 3: Route 6 33.3% 60%' }),
    ).toBeInTheDocument();
    const weeks = screen.getByRole('table', { name: 'Leads per week: figures' });
    expect(within(weeks).getByRole('row', { name: 'Week of Mar 10, 2025 5' })).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Leads by partner and page origin' }).textContent,
    ).toContain('http://localhost:4000');
  });

  it('asks the server for the chosen range, granularity and partner', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStatistics('/admin/statistics');
    await screen.findByRole('img', { name: /Leads per week/ }, SLOW);
    const form = screen.getByRole('form', { name: 'Statistics range' });
    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '2025-01-01');
    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '2025-06-30');
    await user.selectOptions(within(form).getByLabelText('Group by'), 'month');
    await waitFor(
      () =>
        expect(within(form).getByLabelText('Partner').querySelectorAll('option')).toHaveLength(2),
      SLOW,
    );
    await user.selectOptions(within(form).getByLabelText('Partner'), 'demo-partner');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(
      () =>
        expect(
          fetchMock.mock.calls
            .map(([url]) => String(url))
            .filter((u) => u.startsWith('/api/admin/statistics')),
        ).toContain(
          '/api/admin/statistics?from=2025-01-01&to=2025-06-30&granularity=month&siteId=demo-partner',
        ),
      SLOW,
    );
    const preset = screen.getByRole('link', { name: 'Last 7 days' }).getAttribute('href')!;
    expect(new URLSearchParams(preset.slice(1)).get('granularity')).toBe('day');
  });

  it('shows the dates of the range in use when the address names none', async () => {
    renderStatistics('/admin/statistics');
    await screen.findByRole('img', { name: /Leads per week/ }, SLOW);
    const form = screen.getByRole('form', { name: 'Statistics range' });
    // The server's default range, as its answer names it: not two empty date fields.
    expect(within(form).getByLabelText<HTMLInputElement>('From').value).toBe('2025-02-24');
    expect(within(form).getByLabelText<HTMLInputElement>('To').value).toBe('2025-03-16');
  });
});
