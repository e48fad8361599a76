/**
 * The admin's Claims queue as staff use it: a claim with what the claimant sent beside the listing's USDOT
 * number and its document; Approve asks first, then says the owner was e-mailed; Decline needs the reason
 * the claimant will read, and sends it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminClaim, AdminClaimPage } from '@moveratlas/contracts';
import { callsTo, json, renderAdminScreens } from '../test-support';
import { Component } from './claims-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLAIM: AdminClaim = {
  id: 5,
  status: 'pending',
  company: {
    id: 7,
    slug: 'lone-star-haulers-austin-tx',
    name: 'Lone Star Haulers',
    city: 'Austin',
    state: 'TX',
    claimed: false,
  },
  name: 'Sam Ortiz',
  email: 'sam@example.com',
  phone: '5125550199',
  role: 'owner',
  usdotNumber: '7654321',
  listingUsdotNumber: '1234567',
  message: 'We bought the company in 2024.',
  document: { name: 'licence.pdf', type: 'application/pdf', bytes: 2048 },
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  declineReason: null,
};

function render() {
  let pending = true;
  const page = (): AdminClaimPage => ({
    items: pending ? [CLAIM] : [],
    total: pending ? 1 : 0,
    page: 1,
    limit: 20,
    pending: pending ? 1 : 0,
  });
  const { fetchMock } = renderAdminScreens(
    '/admin/claims',
    [{ path: 'claims', Component }],
    (url, init) => {
      const path = new URL(url, 'http://admin.test').pathname;
      if (path === '/api/auth/status')
        return json(200, { isAuthenticated: true, username: 'ops', role: 'editor' });
      if (path === '/api/admin/claims') return json(200, page());
      if (init.method === 'POST' && path.startsWith('/api/admin/claims/5/')) {
        pending = false;
        const approved = path.endsWith('/approve');
        return json(200, {
          claim: { ...CLAIM, status: approved ? 'approved' : 'declined' },
          ...(approved ? { passwordLinkSent: true } : {}),
        });
      }
      return json(404, { error: `No API endpoint ${path}` });
    },
  );
  return fetchMock;
}

describe('the Claims queue', () => {
  it('shows a claim with the listing’s USDOT number beside the claimant’s, and its document', async () => {
    render();
    const card = await screen.findByRole('listitem', {
      name: 'Claim of Lone Star Haulers by Sam Ortiz',
    });
    expect(card).toHaveTextContent('7654321 — the listing says 1234567');
    expect(card).toHaveTextContent('Sam Ortiz (Owner)');
    expect(within(card).getByRole('link', { name: 'Download licence.pdf' })).toHaveAttribute(
      'href',
      '/api/admin/claims/5/document',
    );
    expect(screen.getByRole('link', { name: 'Pending (1)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('approves after asking, and says the owner was e-mailed', async () => {
    const user = userEvent.setup();
    const fetchMock = render();
    const card = await screen.findByRole('listitem', { name: /Claim of Lone Star Haulers/ });
    await user.click(
      await within(card).findByRole('button', { name: 'Approve the claim of Lone Star Haulers' }),
    );
    const dialog = screen.getByRole('dialog', { name: /Approve Sam Ortiz’s claim/ });
    expect(dialog).toHaveTextContent('sam@example.com becomes an owner of the company');
    await user.click(within(dialog).getByRole('button', { name: 'Approve the claim' }));
    expect(
      await screen.findByText('Claim approved: the owner was e-mailed a link to choose a password'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/claims/5/approve')).toHaveLength(1);
    expect(await screen.findByText('No claims are waiting.')).toBeInTheDocument();
  });

  it('needs the reason the claimant will read before declining, and sends it', async () => {
    const user = userEvent.setup();
    const fetchMock = render();
    const card = await screen.findByRole('listitem', { name: /Claim of Lone Star Haulers/ });
    await user.click(
      await within(card).findByRole('button', { name: 'Decline the claim of Lone Star Haulers' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Decline Sam Ortiz’s claim?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline the claim' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      'Write the reason the claimant will read (at least 5 characters).',
    );
    expect(callsTo(fetchMock, '/api/admin/claims/5/decline')).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('Reason'),
      'The USDOT number is another company’s.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline the claim' }));
    expect(
      await screen.findByText('Claim declined: the claimant was e-mailed the reason'),
    ).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/api/admin/claims/5/decline');
    expect(JSON.parse(call!.init.body as string)).toEqual({
      reason: 'The USDOT number is another company’s.',
    });
  });
});
