import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { SiteHeader } from './site-header';

afterEach(cleanup);

const aboutButton = () => screen.getByRole('button', { name: 'About' });
const aboutList = () => document.getElementById(aboutButton().getAttribute('aria-controls')!)!;
/** Closed lists are hidden by a class (the no-script styles must be able to show them). */
const isHidden = (element: HTMLElement) => /(^|\s)hidden(\s|$)/.test(element.className);

describe('SiteHeader', () => {
  it('links the main destinations', () => {
    renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('Find Movers')).toBe('/moving-companies');
    expect(href('Blog')).toBe('/blog');
    expect(href('Moving Guides')).toBe('/guides');
    expect(href('Cost Calculator')).toBe('/calculator');
    expect(href('Admin')).toBe('/admin');
    expect(href('Get Free Quotes')).toBe('/get-quotes');
    expect(screen.getByRole('link', { name: 'MoverAtlas' }).getAttribute('href')).toBe('/');
  });

  it('opens and closes the About menu with its button', () => {
    renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
    expect(isHidden(aboutList())).toBe(true);

    fireEvent.click(aboutButton());
    expect(aboutButton().getAttribute('aria-expanded')).toBe('true');
    expect(isHidden(aboutList())).toBe(false);
    const items = within(aboutList()).getAllByRole('link');
    expect(items.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['About Us', '/about'],
      ['FAQ', '/faq'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
    ]);

    fireEvent.click(aboutButton());
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
    expect(isHidden(aboutList())).toBe(true);
  });

  it('is keyboard operable: ArrowDown opens and focuses, arrows move, Escape closes and returns focus', () => {
    renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    aboutButton().focus();
    fireEvent.keyDown(aboutButton(), { key: 'ArrowDown' });
    expect(aboutButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('About Us');

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('FAQ');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Terms of Service');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('About Us');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Terms of Service');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(aboutButton());
  });

  it('closes the About menu on a click elsewhere and when focus leaves it', () => {
    renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    fireEvent.click(aboutButton());
    fireEvent.pointerDown(document.body);
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(aboutButton());
    const admin = screen.getByRole('link', { name: 'Admin' });
    fireEvent.blur(aboutButton(), { relatedTarget: admin });
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the About menu when one of its links is followed', async () => {
    const { router } = renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    fireEvent.click(aboutButton());
    await act(async () => {
      fireEvent.click(within(aboutList()).getByRole('link', { name: 'FAQ' }));
    });
    expect(router.state.location.pathname).toBe('/faq');
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('collapses the navigation behind a Menu button on small screens', () => {
    renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(nav.getAttribute('aria-label')).toBe('Main');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav.className).toMatch(/(^|\s)hidden(\s|$)/);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).not.toMatch(/(^|\s)hidden(\s|$)/);

    fireEvent.keyDown(within(nav).getByRole('link', { name: 'Blog' }), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
