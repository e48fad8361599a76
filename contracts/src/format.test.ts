import { describe, expect, it } from 'vitest';
import {
  formatMoveDate,
  formatPhone,
  pageTitle,
  fittingTitle,
  companyPageTitle,
  slugify,
  starBreakdown,
  truncateDescription,
} from './format';

describe('formatPhone (spec 5: phone display)', () => {
  it.each([
    ['3125550100', '(312) 555-0100'],
    ['13125550100', '(312) 555-0100'],
    ['(312) 555-0100', '(312) 555-0100'],
    ['312.555.0100', '(312) 555-0100'],
    ['+1 312 555 0100', '(312) 555-0100'],
    ['23125550100', '23125550100'],
    ['555-0100', '555-0100'],
    ['', ''],
  ])('%s → %s', (input, expected) => expect(formatPhone(input)).toBe(expected));
});

describe('formatMoveDate (spec 5: MM/DD/YYYY to the backend)', () => {
  it.each([
    ['12/01/2026', '12/01/2026'],
    ['2026-12-01', '12/01/2026'],
    ['2026-02-28', '02/28/2026'],
  ])('%s → %s', (input, expected) => expect(formatMoveDate(input)).toBe(expected));

  it.each(['not a date', '2026-02-30', '13/45/2026x'])('sends %s empty and reports it', (input) => {
    const invalid: string[] = [];
    expect(formatMoveDate(input, (v) => invalid.push(v))).toBe('');
    expect(invalid).toEqual([input]);
  });
});

describe('truncateDescription (spec 9: SEO descriptions)', () => {
  it('keeps 160 characters and cuts 161 to 157 plus an ellipsis', () => {
    expect(truncateDescription('a'.repeat(160))).toBe('a'.repeat(160));
    expect(truncateDescription('a'.repeat(161))).toBe(`${'a'.repeat(157)}...`);
    expect(truncateDescription('a'.repeat(161))).toHaveLength(160);
  });

  it('cuts at the end of a word, never inside one, and leaves no comma or dash before the ellipsis', () => {
    const text = `${'Licensed movers in Chicago, '.repeat(5)}with reviews from customers and free quotes.`;
    const cut = truncateDescription(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toBe(
      'Licensed movers in Chicago, Licensed movers in Chicago, Licensed movers in Chicago, Licensed movers in Chicago, Licensed movers in Chicago, with reviews from...',
    );
    // 157 characters end after "x,": a whole word, whose comma goes.
    expect(truncateDescription(`${'word '.repeat(31)}x, and more to come here`)).toBe(
      `${'word '.repeat(31)}x...`,
    );
    // One word longer than the room for it is cut where the limit falls.
    expect(truncateDescription('a'.repeat(300))).toBe(`${'a'.repeat(157)}...`);
  });
});

describe('starBreakdown (spec 9: star display)', () => {
  it.each([
    [4.5, { full: 4, half: 1, empty: 0 }],
    [4.49, { full: 4, half: 0, empty: 1 }],
    [3, { full: 3, half: 0, empty: 2 }],
    [0.5, { full: 0, half: 1, empty: 4 }],
    [5, { full: 5, half: 0, empty: 0 }],
    [0, { full: 0, half: 0, empty: 5 }],
  ])('%s stars', (rating, expected) => expect(starBreakdown(rating)).toEqual(expected));
});

describe('slugify and titles', () => {
  it.each([
    ['New York', 'new-york'],
    ['St. Louis', 'st-louis'],
    ['Coeur d’Alene', 'coeur-d-alene'],
    ['Española', 'espanola'],
    ['Smith & Sons Moving', 'smith-and-sons-moving'],
  ])('%s → %s', (input, expected) => expect(slugify(input)).toBe(expected));

  it('titles read "Page | Site"', () => {
    expect(pageTitle('FAQ', 'MoverAtlas')).toBe('FAQ | MoverAtlas');
    expect(pageTitle('', 'MoverAtlas')).toBe('MoverAtlas');
    // Too long for search results: the subtitle goes, the pattern stays.
    expect(
      pageTitle(
        'Interstate Moving Regulations: Your Rights When You Move Across State Lines',
        'MoverAtlas',
      ),
    ).toBe('Interstate Moving Regulations | MoverAtlas');
    expect(pageTitle('Moving to a New State: Checklist', 'MoverAtlas')).toBe(
      'Moving to a New State: Checklist | MoverAtlas',
    );
    expect(pageTitle('Moving Companies in Texas – Page 2', 'MoverAtlas')).toBe(
      'Moving Companies in Texas – Page 2 | MoverAtlas',
    );
  });

  it('picks the most descriptive title that fits in 60 characters', () => {
    const company = (name: string, city: string, stateAbbreviation = 'IN') =>
      companyPageTitle({ name, city, stateAbbreviation }, 'MoverAtlas');
    expect(company('Ace Movers', 'Austin', 'TX')).toBe('Ace Movers – Movers in Austin, TX');
    expect(company('Ridge Moving & Storage', 'Newtonsville', 'OH')).toBe(
      'Ridge Moving & Storage – Newtonsville, OH',
    );
    // Two companies of one name in different cities keep different titles.
    expect(company('Three Friends Hauling and Moving', 'Los Angeles', 'CA')).toBe(
      'Three Friends Hauling and Moving – Los Angeles',
    );
    expect(company('Greater Indianapolis Moving and Storage', 'Indianapolis')).toBe(
      'Greater Indianapolis Moving and Storage',
    );
    // None fits: the last, shortest one.
    expect(fittingTitle(['A'.repeat(70), 'B'.repeat(50)], 'MoverAtlas')).toBe('B'.repeat(50));
  });
});
