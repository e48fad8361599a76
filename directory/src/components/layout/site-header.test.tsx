import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { SiteHeader } from './site-header';

afterEach(cleanup);

const aboutButton = () => screen.getByRole('button', { name: 'About' });
const aboutList = () => document.getElementById(aboutButton().getAttribute('aria-controls')!)!;
/** Closed lists are hidden by a class (the no-script styles must be able to show them). */
const isHidden = (element: HTMLElement) => /(^|\s)hidden(\s|$)/.test(element.className);
/** Presses Tab until `element` has focus (at most 30 times), as a keyboard user reaches it. */
async function tabTo(user: UserEvent, element: HTMLElement) {
  for (let i = 0; i < 30 && document.activeElement !== element; i++) await user.tab();
  expect(element).toHaveFocus();
}

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

  it('opens and closes the About menu with its button', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
    expect(isHidden(aboutList())).toBe(true);

    await user.click(aboutButton());
    expect(aboutButton().getAttribute('aria-expanded')).toBe('true');
    expect(isHidden(aboutList())).toBe(false);
    const items = within(aboutList()).getAllByRole('link');
    expect(items.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['About Us', '/about'],
      ['FAQ', '/faq'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
    ]);

    await user.click(aboutButton());
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
    expect(isHidden(aboutList())).toBe(true);
  });

  it('is keyboard operable: ArrowDown opens and focuses, arrows move, Escape closes and returns focus', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    await tabTo(user, aboutButton());
    await user.keyboard('{ArrowDown}');
    expect(aboutButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('About Us');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('FAQ');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Terms of Service');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('About Us');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Terms of Service');

    await user.keyboard('{Escape}');
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(aboutButton());
  });

  it('closes the About menu on a click elsewhere and when focus leaves it', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    await user.click(aboutButton());
    await user.click(document.body);
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');

    await user.click(aboutButton());
    expect(aboutButton().getAttribute('aria-expanded')).toBe('true');
    // Tabbing on through the menu's links, focus leaves it for Admin.
    const admin = screen.getByRole('link', { name: 'Admin' });
    await tabTo(user, admin);
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the About menu when one of its links is followed', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    await user.click(aboutButton());
    await user.click(within(aboutList()).getByRole('link', { name: 'FAQ' }));
    expect(router.state.location.pathname).toBe('/faq');
    expect(aboutButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('collapses the navigation behind a Menu button on small screens', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SiteHeader siteName="MoverAtlas" />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(nav.getAttribute('aria-label')).toBe('Main');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav.className).toMatch(/(^|\s)hidden(\s|$)/);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).not.toMatch(/(^|\s)hidden(\s|$)/);

    await tabTo(user, within(nav).getByRole('link', { name: 'Blog' }));
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
