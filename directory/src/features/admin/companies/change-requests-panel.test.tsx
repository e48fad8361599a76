/**
 * A company's changes waiting for review on its admin page, as staff use it: the asked-for values beside the
 * current ones; approve after confirming; decline only with a reason, which is sent; nothing at all when no
 * change waits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminChangeRequest, AdminChangeRequestPage } from '@moveratlas/contracts';
import { json, renderWithQueries } from '../test-support';
import { ChangeRequestsPanel } from './change-requests-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REQUEST: AdminChangeRequest = {
  id: 9,
  companyId: 7,
  companyName: 'Hill Country Movers',
  companySlug: 'hill-country-movers',
  status: 'pending',
  changes: { name: 'Hill Country Moving Co', usdot_number: '7654321' },
  before: { name: 'Hill Country Movers', usdot_number: '1234567', mc_number: null },
  requestedBy: 'Dana Owner',
  createdAt: '2026-11-27T12:00:00.000Z',
  decidedAt: null,
  decisionNote: null,
  decidedBy: null,
};

const page = (items: AdminChangeRequest[]): AdminChangeRequestPage => ({
  items,
  total: items.length,
  page: 1,
  limit: 25,
  pending: items.length,
});

function answer(items: AdminChangeRequest[]) {
  const calls: Array<{ method: string; path: string; body?: unknown }> = [];
  let pending = items;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://admin.test');
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path: `${url.pathname}${url.search}`,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (method === 'POST') {
        pending = [];
        return json(200, {
          ...REQUEST,
          status: url.pathname.endsWith('approve') ? 'approved' : 'declined',
        });
      }
      if (url.pathname === '/api/admin/company-change-requests') return json(200, page(pending));
      return json(404, { error: `No API endpoint ${url.pathname}` });
    }),
  );
  renderWithQueries(<ChangeRequestsPanel companyId={7} />);
  return calls;
}

describe('the changes waiting for review on a company’s admin page', () => {
  it('shows what is asked beside what the listing has, and approves it after confirming', async () => {
    const user = userEvent.setup();
    const calls = answer([REQUEST]);
    const panel = await screen.findByRole('region', { name: 'Changes waiting for review' });
    expect(calls[0]!.path).toBe('/api/admin/company-change-requests?companyId=7&status=pending');
    expect(within(panel).getByText('Company name').nextSibling).toHaveTextContent(
      'Hill Country Movers →changes to Hill Country Moving Co',
    );
    expect(within(panel).getByText('USDOT number').nextSibling).toHaveTextContent(
      '1234567 →changes to 7654321',
    );
    await user.click(within(panel).getByRole('button', { name: 'Approve change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve change' }));
    // Decided: the queue is read again and the panel goes away.
    await vi.waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/company-change-requests/9/approve',
    ]);
  });

  it('declines only with a reason, and sends it', async () => {
    const user = userEvent.setup();
    const calls = answer([REQUEST]);
    await user.click(await screen.findByRole('button', { name: 'Decline…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline change' }));
    expect(
      await within(dialog).findByText('Say why the change is declined, in a few words'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'USDOT 7654321 is another carrier',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline change' }));
    await vi.waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/company-change-requests/9/decline',
      body: { reason: 'USDOT 7654321 is another carrier' },
    });
  });

  it('shows nothing while no change waits', async () => {
    const calls = answer([]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
