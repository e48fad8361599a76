/**
 * Staff deciding on reports of reviews (issue 19) on the Reviews screen's Reports tab: the open reports with
 * their reviews, reasons and reporters; Dismiss and Uphold each ask for a reason before anything is sent; the
 * decided report leaves the open list and the sidebar's count is asked again; a viewer sees no decisions.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReviewReport, AdminReviewReportPage } from '@moveratlas/contracts';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../test-support';
import { Component } from './reviews-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VISITORS: AdminReviewReport = {
  id: 7,
  source: 'visitor',
  reason: 'fake',
  details: 'They never moved anyone on that street.',
  reporterEmail: 'neighbour@example.com',
  reporter: null,
  repeats: 2,
  status: 'open',
  staffReason: null,
  resolvedBy: null,
  resolvedAt: null,
  createdAt: '2026-12-01T09:30:00.000Z',
  company: { id: 3, name: 'Acme Movers', slug: 'acme-movers' },
  review: {
    id: 900,
    rating: 1,
    title: 'Worst move ever',
    body: 'They broke everything.',
    authorFirstName: 'Dana',
    date: '2026-11-20',
    status: 'published',
  },
};

const COMPANYS: AdminReviewReport = {
  ...VISITORS,
  id: 8,
  source: 'company',
  reason: 'offensive',
  details: '',
  reporterEmail: null,
  reporter: { id: 5, name: 'Olive Owner', email: 'olive@acme.example' },
  repeats: 0,
  review: { ...VISITORS.review, id: 901, title: 'Rude words' },
};

function open({ role = 'editor' }: { role?: string } = {}) {
  let reports = [VISITORS, COMPANYS];
  const { fetchMock } = renderAdminScreens(
    '/admin/companies/reviews?tab=reports',
    [{ path: 'companies/reviews', Component }],
    parsedUrl(async (url, init) => {
      if (url.pathname === '/api/auth/status')
        return json(200, { isAuthenticated: true, username: 'ops', role });
      if (url.pathname === '/api/admin/waiting')
        return json(200, {
          claims: 0,
          deletionRequests: 0,
          leadReturns: 0,
          messages: 0,
          reviewReports: reports.filter((r) => r.status === 'open').length,
        });
      if (url.pathname === '/api/admin/review-reports') {
        const status = url.searchParams.get('status') ?? 'open';
        const items = reports.filter((r) => status === 'all' || r.status === status);
        const page: AdminReviewReportPage = {
          items,
          total: items.length,
          page: 1,
          limit: 20,
          open: reports.filter((r) => r.status === 'open').length,
        };
        return json(200, page);
      }
      const decision = /^\/api\/admin\/review-reports\/(\d+)\/decision$/.exec(url.pathname);
      if (decision && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { decision: string; reason: string };
        const id = Number(decision[1]);
        reports = reports.map((r) =>
          r.id === id
            ? {
                ...r,
                status: body.decision === 'dismiss' ? 'dismissed' : 'upheld',
                staffReason: body.reason,
                resolvedBy: 'ops',
                resolvedAt: '2026-12-01T10:00:00.000Z',
              }
            : r,
        );
        return json(200, { report: reports.find((r) => r.id === id) });
      }
      return json(404, { error: `No API endpoint ${url.pathname}` });
    }),
  );
  return fetchMock;
}

const decisions = (fetchMock: ReturnType<typeof open>, id: number) =>
  callsTo(fetchMock, `/api/admin/review-reports/${id}/decision`).map((call) =>
    JSON.parse(String(call.init.body)),
  );

const item = (title: string) =>
  screen.findByRole('article', { name: `Report of the review "${title}"` });

describe('the Reports tab of the Reviews screen', () => {
  it('lists the open reports with the review, the reason and who reported it', async () => {
    open();
    const visitors = await item('Worst move ever');
    expect(screen.getByRole('link', { name: /^Reports/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('open');
    expect(visitors).toHaveTextContent('Fake, or not written by a real customer');
    expect(visitors).toHaveTextContent('They never moved anyone on that street.');
    expect(visitors).toHaveTextContent('A visitor (neighbour@example.com)');
    expect(visitors).toHaveTextContent('and 2 more times by visitors within a day');
    expect(visitors).toHaveTextContent('They broke everything.');
    expect(within(visitors).getByRole('link', { name: 'the review on its page' })).toHaveAttribute(
      'href',
      '/company/acme-movers#review-900',
    );
    const company = await item('Rude words');
    expect(company).toHaveTextContent('Offensive or hateful');
    expect(company).toHaveTextContent('Acme Movers: Olive Owner (olive@acme.example)');
    // The tab says how many wait, once the sidebar's counts are in.
    expect(await screen.findByRole('link', { name: 'Reports (2 open)' })).toBeInTheDocument();
  });

  it('dismisses a report only with a reason, and it leaves the open list', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    const visitors = await item('Worst move ever');
    await user.click(
      within(visitors).getByRole('button', { name: 'Dismiss the report of "Worst move ever"' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this report?' });
    expect(dialog).toHaveTextContent('The review stays on the company’s page.');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(reason).toHaveAccessibleDescription('Say why you decide so: the audit log keeps it.');
    expect(decisions(fetchMock, 7)).toEqual([]);
    await user.type(reason, 'A harsh but real account of the move.');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));
    expect(await screen.findByText('Report dismissed')).toBeVisible();
    expect(decisions(fetchMock, 7)).toEqual([
      { decision: 'dismiss', reason: 'A harsh but real account of the move.' },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Report of the review "Worst move ever"' }),
      ).not.toBeInTheDocument(),
    );
    // The sidebar's count is asked again at once.
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/waiting').length).toBeGreaterThan(1));
    expect(await screen.findByRole('link', { name: 'Reports (1 open)' })).toBeInTheDocument();
  });

  it('upholds a report with a reason, hiding the review', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    const company = await item('Rude words');
    await user.click(
      within(company).getByRole('button', {
        name: 'Uphold the report of "Rude words" and hide the review',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Uphold this report and hide the review?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Reason/ }),
      'Slurs about the crew.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hide the review' }));
    expect(await screen.findByText('Report upheld')).toBeVisible();
    expect(decisions(fetchMock, 8)).toEqual([
      { decision: 'uphold', reason: 'Slurs about the crew.' },
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'upheld');
    const upheld = await item('Rude words');
    expect(upheld).toHaveTextContent('Upheld by ops');
    expect(upheld).toHaveTextContent('Slurs about the crew.');
    expect(within(upheld).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers a viewer no decisions', async () => {
    open({ role: 'viewer' });
    const visitors = await item('Worst move ever');
    await waitFor(() =>
      expect(within(visitors).queryByRole('button', { name: /^Dismiss/ })).not.toBeInTheDocument(),
    );
    expect(within(visitors).queryByRole('button', { name: /^Uphold/ })).not.toBeInTheDocument();
  });
});
