import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResults } from '@moveratlas/contracts';
import { renderWithRouter } from '../test/render-with-router';
import { SearchCombobox } from './search-combobox';

afterEach(cleanup);

const RESULTS: SearchResults = {
  query: 'chi',
  companies: [
    {
      id: 5,
      name: 'Chicago Haulers',
      slug: 'chicago-haulers',
      city: 'Chicago',
      state: 'IL',
      rating: 4.2,
      reviewCount: 10,
    },
  ],
  cities: [
    {
      name: 'Chicago',
      slug: 'chicago',
      state: { name: 'Illinois', slug: 'illinois', abbreviation: 'IL' },
      companyCount: 64,
    },
  ],
  states: [],
  zips: [],
  totals: { companies: 1, cities: 1, states: 0, zips: 0 },
};

function setup() {
  const user = userEvent.setup();
  const fetchSuggestions = vi.fn(async (_q: string, _signal: AbortSignal) => RESULTS);
  const view = renderWithRouter(
    <SearchCombobox label="Search movers" fetchSuggestions={fetchSuggestions} />,
  );
  const input = screen.getByRole('combobox', { name: 'Search movers' });
  return { ...view, user, input, fetchSuggestions };
}

describe('SearchCombobox', () => {
  it('is a plain GET form to /search with q', () => {
    const { input } = setup();
    const form = screen.getByRole('search') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(input.getAttribute('name')).toBe('q');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('suggests after a pause in typing, once per pause', async () => {
    const { user, input, fetchSuggestions } = setup();
    await user.type(input, 'chi');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(fetchSuggestions).toHaveBeenCalledTimes(1);
    expect(fetchSuggestions.mock.calls[0]![0]).toBe('chi');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Chicago, ILCity · 64 movers',
      'Chicago HaulersCompany · Chicago, IL',
    ]);
  });

  it('moves with the arrows, opens the active option with Enter and closes with Escape', async () => {
    const { user, input, router } = setup();
    await user.type(input, 'chi');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = input.getAttribute('aria-activedescendant')!;
    expect(document.getElementById(active)?.textContent).toContain('Chicago Haulers');
    expect(document.getElementById(active)?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/states/illinois/chicago'));
  });
});
