/**
 * Staff moderating a review held by the checks (issue 19) on the Reviews screen: the review as its writer typed
 * it, what the public sees, why it was held and that it came from a request; Reject asks for the reason the
 * writer reads and sends it; Approve sends no reason.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReview, AdminReviewPage } from '@moveratlas/contracts';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../test-support';
import { Component } from './reviews-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HELD: AdminReview = {
  id: 77,
  companyId: 7,
  companyName: 'Acme Movers',
  companySlug: 'acme-movers',
  rating: 2,
  title: 'Call me instead',
  body: 'The office never called back, ring me on (512) 555-0142 and I will tell you all about it.',
  shownTitle: null,
  shownBody:
    'The office never called back, ring me on [phone number removed] and I will tell you all about it.',
  authorFirstName: 'Ada',
  reviewedOn: '2026-11-29',
  status: 'pending',
  moderatedBy: null,
  moderatedAt: null,
  verifiedRequestOn: '2026-11-20',
  hired: 'quote',
  heldReasons: ['It contained a phone number, which the public does not see.'],
  moderationReason: null,
};

/** One of the seed's generated reviews (issue 19): published, from no request. */
const SAMPLE: AdminReview = {
  ...HELD,
  id: 78,
  title: 'Smooth move across town',
  body: 'They wrapped everything and were done by noon.',
  shownBody: null,
  rating: 5,
  status: 'published',
  verifiedRequestOn: null,
  hired: null,
  heldReasons: [],
  isSample: true,
};

function open(others: AdminReview[] = []) {
  let current = { ...HELD };
  const { fetchMock } = renderAdminScreens(
    '/admin/companies/reviews',
    [{ path: 'companies/reviews', Component }],
    parsedUrl(async (url, init) => {
      if (url.pathname === '/api/admin/reviews') {
        const items = [current, ...others];
        const page: AdminReviewPage = { items, total: items.length, page: 1, limit: 20 };
        return json(200, page);
      }
      if (url.pathname === '/api/admin/reviews/77' && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as {
          status: AdminReview['status'];
          reason?: string;
        };
        current = { ...current, status: body.status, moderationReason: body.reason ?? null };
        return json(200, { review: current, company: { rating: null, reviewCount: 0 } });
      }
      return json(404, { error: `No API endpoint ${url.pathname}` });
    }),
  );
  return fetchMock;
}

const patches = (fetchMock: ReturnType<typeof open>) =>
  callsTo(fetchMock, '/api/admin/reviews/77').map((call) => JSON.parse(String(call.init.body)));

describe('a held review on the Reviews screen', () => {
  it('shows it as typed, what the public sees, why it was held and its request', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Reviews' });
    const item = within(list).getAllByRole('listitem')[0]!;
    expect(item).toHaveTextContent('ring me on (512) 555-0142');
    expect(item).toHaveTextContent('Held for you to read because:');
    expect(item).toHaveTextContent('It contained a phone number, which the public does not see.');
    expect(item).toHaveTextContent('From a request of 2026-11-20 · Hired: I only got a quote');
    expect(within(item).getByText('What the public sees')).toBeInTheDocument();
    expect(item).toHaveTextContent('ring me on [phone number removed]');
  });

  it('marks the sample data’s generated reviews as samples, and a customer’s not', async () => {
    open([SAMPLE]);
    const list = await screen.findByRole('list', { name: 'Reviews' });
    // The reviews, not the list of reasons inside the held one.
    const [held, sample] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(within(sample!).getByText('Sample')).toBeVisible();
    expect(sample).toHaveTextContent('Sample review, generated, not written by a customer');
    expect(within(held!).queryByText('Sample')).not.toBeInTheDocument();
  });

  it('rejects only with a reason, which it sends', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    await screen.findByRole('list', { name: 'Reviews' });
    await user.click(screen.getByRole('button', { name: 'Reject review "Call me instead"' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (the reviewer reads it)' });
    expect(reason).toHaveAccessibleDescription(
      'Say why the review is rejected: the reviewer reads it.',
    );
    expect(patches(fetchMock)).toEqual([]);
    await user.type(reason, 'Reviews are about the move, not a way to reach you.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    expect(await screen.findByText('Review rejected')).toBeVisible();
    expect(patches(fetchMock)).toEqual([
      { status: 'rejected', reason: 'Reviews are about the move, not a way to reach you.' },
    ]);
    expect(await screen.findByText(/Reason given: Reviews are about the move/)).toBeVisible();
  });

  it('approves without a reason', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    await screen.findByRole('list', { name: 'Reviews' });
    await user.click(screen.getByRole('button', { name: 'Approve review "Call me instead"' }));
    expect(await screen.findByText('Review published')).toBeVisible();
    expect(patches(fetchMock)).toEqual([{ status: 'published' }]);
  });
});
