import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithRouter } from '../test/render-with-router';
import { testCompany } from '../test/companies';
import { companyPath, mergeCompanies } from '../lib/companies';
import { CompanyCard, enterDelayClass } from './company-card';

afterEach(cleanup);

describe('CompanyCard', () => {
  it('shows the name, at most three service badges, the stars and both buttons', () => {
    renderWithRouter(<CompanyCard company={testCompany()} />);
    const card = screen.getByRole('article', { name: 'Prairie Movers' });
    const badges = within(within(card).getByRole('list', { name: 'Services' })).getAllByRole(
      'listitem',
    );
    expect(badges.map((b) => b.textContent)).toEqual([
      'Local Moving',
      'Long Distance Moving',
      'Packing Services',
    ]);
    expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(
      within(card)
        .getByRole('link', { name: 'View Profile of Prairie Movers' })
        .getAttribute('href'),
    ).toBe('/company/prairie-movers');
    expect(
      within(card)
        .getByRole('link', { name: 'Get Quote from Prairie Movers' })
        .getAttribute('href'),
    ).toBe('/get-quotes?company=prairie-movers');
  });

  it.each(['/api/logout', '/api/admin/database/backup', '/images/x.php', '//evil.example/a.png'])(
    'never draws a stored logo path that is not a picture (%s): the placeholder instead',
    (logo) => {
      renderWithRouter(<CompanyCard company={testCompany({ id: 7, logo })} />);
      const img = screen.getByRole('img', { name: 'Prairie Movers logo' });
      expect(img.getAttribute('src')).toBe('/images/logos/placeholder-8.svg');
    },
  );

  it("falls back to the 'Moving Services' badge", () => {
    renderWithRouter(<CompanyCard company={testCompany({ services: [] })} />);
    expect(screen.getByRole('list', { name: 'Services' }).textContent).toBe('Moving Services');
  });

  it('replaces a logo that fails to load once with one of the 20 placeholders', () => {
    renderWithRouter(<CompanyCard company={testCompany({ logo: '/images/logos/broken.png' })} />);
    const logo = screen.getByRole('img', { name: 'Prairie Movers logo' });
    // A failed image load is the browser's event, not a user's: user-event has no equivalent.
    fireEvent.error(logo);
    const first = logo.getAttribute('src');
    expect(first).toMatch(/^\/images\/logos\/placeholder-([1-9]|1\d|20)\.svg$/);
    fireEvent.error(logo);
    expect(logo.getAttribute('src')).toBe(first);
  });

  it('delays each card 100 ms more, capped at 1000 ms, by class (no inline style)', () => {
    expect(enterDelayClass(0)).toBe('card-enter-delay-0');
    expect(enterDelayClass(3)).toBe('card-enter-delay-3');
    expect(enterDelayClass(25)).toBe('card-enter-delay-10');
    renderWithRouter(<CompanyCard company={testCompany()} index={4} />);
    const card = screen.getByRole('article');
    expect(card.className).toContain('card-enter-delay-4');
    expect(card.getAttribute('style')).toBeNull();
  });
});

describe('the card’s licensing badge (issue 20)', () => {
  it.each([
    [
      { badge: 'checked', checkedOn: '2026-11-01' },
      'FMCSA checked Nov 1, 2026',
      'Licensing: FMCSA checked Nov 1, 2026, no red flags — see the profile',
      'border-emerald-300',
    ],
    [
      { badge: 'red-flag', checkedOn: '2026-11-01' },
      'Red flag',
      'Licensing: Red flag in FMCSA’s public files — see the profile',
      'border-red-300',
    ],
    [
      { badge: 'red-flag', checkedOn: null },
      'Red flag',
      'Licensing: Red flag in FMCSA’s public files — see the profile',
      'border-red-300',
    ],
    [
      { badge: 'not-verified', checkedOn: null },
      'Not verified',
      'Licensing: Not verified against FMCSA’s public files — see the profile for why',
      'border-slate-300',
    ],
  ] as const)(
    'shows %o as “%s”, explained to screen readers',
    (licensing, shown, spoken, border) => {
      renderWithRouter(<CompanyCard company={testCompany({ licensing })} />);
      const card = screen.getByRole('article', { name: 'Prairie Movers' });
      const badge = within(card).getByText(shown, { exact: false, selector: 'span' });
      // What a sighted visitor reads (the words, not only the colour), and what a screen reader says.
      const visible = [...badge.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains('sr-only')))
        .map((node) => node.textContent)
        .join('');
      expect(visible).toBe(shown);
      expect(badge.textContent).toBe(spoken);
      expect(badge.className).toContain(border);
      expect(badge.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    },
  );

  it('draws no badge where the list did not send one', () => {
    renderWithRouter(<CompanyCard company={testCompany()} />);
    const card = screen.getByRole('article', { name: 'Prairie Movers' });
    expect(card.textContent).not.toMatch(/Licensing|FMCSA|Red flag|Not verified/);
  });
});

describe('companyPath', () => {
  it('links the slug, else the company under its city, else its id', () => {
    expect(companyPath(testCompany())).toBe('/company/prairie-movers');
    expect(companyPath(testCompany({ slug: '', id: 7 }))).toBe(
      '/moving-companies/illinois/chicago/7',
    );
    expect(companyPath({ id: 9, slug: '', city: null, state: null })).toBe('/company/9');
  });
});

describe('mergeCompanies', () => {
  it('drops incomplete companies, keeps each id once, featured first', () => {
    const a = testCompany({ id: 1, name: 'A' });
    const b = testCompany({ id: 2, name: 'B', isFeatured: true });
    const c = testCompany({ id: 3, name: 'C' });
    const noCity = { ...testCompany({ id: 4 }), city: { name: '', slug: '' } };
    const merged = mergeCompanies([c], [a, b, noCity], [a, c]);
    expect(merged.map((m) => m.id)).toEqual([3, 2, 1]);
  });
});
