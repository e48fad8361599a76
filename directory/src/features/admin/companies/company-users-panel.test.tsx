/**
 * The Claim and users panel of a company's admin page: claim status, the company's users with their role,
 * status and last sign-in; Suspend asks first (with an optional reason) and sends it; a failure with Try again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCompanyUsers } from '@moveratlas/contracts';
import { json, renderRoutes } from '../test-support';
import { CompanyUsersPanel } from './company-users-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USERS: AdminCompanyUsers = {
  claimedAt: '2026-11-20T15:00:00.000Z',
  users: [
    {
      id: 3,
      name: 'Rosa Diaz',
      email: 'rosa@example.com',
      role: 'owner',
      status: 'active',
      suspendedReason: null,
      lastLoginAt: '2026-11-26T09:30:00.000Z',
      addedAt: '2026-11-20T15:00:00.000Z',
    },
    {
      id: 4,
      name: 'Ann Lee',
      email: 'ann@example.com',
      role: 'staff',
      status: 'suspended',
      suspendedReason: 'Left the company',
      lastLoginAt: null,
      addedAt: '2026-11-21T15:00:00.000Z',
    },
  ],
};

function answer(list: () => Response) {
  const { fetchMock } = renderRoutes(
    [{ path: '*', element: <CompanyUsersPanel companyId={7} /> }],
    '/admin/companies/7',
    {
      api: (url, init) => {
        const path = new URL(url, 'http://admin.test').pathname;
        if (path === '/api/auth/status')
          return json(200, { isAuthenticated: true, username: 'ops', role: 'editor' });
        if (path === '/api/admin/companies/7/users' && !init.method) return list();
        if (path === '/api/admin/claims') {
          const query = new URL(url, 'http://admin.test').searchParams;
          const mine = query.get('companyId') === '7' && query.get('status') === 'pending';
          return json(200, { items: [], total: mine ? 1 : 0, page: 1, limit: 1, pending: 1 });
        }
        if (path === '/api/admin/companies/7/users/3' && init.method === 'PATCH')
          return json(200, { ...USERS.users[0], status: 'suspended' });
        return json(404, { error: `No API endpoint ${path}` });
      },
    },
  );
  return fetchMock;
}

describe('the Claim and users panel', () => {
  it('shows the claim, each user with role, status and last sign-in, and the waiting claims', async () => {
    answer(() => json(200, USERS));
    const panel = await screen.findByRole('region', { name: 'Claim and users' });
    expect(await within(panel).findByText('Claimed')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: '1 claim is waiting' })).toHaveAttribute(
      'href',
      '/admin/claims',
    );
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Rosa Diazrosa@example\.comOwnerActive.+Suspend$/),
      'Ann Leeann@example.comStaffSuspendedLeft the companyNeverRestore',
    ]);
  });

  it('asks before suspending, then sends the reason', async () => {
    const user = userEvent.setup();
    const fetchMock = answer(() => json(200, USERS));
    await user.click(await screen.findByRole('button', { name: 'Suspend Rosa Diaz' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Rosa Diaz?' });
    expect(dialog).toHaveTextContent('They are signed out at once');
    await user.type(
      within(dialog).getByLabelText('Reason (optional, for staff)'),
      'Sold the company',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('User suspended and signed out')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(patch![1]!.body as string)).toEqual({
      status: 'suspended',
      reason: 'Sold the company',
    });
  });

  it('says when the users cannot be read, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    answer(() =>
      fail
        ? json(500, { error: 'Database down' })
        : json(200, { ...USERS, claimedAt: null, users: [] }),
    );
    const retry = await screen.findByRole('button', { name: /Try again/ }, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No one can sign in for this company.')).toBeInTheDocument();
    expect(screen.getByText(/Nobody has claimed this listing yet/)).toBeInTheDocument();
  });
});
