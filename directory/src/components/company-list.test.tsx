/**
 * The company list's "Licensed for interstate moves" filter (issue 20): a box in the GET form, ticked as the
 * address says, explained under it, and an empty list that says in words why nothing is shown.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testCompany } from '../test/companies';
import { renderWithRouter } from '../test/render-with-router';
import type { ListParams } from '../lib/listing';
import { CompanyList, LICENSED_HELP } from './company-list';

afterEach(cleanup);

function list(params: Partial<ListParams>, total: number) {
  renderWithRouter(
    <CompanyList
      path="/moving-companies"
      params={{ page: 1, sort: 'featured', ...params }}
      companies={
        total === 0
          ? []
          : [testCompany({ licensing: { badge: 'checked', checkedOn: '2026-11-01' } })]
      }
      total={total}
      headingId="companies-heading"
      heading="All Movers"
    />,
  );
  return screen.getByRole('form', { name: 'Filter companies' });
}

describe('the “Licensed for interstate moves” filter', () => {
  it('is a box of the GET form, explained, unticked without the filter', () => {
    const form = list({}, 1);
    const box = screen.getByRole('checkbox', { name: 'Licensed for interstate moves' });
    expect(form).toContainElement(box);
    expect(form).toHaveAttribute('method', 'get');
    expect(box).toHaveAttribute('name', 'licensed');
    expect(box).toHaveAttribute('value', 'interstate');
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(LICENSED_HELP);
    expect(screen.getByText(LICENSED_HELP)).toBeVisible();
    expect(screen.getByText('Showing 1–1 of 1 companies')).toBeVisible();
  });

  it('is ticked when the address has it, and an empty list says in words that no mover holds that authority', () => {
    list({ licensed: 'interstate' }, 0);
    expect(screen.getByRole('checkbox', { name: 'Licensed for interstate moves' })).toBeChecked();
    expect(
      screen.getByText(
        'No companies match these filters: none of them has active interstate for-hire authority in FMCSA’s files. Untick “Licensed for interstate moves” to see every mover.',
      ),
    ).toBeVisible();
  });

  it('keeps the plain empty message for other filters', () => {
    list({ featured: true }, 0);
    expect(screen.getByText('No companies match these filters.')).toBeVisible();
  });
});
