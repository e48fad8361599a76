import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProOverview } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { json, renderProScreens } from '../leads/test-support';
import { Component as OverviewPage } from './overview-page';

// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const days = Array.from({ length: 30 }, (_, i) => {
  const d = new Date(Date.UTC(2026, 9, 29 + i));
  return d.toISOString().slice(0, 10);
});
const months = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2025, 11 + i, 1)).toISOString().slice(0, 7),
);
const zero = { view: 0, quote_click: 0, phone_click: 0, website_click: 0 };

function overview(overrides: Partial<ProOverview> = {}): ProOverview {
  return {
    companyId: 7,
    today: '2026-11-27',
    leads: {
      thisWeek: 4,
      thisMonth: 19,
      weekStart: '2026-11-23',
      monthStart: '2026-11-01',
      total: 240,
      byStatus: { new: 12, contacted: 30, quoted: 40, booked: 58, lost: 100 },
      byDay: days.map((day, i) => ({ day, count: i === 29 ? 3 : 1 })),
    },
    activity: {
      from: days[0]!,
      to: days[29]!,
      totals: { view: 1234, quote_click: 56, phone_click: 7, website_click: 8 },
      byDay: days.map((day, i) => ({
        day,
        counts: i === 29 ? { view: 34, quote_click: 5, phone_click: 1, website_click: 0 } : zero,
      })),
    },
    reviews: {
      rating: 4.6,
      reviewCount: 88,
      byMonth: months.map((month, i) => ({
        month,
        newReviews: i === 11 ? 3 : 1,
        reviewCount: 75 + i + (i === 11 ? 2 : 0),
        rating: 4.5,
      })),
    },
    ...overrides,
  };
}

function renderOverview(answer: () => Response) {
  return renderProScreens(
    '/pro/companies/7/overview',
    [{ path: 'overview', Component: OverviewPage }],
    (url) => (url.pathname === '/api/pro/companies/7/overview' ? answer() : json(404, {})),
  );
}

describe("the mover's overview", () => {
  it('shows the lead, profile and review figures as tiles, charts and tables', async () => {
    const user = userEvent.setup();
    renderOverview(() => json(200, overview()));
    const leads = await screen.findByRole('region', { name: 'Leads' }, SLOW);
    const tile = (region: HTMLElement, label: string) =>
      within(region).getByText(label, { selector: 'dt' }).closest('div')!;
    expect(tile(leads, 'This week')).toHaveTextContent('4');
    expect(tile(leads, 'This month')).toHaveTextContent('19');
    expect(tile(leads, 'Waiting for you')).toHaveTextContent('12');
    expect(within(leads).getByRole('link', { name: 'Open the inbox' })).toHaveAttribute(
      'href',
      '/pro/companies/7/leads',
    );
    expect(within(leads).getByRole('img', { name: /Leads per day/ })).toBeInTheDocument();

    const profile = screen.getByRole('region', { name: 'Your profile' });
    expect(tile(profile, 'Profile views')).toHaveTextContent('1,234');
    expect(tile(profile, 'Get Quote clicks')).toHaveTextContent('56');
    // The chart shows one kind at a time; its figures are all in the table.
    await user.click(within(profile).getByRole('radio', { name: 'Phone clicks' }));
    expect(within(profile).getByRole('img', { name: /Phone clicks per day/ })).toBeInTheDocument();
    await user.click(within(profile).getAllByText('Show the figures')[0]!);
    const table = within(profile).getByRole('table', {
      name: 'Profile activity per day, newest first',
    });
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['34', '5', '1', '0']);

    const reviews = screen.getByRole('region', { name: 'Rating and reviews' });
    expect(tile(reviews, 'Rating')).toHaveTextContent('4.6');
    expect(tile(reviews, 'Reviews')).toHaveTextContent('88');
    expect(
      within(reviews).getByRole('img', { name: /Rating at the end of each month/ }),
    ).toBeInTheDocument();
  });

  it('says so when there is nothing to count yet', async () => {
    renderOverview(() =>
      json(
        200,
        overview({
          leads: {
            ...overview().leads,
            thisWeek: 0,
            thisMonth: 0,
            total: 0,
            byStatus: { new: 0, contacted: 0, quoted: 0, booked: 0, lost: 0 },
            byDay: days.map((day) => ({ day, count: 0 })),
          },
          activity: {
            ...overview().activity,
            totals: zero,
            byDay: days.map((day) => ({ day, counts: zero })),
          },
          reviews: {
            rating: null,
            reviewCount: 0,
            byMonth: months.map((month) => ({
              month,
              newReviews: 0,
              reviewCount: 0,
              rating: null,
            })),
          },
        }),
      ),
    );
    expect(await screen.findByText(/No leads yet\./, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/Nobody has viewed your profile/)).toBeInTheDocument();
    expect(screen.getByText('No published reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows why the overview could not load', async () => {
    renderOverview(() => json(500, { error: 'The database is busy' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Could not load your overview.',
    );
  });
});
