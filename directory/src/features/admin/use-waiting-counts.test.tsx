/**
 * The sidebar's counts of waiting work drop as soon as staff decide, not at the next minute's refresh: each
 * screen that decides (a claim, a lead return, a deletion request, opening a new message) is drawn inside the
 * admin layout against a fake server whose count falls with the decision.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import {
  CSRF_COOKIE,
  type AdminClaim,
  type AdminContactMessageDetail,
  type AdminDeletionRequest,
  type AdminLeadReturn,
  type AdminWaitingCounts,
} from '@moveratlas/contracts';
import { resetToasts } from '../../components/toast/toast-store';
import { AdminErrorBoundary, AdminRoute } from './admin-route';
import { callsTo, json, renderRoutes, type Api } from './test-support';
import { Component as ClaimsPage } from './claims/claims-page';
import { Component as LeadReturnsPage } from './lead-returns/lead-returns-page';
import { Component as DeletionRequestsPage } from './deletion-requests/deletion-requests-page';
import { Component as MessagePage } from './messages/message-page';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

/** One of each waiting; the screen's handler sets its own to 0 when staff decide. */
function fakeServer(
  screenApi: (path: string, init: RequestInit, waiting: AdminWaitingCounts) => Response | undefined,
): Api {
  const waiting: AdminWaitingCounts = {
    claims: 1,
    deletionRequests: 1,
    leadReturns: 1,
    messages: 1,
    reviewReports: 1,
  };
  return (url, init) => {
    const path = new URL(url, 'http://admin.test').pathname;
    if (path === '/api/auth/status')
      return json(200, { isAuthenticated: true, username: 'ops', role: 'editor' });
    if (path === '/api/admin/waiting') return json(200, { ...waiting });
    if (path === '/api/admin/alerts')
      return json(200, { alerts: [], checkedAt: '2026-11-28T06:00:00.000Z' });
    return screenApi(path, init, waiting) ?? json(404, { error: `No API endpoint ${path}` });
  };
}

const renderInLayout = (path: string, screens: RouteObject[], api: Api) =>
  renderRoutes(
    [
      {
        path: 'admin',
        Component: AdminRoute,
        children: [{ ErrorBoundary: AdminErrorBoundary, children: screens }],
      },
    ],
    path,
    { api },
  );

/** The sidebar's link of that exact name, once the layout (drawn after the session check) shows it. */
const sidebarLink = async (name: string) =>
  within(await screen.findByRole('navigation', { name: 'Admin sections' })).findByRole('link', {
    name,
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

const RETURN: AdminLeadReturn = {
  id: 12,
  status: 'requested',
  reason: 'wrong-phone',
  note: 'The number rings a pizzeria.',
  requestedBy: 'dispatch@swift.example',
  requestedAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  decisionNote: null,
  decidedBy: null,
  lead: {
    id: 41,
    publicId: 'MA-7K2Q9',
    name: 'Ana Lopez',
    receivedAt: '2026-11-25T08:15:00.000Z',
    qualityFlags: [],
  },
  company: { id: 7, name: 'Swift Movers' },
};

const DELETION: AdminDeletionRequest = {
  id: 9,
  email: 'ana@example.com',
  status: 'open',
  requestedAt: '2026-11-27T10:00:00.000Z',
  leadId: 41,
  leadPublicId: 'MA-7K2Q9',
  leadsFound: 3,
  handledAt: null,
  handledBy: null,
  leadsDeleted: null,
  mailsDeleted: null,
};

const MESSAGE: AdminContactMessageDetail = {
  message: {
    id: 9,
    publicId: 'Xy12Ab34Cd56Ef78',
    name: 'Dana Reyes',
    email: 'dana@example.com',
    topic: 'quotes',
    excerpt: 'I asked for quotes',
    status: 'new',
    assignee: null,
    receivedAt: '2026-11-26T15:00:00.000Z',
    message: 'I asked for quotes on Monday.',
    ipAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
  },
  events: [],
  admins: [{ id: 1, username: 'ops' }],
};

describe('the sidebar’s counts of waiting work', () => {
  it('drop at once when staff approve a claim', async () => {
    const user = userEvent.setup();
    let pending = true;
    const { fetchMock } = renderInLayout(
      '/admin/claims',
      [{ path: 'claims', Component: ClaimsPage }],
      fakeServer((path, init, waiting) => {
        if (path === '/api/admin/claims')
          return json(200, {
            items: pending ? [CLAIM] : [],
            total: pending ? 1 : 0,
            page: 1,
            limit: 20,
            pending: pending ? 1 : 0,
          });
        if (init.method === 'POST' && path === '/api/admin/claims/5/approve') {
          pending = false;
          waiting.claims = 0;
          return json(200, { claim: { ...CLAIM, status: 'approved' }, passwordLinkSent: true });
        }
        return undefined;
      }),
    );
    expect(await sidebarLink('Claims, 1 waiting')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: /Claim of Lone Star Haulers/ });
    await user.click(
      await within(card).findByRole('button', { name: 'Approve the claim of Lone Star Haulers' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: /Approve Sam Ortiz’s claim/ })).getByRole(
        'button',
        {
          name: 'Approve the claim',
        },
      ),
    );
    expect((await sidebarLink('Claims')).textContent).toBe('Claims');
    expect(callsTo(fetchMock, '/api/admin/waiting').length).toBeGreaterThanOrEqual(2);
  });

  it('drop at once when staff decide a lead return', async () => {
    const user = userEvent.setup();
    let requested = true;
    renderInLayout(
      '/admin/lead-returns',
      [{ path: 'lead-returns', Component: LeadReturnsPage }],
      fakeServer((path, init, waiting) => {
        if (path === '/api/admin/lead-returns')
          return json(200, {
            returns: requested ? [RETURN] : [],
            total: requested ? 1 : 0,
            waiting: requested ? 1 : 0,
          });
        if (init.method === 'POST' && path === '/api/admin/lead-returns/12/decision') {
          requested = false;
          waiting.leadReturns = 0;
          return json(200, {
            id: 12,
            status: 'accepted',
            reason: RETURN.reason,
            note: RETURN.note,
            requestedBy: RETURN.requestedBy,
            requestedAt: RETURN.requestedAt,
            decidedAt: '2026-11-28T09:00:00.000Z',
            decisionNote: 'The number is wrong.',
          });
        }
        return undefined;
      }),
    );
    expect(await sidebarLink('Lead returns, 1 waiting')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', {
      name: 'Return of lead MA-7K2Q9 by Swift Movers',
    });
    await user.type(
      await within(card).findByRole('textbox', { name: 'Reason the mover will read' }),
      'The number is wrong.',
    );
    await user.click(within(card).getByRole('button', { name: 'Accept return' }));
    expect((await sidebarLink('Lead returns')).textContent).toBe('Lead returns');
  });

  it('drop at once when staff fulfil a deletion request', async () => {
    const user = userEvent.setup();
    let open = true;
    renderInLayout(
      '/admin/deletion-requests',
      [{ path: 'deletion-requests', Component: DeletionRequestsPage }],
      fakeServer((path, init, waiting) => {
        if (path === '/api/admin/deletion-requests')
          return json(200, {
            requests: open ? [DELETION] : [],
            total: open ? 1 : 0,
            page: 1,
            pageSize: 25,
          });
        if (init.method === 'POST' && path === '/api/admin/deletion-requests/9/fulfil') {
          open = false;
          waiting.deletionRequests = 0;
          return json(200, {
            ...DELETION,
            status: 'done',
            email: 'a•••@example.com',
            handledAt: '2026-11-28T09:00:00.000Z',
            handledBy: 'ops',
            leadsDeleted: 3,
            mailsDeleted: 7,
          });
        }
        return undefined;
      }),
    );
    expect(await sidebarLink('Deletion requests, 1 waiting')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', {
      name: 'Deletion request from ana@example.com',
    });
    await user.click(
      await within(card).findByRole('button', { name: "Delete this person's data" }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete the data of ana@example.com?' })).getByRole(
        'button',
        {
          name: 'Delete their data',
        },
      ),
    );
    expect((await sidebarLink('Deletion requests')).textContent).toBe('Deletion requests');
  });

  it('drop at once when staff open a new message', async () => {
    let status: 'new' | 'open' = 'new';
    const { router } = renderInLayout(
      '/admin',
      [
        { index: true, element: <p>Dashboard screen</p> },
        { path: 'messages/:id', Component: MessagePage },
      ],
      fakeServer((path, init, waiting) => {
        if (init.method === 'POST' && path === '/api/admin/contact-messages/9/read') {
          status = 'open';
          waiting.messages = 0;
        }
        if (path.startsWith('/api/admin/contact-messages/9'))
          return json(200, { ...MESSAGE, message: { ...MESSAGE.message, status } });
        return undefined;
      }),
    );
    // Seen before the message is opened, so the drop below is the opening's doing.
    expect(await sidebarLink('Messages, 1 new')).toBeInTheDocument();
    await act(() => router.navigate('/admin/messages/9'));
    expect(await screen.findByRole('heading', { name: 'Dana Reyes' })).toBeInTheDocument();
    expect((await sidebarLink('Messages')).textContent).toBe('Messages');
  });
});
