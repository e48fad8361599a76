/**
 * A held review's photos on the Reviews screen (issue 19): shown to staff with the caption as typed and what
 * the public reads, each opening the full photo; "Remove photo" asks for the reason the audit log keeps and
 * sends it, and the review is shown without the photo.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReview, AdminReviewPage, AdminReviewPhoto } from '@moveratlas/contracts';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../test-support';
import { Component } from './reviews-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const photo = (id: number, typedCaption: string | null, caption = typedCaption) =>
  ({
    id,
    url: `/api/admin/review-photos/${id}/photo`,
    thumbUrl: `/api/admin/review-photos/${id}/thumb`,
    width: 1600,
    height: 1067,
    caption,
    typedCaption,
  }) satisfies AdminReviewPhoto;

const HELD: AdminReview = {
  id: 88,
  companyId: 7,
  companyName: 'Acme Movers',
  companySlug: 'acme-movers',
  rating: 4,
  title: 'Good crew',
  body: 'They wrapped the piano twice and nothing was scratched on the way.',
  authorFirstName: 'Ada',
  reviewedOn: '2026-11-29',
  status: 'pending',
  moderatedBy: null,
  moderatedAt: null,
  heldReasons: ['It contained a phone number, which the public does not see.'],
  photos: [
    photo(31, 'Call the crew on 512 555 0142', 'Call the crew on [phone number removed]'),
    photo(32, null),
  ],
};

function open() {
  let current = { ...HELD };
  const { fetchMock } = renderAdminScreens(
    '/admin/companies/reviews',
    [{ path: 'companies/reviews', Component }],
    parsedUrl(async (url, init) => {
      if (url.pathname === '/api/admin/reviews') {
        const page: AdminReviewPage = { items: [current], total: 1, page: 1, limit: 20 };
        return json(200, page);
      }
      if (url.pathname === '/api/admin/review-photos/31/remove' && init.method === 'POST') {
        current = { ...current, photos: current.photos!.filter((p) => p.id !== 31) };
        return json(200, { review: current });
      }
      return json(404, { error: `No API endpoint ${url.pathname}` });
    }),
  );
  return fetchMock;
}

describe('a review’s photos on the Reviews screen', () => {
  it('shows each photo with its caption as typed and as the public reads it', async () => {
    open();
    const photos = await screen.findByRole('list', { name: 'Photos of review "Good crew"' });
    const links = within(photos).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/api/admin/review-photos/31/photo',
      '/api/admin/review-photos/32/photo',
    ]);
    expect(
      within(photos)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Call the crew on 512 555 0142', 'Photo 2 of 2 from Ada’s review']);
    expect(photos).toHaveTextContent('The public reads: Call the crew on [phone number removed]');
  });

  it('removes a photo only with a reason, which it sends', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    await screen.findByRole('list', { name: 'Photos of review "Good crew"' });
    await user.click(screen.getByRole('button', { name: 'Remove photo 1 of review "Good crew"' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(
      within(dialog).getByRole('textbox', { name: 'Reason (kept in the audit log)' }),
    ).toHaveAccessibleDescription('Say why the photo is removed, in a few words.');
    expect(callsTo(fetchMock, '/api/admin/review-photos/31/remove')).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (kept in the audit log)' }),
      'It shows a phone number.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Photo removed')).toBeVisible();
    expect(
      callsTo(fetchMock, '/api/admin/review-photos/31/remove').map((c) =>
        JSON.parse(String(c.init.body)),
      ),
    ).toEqual([{ reason: 'It shows a phone number.' }]);
    const photos = await screen.findByRole('list', { name: 'Photos of review "Good crew"' });
    await vi.waitFor(() =>
      expect(
        within(photos)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual(['/api/admin/review-photos/32/thumb']),
    );
  });
});
