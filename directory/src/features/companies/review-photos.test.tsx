/**
 * A published review's photos on the profile (issue 19): thumbnails are buttons named by the photo's caption or
 * "Photo n of m from Ada's review"; one opens the larger picture in a dialog titled with its place, the arrow
 * keys and Previous/Next go round them, and Close (or Escape) closes it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review, ReviewPhoto } from '@moveratlas/contracts';
import { ReviewPhotos } from './review-photos';

afterEach(cleanup);

const photo = (id: number, caption: string | null): ReviewPhoto => ({
  id,
  url: `/media/reviews/${id}-photo.webp`,
  thumbUrl: `/media/reviews/${id}-thumb.webp`,
  width: 1600,
  height: 1067,
  caption,
});

const REVIEW: Review = {
  id: 4,
  rating: 5,
  title: 'Careful crew',
  text: 'Nothing broken.',
  authorFirstName: 'Ada',
  date: '2026-11-29',
  photos: [photo(11, null), photo(12, 'The piano, wrapped'), photo(13, null)],
};

describe('a review’s photos', () => {
  it('shows nothing for a review without photos', () => {
    const { container } = render(<ReviewPhotos review={{ ...REVIEW, photos: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names each thumbnail by its caption or its place in the review', () => {
    render(<ReviewPhotos review={REVIEW} />);
    const list = screen.getByRole('list', { name: 'Photos from Ada’s review' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual([
      ['Photo 1 of 3 from Ada’s review', '/media/reviews/11-thumb.webp'],
      ['The piano, wrapped', '/media/reviews/12-thumb.webp'],
      ['Photo 3 of 3 from Ada’s review', '/media/reviews/13-thumb.webp'],
    ]);
    expect(
      within(list).getByRole('button', { name: /^The piano, wrapped\s*, view larger$/ }),
    ).toBeInTheDocument();
  });

  it('opens the larger photo from the keyboard, goes through them and closes', async () => {
    const user = userEvent.setup();
    render(<ReviewPhotos review={REVIEW} />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: /^The piano, wrapped/ })).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Photo 2 of 3 from Ada’s review' });
    expect(within(dialog).getByRole('img', { name: 'The piano, wrapped' })).toHaveAttribute(
      'src',
      '/media/reviews/12-photo.webp',
    );
    expect(
      within(dialog).getByText('The piano, wrapped', { selector: 'figcaption' }),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3 from Ada’s review' })).toBeVisible();
    // Round from the last to the first, and back.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 3 from Ada’s review' })).toBeVisible();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    const first = screen.getByRole('dialog', { name: 'Photo 1 of 3 from Ada’s review' });
    expect(within(first).getByRole('img')).toHaveAttribute('src', '/media/reviews/11-photo.webp');

    await user.click(within(first).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: /^Photo/ })).not.toBeInTheDocument();
  });
});
