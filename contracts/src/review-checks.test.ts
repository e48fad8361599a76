import { describe, expect, it } from 'vitest';
import {
  containsLink,
  maskContactDetails,
  MASKED_EMAIL,
  MASKED_PHONE,
  NEAR_DUPLICATE_SIMILARITY,
  reviewHoldReasonText,
  shingleSimilarity,
  wordShingles,
} from './review-checks';
import { reviewDraftProblems, REVIEW_FORM_MESSAGES, reviewTokenFrom } from './review-form';

describe('masking contact details in a review', () => {
  it.each([
    ['Call Bob at (512) 555-0142 for a deal.', `Call Bob at ${MASKED_PHONE} for a deal.`],
    ['Text 512.555.0142 now', `Text ${MASKED_PHONE} now`],
    ['Office: +1 312 867 5309.', `Office: ${MASKED_PHONE}.`],
    // Not a number any line has, but plainly meant as one.
    ['Ring 123-456-7890 anytime', `Ring ${MASKED_PHONE} anytime`],
    ['Write to jo.smith+move@example.co.uk.', `Write to ${MASKED_EMAIL}.`],
    [
      'Mail jo.5125550142@example.com or call 5125550142',
      `Mail ${MASKED_EMAIL} or call ${MASKED_PHONE}`,
    ],
  ])('%s', (typed, shown) => {
    expect(maskContactDetails(typed).text).toBe(shown);
  });

  it('counts what it masked and leaves prices, dates and USDOT numbers alone', () => {
    const plain =
      'They charged $1,450 on 11/29/26 - 12/1/26, USDOT 1234567, three men and a 26 ft truck.';
    expect(maskContactDetails(plain)).toEqual({ text: plain, phones: 0, emails: 0 });
    const both = maskContactDetails('a@b.com and (512) 555-0142');
    expect([both.phones, both.emails]).toEqual([1, 1]);
  });
});

describe('links in a review', () => {
  it.each([
    ['See https://cheap-movers.example/deal', true],
    ['visit www.cheapmovers.com today', true],
    ['book at cheapmovers.com!', true],
    ['They moved us from St. Louis to Austin. Great.', false],
    ['Mail me at jo@example.com', false],
  ])('%s', (text, found) => {
    expect(containsLink(text)).toBe(found);
  });
});

describe('near-duplicate text', () => {
  const base =
    'The crew arrived on time, wrapped every piece of furniture in blankets and finished two hours early ' +
    'with nothing broken. The price matched the written quote to the dollar and the office answered every call.';
  it('finds a copy with a word changed, and not a different review', () => {
    const copy = base.replace('two hours', 'three hours');
    expect(shingleSimilarity(wordShingles(base), wordShingles(copy))).toBeGreaterThanOrEqual(
      NEAR_DUPLICATE_SIMILARITY,
    );
    const other = 'Late by four hours, a scratched table, and a bill higher than the quote.';
    expect(shingleSimilarity(wordShingles(base), wordShingles(other))).toBeLessThan(0.2);
    expect(shingleSimilarity(wordShingles(base), wordShingles(base.toUpperCase()))).toBe(1);
  });

  it('names each reason in words', () => {
    expect(reviewHoldReasonText({ code: 'same-as-company-review', reviewId: 7 })).toBe(
      'Its text is nearly the same as another review of this mover (review 7).',
    );
    expect(reviewHoldReasonText({ code: 'link' })).toBe('It contains a link to a website.');
  });
});

describe('the review form’s rules', () => {
  it('names every missing or wrong field, and none for a good draft', () => {
    expect(reviewDraftProblems({ rating: null, title: ' ', text: 'short', hired: null })).toEqual({
      rating: REVIEW_FORM_MESSAGES.rating,
      title: REVIEW_FORM_MESSAGES.titleShort,
      text: REVIEW_FORM_MESSAGES.textShort,
      hired: REVIEW_FORM_MESSAGES.hired,
    });
    expect(
      reviewDraftProblems({
        rating: 5,
        title: 'Great',
        text: 'x'.repeat(20),
        hired: 'quote',
      }),
    ).toEqual({});
    expect(
      reviewDraftProblems({ rating: 5, title: 'Great', text: 'x'.repeat(5001), hired: 'yes' }),
    ).toEqual({ text: REVIEW_FORM_MESSAGES.textLong });
  });

  it('reads the link’s secret from the fragment only when whole', () => {
    expect(reviewTokenFrom(`#t=${'a'.repeat(43)}`)).toBe('a'.repeat(43));
    expect(reviewTokenFrom('#t=short')).toBeUndefined();
    expect(reviewTokenFrom('')).toBeUndefined();
  });
});
