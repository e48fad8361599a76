/** The structured-data checks on reviews and ratings (issue 19): what they accept, and what they name missing. */
import { describe, expect, it } from 'vitest';
import { checkStructuredData } from './structured-data';

const COMPANY_ID = 'https://moveratlas.example/company/prairie-movers#company';

const review = (overrides: Record<string, unknown> = {}) => ({
  '@type': 'Review',
  itemReviewed: { '@type': 'MovingCompany', '@id': COMPANY_ID, name: 'Prairie Movers' },
  author: { '@type': 'Person', name: 'Ann' },
  datePublished: '2026-01-02',
  reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
  ...overrides,
});

const company = (extra: Record<string, unknown>) =>
  JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'MovingCompany',
    '@id': COMPANY_ID,
    name: 'Prairie Movers',
    address: { '@type': 'PostalAddress', addressLocality: 'Chicago', addressCountry: 'US' },
    ...extra,
  });

describe('structured data of reviews', () => {
  it('accepts a company with its rating and complete reviews', () => {
    const result = checkStructuredData([
      company({
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
        review: [review(), review({ reviewRating: { '@type': 'Rating', ratingValue: '1' } })],
      }),
    ]);
    expect(result).toEqual({ types: ['MovingCompany'], invalid: [], incomplete: [] });
  });

  it('names a review without what it reviews, its writer, its date or its stars', () => {
    const result = checkStructuredData([
      company({
        review: [
          review(),
          review({ itemReviewed: undefined, author: undefined }),
          review({ datePublished: '', reviewRating: undefined }),
          review({ itemReviewed: {}, author: { '@type': 'Person' } }),
        ],
      }),
    ]);
    expect(result.incomplete).toEqual([
      'Review (review 2 of MovingCompany) (block 1) lacks itemReviewed, author',
      'Review (review 3 of MovingCompany) (block 1) lacks datePublished, reviewRating',
      'Review (review 4 of MovingCompany) (block 1) lacks an itemReviewed with a name or @id, an author with a name',
    ]);
  });

  it('names a rating off its scale and an aggregate without a count or, standing alone, without its item', () => {
    const result = checkStructuredData([
      company({
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.2, reviewCount: 0 },
        review: [review({ reviewRating: { '@type': 'Rating', ratingValue: 6 } })],
      }),
      JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'AggregateRating',
        ratingValue: 4,
        ratingCount: 3,
      }),
      JSON.stringify({ '@context': 'https://schema.org', ...review({ itemReviewed: undefined }) }),
    ]);
    expect(result.incomplete).toEqual([
      'AggregateRating (aggregateRating of MovingCompany) (block 1) lacks reviewCount or ratingCount',
      'Rating (reviewRating of Review) (block 1) lacks a ratingValue from 1 to 5',
      'AggregateRating (block 2) lacks itemReviewed',
      'Review (block 3) lacks itemReviewed',
    ]);
  });
});
