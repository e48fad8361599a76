import { describe, expect, it } from 'vitest';
import { canonicalPagePath } from './site-paths';

describe('canonicalPagePath: one address per page', () => {
  it.each([
    ['/', '/'],
    ['/states/texas', '/states/texas'],
    ['/States/Texas/', '/states/texas'],
    ['//states/texas', '/states/texas'],
    ['/states//texas///', '/states/texas'],
    ['/states/TX', '/states/texas'],
    ['/moving-companies/illinois', '/states/illinois'],
    ['/Moving-Companies/TX/Fort%20Worth/', '/states/texas/fort-worth'],
    ['/moving-companies/New%20York/new-york', '/states/new-york/new-york'],
    ['/FAQ', '/faq'],
    ['/Company/Acme-Movers', '/company/acme-movers'],
    ['/about-us', '/about'],
    ['/About-Us/', '/about'],
    ['/moving-companies', '/moving-companies'],
    ['/Moving-Companies/', '/moving-companies'],
  ])('%s → %s', (path, canonical) => {
    expect(canonicalPagePath(path)).toBe(canonical);
  });

  it('leaves an unknown state as written (its page answers 404), and longer paths alone', () => {
    expect(canonicalPagePath('/states/atlantis')).toBe('/states/atlantis');
    expect(canonicalPagePath('/moving-companies/atlantis/x')).toBe('/moving-companies/atlantis/x');
    expect(canonicalPagePath('/moving-companies/illinois/chicago/7')).toBe(
      '/moving-companies/illinois/chicago/7',
    );
  });
});
