// @vitest-environment node
/**
 * The movers' pages as the server renders them: the sign-in pages in the public layout with their forms
 * (noindex, never cached), and the /pro area as the guard's spinner only (no mover's data), never indexed.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../app/entry-server';
import { fakeDirectoryData } from '../../test/fixtures';

const ASSETS = { styles: [], scripts: ['/assets/app.js'], modulePreloads: [] };
const page = async (path: string) => {
  const response = await render(new Request(`https://movers.test${path}`), {
    data: fakeDirectoryData(),
    assets: ASSETS,
    onError: vi.fn(),
  });
  return {
    status: response.status,
    cacheControl: response.headers.get('Cache-Control'),
    html: await response.text(),
  };
};
const head = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));

describe('the movers’ pages on the server', () => {
  it('render /pro/login in the public layout with its form, noindex and never cached', async () => {
    const { status, html, cacheControl } = await page('/pro/login?next=%2Fpro%2Faccount');
    expect(status).toBe(200);
    expect(cacheControl).toBe('private, no-store');
    expect(html).toContain('Sign in to your company dashboard');
    expect(html).toContain('Forgot your password?');
    expect(html).toContain('href="/search"');
    expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('Get Free Quotes');
    // Not submittable before the script runs: the password never goes out in a plain form post.
    expect(html).toMatch(/<button type="submit" disabled=""/);
  });

  it('render /pro/forgot-password and /pro/reset-password, noindex', async () => {
    const forgot = await page('/pro/forgot-password');
    expect(forgot.status).toBe(200);
    expect(forgot.html).toContain('Reset your password');
    expect(head(forgot.html)).toContain('<meta name="robots" content="noindex"/>');
    const reset = await page('/pro/reset-password?token=abc');
    expect(reset.status).toBe(200);
    expect(reset.cacheControl).toBe('private, no-store');
    expect(reset.html).toContain('Choose a new password');
    expect(head(reset.html)).toContain('<meta name="robots" content="noindex"/>');
  });

  it('render /pro as the session check’s spinner only, outside the public layout, noindex', async () => {
    const { status, html, cacheControl } = await page('/pro');
    expect(status).toBe(200);
    expect(cacheControl).toBe('private, no-store');
    expect(html).toContain('role="status"');
    expect(html).toContain('Checking your session…');
    expect(head(html)).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(head(html)).toContain('<title>Dashboard | MoverAtlas for Movers</title>');
    expect(html).not.toContain('Dashboard sections');
    expect(html).not.toContain('Sign out');
    expect(html).not.toContain('Get Free Quotes');
  });

  it('answer 404 for a /pro path without a screen, still only the spinner', async () => {
    const { status, html } = await page('/pro/no-such-screen');
    expect(status).toBe(404);
    expect(html).toContain('Checking your session…');
    expect(html).not.toContain('No such page');
  });
});
