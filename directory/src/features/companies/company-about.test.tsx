/** The About section of a profile: the opening hours a mover gave, each day in words, and none when none. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { CompanyProfile } from '@moveratlas/contracts';
import { testCompany, testLicensing } from '../../test/companies';
import { renderWithRouter } from '../../test/render-with-router';
import { CompanyAbout } from './company-profile-sections';

afterEach(cleanup);

const profile = (hours: CompanyProfile['hours']): CompanyProfile => ({
  ...testCompany({ id: 1, name: 'Bayou City Movers', slug: 'bayou-city-movers' }),
  licensingDetails: testLicensing(),
  reviews: [],
  ratingDistribution: [],
  hours,
});

describe('the profile’s About section', () => {
  it('lists the week’s opening hours, closed days included', () => {
    renderWithRouter(
      <CompanyAbout
        company={profile({
          mon: { open: '08:00', close: '17:30' },
          tue: { open: '08:00', close: '17:30' },
          wed: { open: '08:00', close: '17:30' },
          thu: { open: '08:00', close: '17:30' },
          fri: { open: '08:00', close: '16:00' },
          sat: { open: '09:00', close: '12:00' },
          sun: null,
        })}
        description="Movers."
      />,
    );
    const heading = screen.getByRole('heading', { name: 'Opening hours' });
    const rows = within(heading.parentElement!)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`);
    expect(rows).toEqual([
      'Monday: 8:00 AM – 5:30 PM',
      'Tuesday: 8:00 AM – 5:30 PM',
      'Wednesday: 8:00 AM – 5:30 PM',
      'Thursday: 8:00 AM – 5:30 PM',
      'Friday: 8:00 AM – 4:00 PM',
      'Saturday: 9:00 AM – 12:00 PM',
      'Sunday: Closed',
    ]);
  });

  it('has no hours section when the company gave none', () => {
    renderWithRouter(<CompanyAbout company={profile(null)} description="Movers." />);
    expect(screen.queryByRole('heading', { name: 'Opening hours' })).not.toBeInTheDocument();
  });
});
