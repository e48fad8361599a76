/**
 * Staff moderating movers' replies to reviews (issue 17) on the Reviews screen's Replies tab: the waiting
 * replies with the review each answers; Approve publishes one; Reject asks for the reason the company reads.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReviewReply, AdminReviewReplyPage } from '@moveratlas/contracts';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../test-support';
import { Component } from './reviews-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REPLY: AdminReviewReply = {
  id: 41,
  status: 'pending',
  body: 'Thank you, we loved moving your piano.',
  rejectReason: null,
  createdAt: '2026-11-26T09:30:00.000Z',
  moderatedBy: null,
  moderatedAt: null,
  author: { id: 3, name: 'Olive Owner', email: 'olive@acme.example' },
  company: { id: 7, name: 'Acme Movers', slug: 'acme-movers' },
  review: {
    id: 900,
    rating: 5,
    title: 'Piano arrived safe',
    body: 'Not a scratch.',
    authorFirstName: 'Dana',
    date: '2026-11-20',
  },
};

function open() {
  let current = { ...REPLY };
  const { fetchMock } = renderAdminScreens(
    '/admin/companies/reviews?tab=replies',
    [{ path: 'companies/reviews', Component }],
    parsedUrl(async (url, init) => {
      if (url.pathname === '/api/admin/review-replies') {
        const status = url.searchParams.get('status');
        const items = status && status !== current.status ? [] : [current];
        const page: AdminReviewReplyPage = { items, total: items.length, page: 1, limit: 20 };
        return json(200, page);
      }
      if (url.pathname === '/api/admin/review-replies/41' && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as {
          status: 'published' | 'rejected';
          reason?: string;
        };
        current = { ...current, status: body.status, rejectReason: body.reason ?? null };
        return json(200, current);
      }
      return json(404, { error: `No API endpoint ${url.pathname}` });
    }),
  );
  return fetchMock;
}

const patches = (fetchMock: ReturnType<typeof open>) =>
  callsTo(fetchMock, '/api/admin/review-replies/41').map((call) =>
    JSON.parse(String(call.init.body)),
  );

describe('the Replies tab of the Reviews screen', () => {
  it('lists the waiting replies with their reviews, and approves one', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    const item = await screen.findByRole('article', {
      name: 'Reply of Acme Movers to the review "Piano arrived safe"',
    });
    expect(screen.getByRole('link', { name: 'Replies from companies' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('pending');
    expect(item).toHaveTextContent('Not a scratch.');
    expect(item).toHaveTextContent('Thank you, we loved moving your piano.');
    expect(item).toHaveTextContent('Sent by Olive Owner (olive@acme.example)');
    expect(within(item).getByRole('link', { name: 'the review on its page' })).toHaveAttribute(
      'href',
      '/company/acme-movers#review-900',
    );
    await user.click(
      within(item).getByRole('button', {
        name: 'Publish the reply of Acme Movers to "Piano arrived safe"',
      }),
    );
    expect(await screen.findByText('Reply published')).toBeVisible();
    expect(patches(fetchMock)).toEqual([{ status: 'published' }]);
    expect(await screen.findByText('No replies are waiting for review.')).toBeVisible();
  });

  it('rejects a reply only with a reason', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    const item = await screen.findByRole('article', { name: /Reply of Acme Movers/ });
    await user.click(within(item).getByRole('button', { name: /^Reject the reply/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this reply?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject reply' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (the company reads it)' });
    expect(reason).toHaveAccessibleDescription(
      'Say why the reply is rejected: the company reads it.',
    );
    expect(patches(fetchMock)).toEqual([]);
    await user.type(reason, 'Please leave out the phone number.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject reply' }));
    expect(await screen.findByText('Reply rejected')).toBeVisible();
    expect(patches(fetchMock)).toEqual([
      { status: 'rejected', reason: 'Please leave out the phone number.' },
    ]);
  });
});
