import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { TEST_MAJOR_CITIES, TEST_STATES } from '../../test/fixtures';
import { testCompany } from '../../test/companies';
import { HomeView } from './home-page';

afterEach(cleanup);

/** The guide as the server renders it from directory/content/pages/home-moving-guide.md (checked there). */
const GUIDE = {
  title: 'How to Plan a Move Without the Stress',
  html: '<p>Our <a href="/blog/complete-moving-checklist">complete moving checklist</a> breaks those weeks into small tasks.</p><h3>Check the mover before you book</h3><p>The <a href="/blog/interstate-moving-regulations">interstate moving regulations</a> guide explains your rights.</p>',
};

const renderHome = () =>
  renderWithRouter(<HomeView states={TEST_STATES} majorCities={TEST_MAJOR_CITIES} guide={GUIDE} />);
const section = (name: string | RegExp) => screen.getByRole('region', { name });
const hrefOf = (container: HTMLElement, name: string | RegExp) =>
  within(container).getByRole('link', { name }).getAttribute('href');

describe('HomeView', () => {
  it('renders the sections of spec 2.2 in order', () => {
    renderHome();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Search movers by city, state, ZIP code or company name',
      'Moving Services',
      'Browse Movers by State',
      'Movers in Major Cities',
      'Why Choose Our Directory',
      'Moving Tips & Advice',
      'How to Plan a Move Without the Stress',
      'For Moving Companies',
    ]);
    const statistics = section('Directory statistics');
    const services = section('Moving Services');
    expect(statistics.compareDocumentPosition(services) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // The map and featured sections need their loader data (tested in their own files).
    expect(screen.queryByRole('heading', { name: 'Featured Moving Companies' })).toBeNull();
  });

  it('places the map and featured companies after the major cities when their data is there', () => {
    renderWithRouter(
      <HomeView
        states={TEST_STATES}
        majorCities={TEST_MAJOR_CITIES}
        featured={[testCompany({ isFeatured: true })]}
        featuredTotal={120}
        usMap={{ width: 800, height: 600, states: [] }}
        averageRating={4.26}
        guide={GUIDE}
      />,
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(3, 6)).toEqual([
      'Movers in Major Cities',
      'Find Movers on the Map',
      'Featured Moving Companies',
    ]);
    const featured = section('Featured Moving Companies');
    expect(within(featured).getAllByRole('article')).toHaveLength(1);
    expect(hrefOf(featured, 'See all 120 featured movers')).toBe('/moving-companies?featured=true');
    expect(screen.getByText('4.3/5')).toBeInTheDocument();
    const blog = section('Moving Tips & Advice');
    expect(
      within(blog)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(
      expect.arrayContaining([
        '/blog',
        '/blog/packing-tips-for-moving',
        '/blog/moving-cost-guide',
        '/blog/choosing-right-moving-company',
      ]),
    );
    const guide = section('How to Plan a Move Without the Stress');
    expect(hrefOf(guide, 'complete moving checklist')).toBe('/blog/complete-moving-checklist');
    expect(hrefOf(guide, 'interstate moving regulations')).toBe(
      '/blog/interstate-moving-regulations',
    );
    const promo = section('For Moving Companies');
    expect(hrefOf(promo, 'Claim Your Listing')).toBe('/search');
    expect(hrefOf(promo, 'List Your Moving Company')).toBe('/list-your-company');
    expect(hrefOf(promo, 'Sign in to your dashboard')).toBe('/pro/login');
    // The dashboard preview is a drawing, captioned as one; its contents are hidden from screen readers.
    const preview = within(promo).getByRole('figure', {
      name: 'Preview of the company dashboard: an illustration, not live data',
    });
    expect(preview.querySelector('[aria-hidden="true"]')?.textContent).toContain('Preview');
    expect(within(preview).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('opens with the heading and its three links', () => {
    renderHome();
    const intro = section('Find Trusted Moving Companies Across the United States');
    expect(within(intro).getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(hrefOf(intro, 'Moving Cost Calculator')).toBe('/calculator');
    expect(hrefOf(intro, 'Company Directory')).toBe('/moving-companies');
    expect(hrefOf(intro, 'Get Free Quotes')).toBe('/get-quotes');
  });

  it('searches with a GET to /search?q= and links the five major cities', () => {
    renderHome();
    const hero = section('Search movers by city, state, ZIP code or company name');
    const form = within(hero).getByRole('search') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(
      within(form)
        .getByRole('combobox', { name: 'City, state, ZIP code or company name' })
        .getAttribute('name'),
    ).toBe('q');
    const cities = within(
      within(hero).getByRole('navigation', { name: 'Popular cities' }),
    ).getAllByRole('link');
    expect(cities.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['New York Movers', '/states/new-york/new-york'],
      ['Los Angeles Movers', '/states/california/los-angeles'],
      ['Chicago Movers', '/states/illinois/chicago'],
      ['Houston Movers', '/states/texas/houston'],
      ['Phoenix Movers', '/states/arizona/phoenix'],
    ]);
  });

  const statPairs = () =>
    Array.from(section('Directory statistics').querySelectorAll('dt')).map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);

  it('shows only figures the database backs: companies, states, reviews and the average rating', () => {
    renderWithRouter(
      <HomeView
        states={TEST_STATES}
        majorCities={TEST_MAJOR_CITIES}
        averageRating={4.26}
        reviewCount={15_210}
      />,
    );
    expect(statPairs()).toEqual([
      ['Moving Companies', '3,120'],
      ['States Covered', '4'],
      ['Customer Reviews', '15,210'],
      ['Average Rating', '4.3/5'],
    ]);
    // Issue 15: a marketing figure nothing backs is not shown.
    expect(section('Directory statistics').textContent).not.toContain('1M+');
  });

  it('leaves the average rating out when the directory does not know it, never inventing one', () => {
    renderHome();
    expect(statPairs().map(([label]) => label)).not.toContain('Average Rating');
    expect(section('Directory statistics').textContent).not.toMatch(/\d\.\d\/5/);
  });

  it('links the four service cards', () => {
    renderHome();
    const services = section('Moving Services');
    const links = within(services)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/services/local-moving',
      '/services/long-distance-moving',
      '/services/commercial-moving',
      '/services/packing-storage',
    ]);
    expect(
      within(services).getByRole('heading', { name: 'Packing & Storage' }),
    ).toBeInTheDocument();
  });

  it('groups every state by region with its count and links the map', () => {
    renderHome();
    const browse = section('Browse Movers by State');
    const regions = within(browse)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(regions).toEqual(['Northeast', 'Midwest', 'South', 'West']);
    expect(within(browse).getAllByRole('listitem')).toHaveLength(51);
    expect(hrefOf(browse, 'View Interactive Map')).toBe('#us-map');
    const illinois = within(browse).getByRole('link', { name: /^Illinois movers/ });
    expect(illinois.getAttribute('href')).toBe('/states/illinois');
    expect(illinois.textContent).toContain('640');
    const midwest = within(browse).getByRole('region', { name: 'Midwest' });
    expect(within(midwest).getByText('12 states · 640 companies')).toBeInTheDocument();
  });

  it('lists the major cities with their counts', () => {
    renderHome();
    const cities = section('Movers in Major Cities');
    const chicago = within(cities).getByRole('link', { name: /Chicago, IL/ });
    expect(chicago.getAttribute('href')).toBe('/states/illinois/chicago');
    expect(chicago.textContent).toContain('64 moving companies');
  });

  it('explains why to choose the directory', () => {
    renderHome();
    const why = section('Why Choose Our Directory');
    expect(
      within(why)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Verified Companies', 'Compare Quotes', 'Read Reviews']);
  });

  it('writes the head: title, description, canonical, robots, geo tags and JSON-LD', () => {
    renderHome();
    expect(document.title).toBe('Compare Moving Companies & Get Free Quotes | MoverAtlas');
    const meta = (selector: string) =>
      document.head.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[name="description"]')).toMatch(/^Compare 3,120 moving companies/);
    expect(meta('meta[name="robots"]')).toBe('index, follow');
    expect(meta('meta[name="geo.region"]')).toBe('US');
    expect(meta('meta[name="geo.placename"]')).toBe('United States');
    expect(meta('meta[property="og:url"]')).toBe('https://movers.test/');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://movers.test/',
    );
    const jsonLd = Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
      (s) =>
        JSON.parse(s.textContent ?? '') as {
          '@type': string;
          potentialAction?: { target: { urlTemplate: string } };
        },
    );
    expect(jsonLd.map((d) => d['@type'])).toEqual(['Organization', 'WebSite', 'WebPage']);
    expect(jsonLd[1]?.potentialAction?.target.urlTemplate).toBe(
      'https://movers.test/search?q={search_term_string}',
    );
  });
});
