import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { StarRating } from './star-rating';

afterEach(cleanup);

const stars = () =>
  [...document.querySelectorAll('[data-star]')].map((s) => s.getAttribute('data-star'));

describe('StarRating', () => {
  it.each([
    [4.5, ['full', 'full', 'full', 'full', 'half']],
    [4.49, ['full', 'full', 'full', 'full', 'empty']],
    [3, ['full', 'full', 'full', 'empty', 'empty']],
    [0.5, ['half', 'empty', 'empty', 'empty', 'empty']],
    [5, ['full', 'full', 'full', 'full', 'full']],
  ])('draws %s as floor full stars, a half from .5 and the rest empty', (rating, expected) => {
    render(<StarRating rating={rating} />);
    expect(stars()).toEqual(expected);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      `Rated ${rating.toFixed(1)} out of 5`,
    );
  });

  it('says when a company is not rated yet and shows the review count', () => {
    render(<StarRating rating={null} />);
    expect(screen.getByText('Not yet rated')).toBeInTheDocument();
    cleanup();
    render(<StarRating rating={4} reviewCount={1} />);
    expect(screen.getByText('(1 review)')).toBeInTheDocument();
  });
});
