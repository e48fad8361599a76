import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADMIN_API,
  DASHBOARD_DAYS,
  type AdminAlert,
  type AdminDashboard,
} from '@moveratlas/contracts';
import { json, renderAdminScreens, type Api } from '../test-support';
import { Component as DashboardPage } from './dashboard-page';

/** The machine may be busy: the lazily loaded toast region and the queries get a few seconds. */
// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function dashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 25 + i));
    return { date: date.toISOString().slice(0, 10), count: i === DASHBOARD_DAYS - 1 ? 4 : i % 3 };
  });
  return {
    generatedAt: '2026-11-23T06:40:00.000Z',
    leads: { today: 4, thisWeek: 9, thisMonth: 31, total: 1204 },
    leadsPerDay: days,
    byStatus: [
      { status: 'new', count: 800 },
      { status: 'contacted', count: 200 },
      { status: 'scheduled', count: 50 },
      { status: 'quoted', count: 100 },
      { status: 'converted', count: 44 },
      { status: 'lost', count: 10 },
    ],
    byState: [
      { state: 'IL', name: 'Illinois', count: 20 },
      { state: null, name: 'Not given or unknown', count: 2 },
    ],
    delivery: { delivered: 1190, pending: 3, retrying: 2, failed: 0, deadLetter: 9 },
    companies: { total: 2000, listed: 1950, featured: 120 },
    recentLeads: [
      {
        id: 31,
        publicId: 'K7Q2M9XH4D',
        createdAt: '2026-11-23T06:39:00.000Z',
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        phone: '3125550100',
        fromLocation: 'Chicago, IL',
        fromState: 'IL',
        toLocation: 'Denver, CO',
        toState: 'CO',
        moveSize: '4br',
        moveDate: '12/15/2026',
        siteId: 'moveratlas-directory',
        status: 'quoted',
        delivery: 'dead',
        qualityFlags: [],
      },
    ],
    ...overrides,
  };
}

/** The dashboard's own answers from `api`; the failures raised (GET /api/admin/alerts) from `alerts`. */
const renderDashboard = (api: Api, alerts: AdminAlert[] = []) =>
  renderAdminScreens('/admin', [{ index: true, Component: DashboardPage }], (url, init) =>
    url === ADMIN_API.alerts
      ? json(200, { alerts, checkedAt: '2026-11-23T06:40:00.000Z' })
      : api(url, init),
  );

const deadLetters: AdminAlert = {
  key: 'dead-jobs',
  kind: 'dead-jobs',
  title: '2 jobs gave up after their last attempt',
  detail: 'Dead letters wait for an admin to retry or cancel them: mail.send (2).',
  since: '2026-11-23T05:00:00.000Z',
  link: '/admin/jobs?status=dead',
  linkLabel: 'See the dead letters',
  fingerprint: '2:40',
};

describe('the dashboard', () => {
  it('shows the period counts, the charts, delivery health and recent leads', async () => {
    renderDashboard(() => json(200, dashboard()));
    const figures = await screen.findByRole('region', { name: 'Leads and companies' }, SLOW);
    const figure = (label: string) =>
      within(figures).getByText(label).nextElementSibling?.textContent;
    expect(figure('Leads today')).toBe('4');
    expect(figure('This week')).toBe('9');
    expect(figure('This month')).toBe('31');
    expect(figure('All leads')).toBe('1,204');
    expect(figure('Companies listed')).toBe('1,950');
    expect(figure('Featured companies')).toBe('120');

    const perDay = screen.getByRole('img', { name: /Leads per day, last 30 days/ });
    expect(perDay.querySelectorAll('rect')).toHaveLength(DASHBOARD_DAYS);
    // The chart's figures are in a table for screen readers: 30 days and a header row.
    const table = screen.getByRole('table', { name: 'Leads per day, last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(DASHBOARD_DAYS + 1);
    expect(within(table).getByRole('row', { name: 'Nov 23, 2026 4' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Leads by status/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Leads by state, last 30 days/ })).toBeInTheDocument();

    const health = screen.getByRole('region', { name: 'Lead delivery health' });
    expect(within(health).getByText('9 leads need attention')).toBeInTheDocument();
    expect(within(health).getByText('Dead letter').nextElementSibling?.textContent).toBe('9');
    expect(
      within(health)
        .getByRole('link', { name: 'See the leads whose delivery gave up' })
        .getAttribute('href'),
    ).toBe('/admin/leads?delivery=dead');

    const recent = screen.getByRole('region', { name: 'Recent leads' });
    expect(within(recent).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(
      '/admin/leads/31',
    );
    expect(within(recent).getByText('Quoted')).toBeInTheDocument();
  });

  it('says how many contact messages nobody has opened, with a link to them', async () => {
    renderDashboard((url) =>
      url === '/api/admin/contact-messages/counts' ? json(200, { new: 3 }) : json(200, dashboard()),
    );
    const messages = await screen.findByRole('region', { name: '3 new messages' }, SLOW);
    expect(
      within(messages).getByRole('link', { name: 'Read the new messages' }).getAttribute('href'),
    ).toBe('/admin/messages?status=new');
  });

  it('says when no contact message is waiting', async () => {
    renderDashboard((url) =>
      url === '/api/admin/contact-messages/counts' ? json(200, { new: 0 }) : json(200, dashboard()),
    );
    const messages = await screen.findByRole('region', { name: 'No new contact messages' }, SLOW);
    expect(
      within(messages).getByRole('link', { name: 'Open the inbox' }).getAttribute('href'),
    ).toBe('/admin/messages');
  });

  it('shows an empty state and a healthy outbox for a new site', async () => {
    renderDashboard(() =>
      json(
        200,
        dashboard({
          byState: [],
          recentLeads: [],
          delivery: { delivered: 0, pending: 0, retrying: 0, failed: 0, deadLetter: 0 },
        }),
      ),
    );
    expect(
      await screen.findByText('No quote requests have arrived yet.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('No leads in the last 30 days.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing waiting for an admin', {}, SLOW)).toBeInTheDocument();
  });

  it('says delivery is failing while leads are retried, never that nothing is waiting', async () => {
    renderDashboard(() =>
      json(
        200,
        dashboard({
          delivery: { delivered: 10, pending: 4, retrying: 3, failed: 0, deadLetter: 0 },
        }),
      ),
    );
    const health = await screen.findByRole('region', { name: 'Lead delivery health' }, SLOW);
    expect(
      within(health).getByText('Delivery is failing: 3 leads are being retried'),
    ).toBeInTheDocument();
    expect(
      within(health)
        .getByRole('link', { name: 'See the deliveries being retried' })
        .getAttribute('href'),
    ).toBe('/admin/jobs?status=queued&type=lead.forward');
    expect(within(health).queryByText('Nothing waiting for an admin')).toBeNull();
  });

  it('does not say nothing is waiting while another problem is raised', async () => {
    renderDashboard(
      () =>
        json(
          200,
          dashboard({
            delivery: { delivered: 10, pending: 0, retrying: 0, failed: 0, deadLetter: 0 },
          }),
        ),
      [deadLetters],
    );
    const health = await screen.findByRole('region', { name: 'Lead delivery health' }, SLOW);
    expect(
      await within(health).findByText('Leads are being delivered; other problems are listed above'),
    ).toBeInTheDocument();
    expect(within(health).queryByText('Nothing waiting for an admin')).toBeNull();
  });

  it('offers to try again when the dashboard cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    let fail = true;
    renderDashboard(() =>
      fail
        ? json(503, { error: 'The service is temporarily unavailable; please try again shortly' })
        : json(200, dashboard()),
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('The service is temporarily unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('region', { name: 'Lead delivery health' }, SLOW),
    ).toBeInTheDocument();
  });
});
