// @vitest-environment node
/** The admin pages as the server renders them: the guard's spinner only (no admin data), never indexed. */
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
  return { status: response.status, html: await response.text() };
};
const head = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));

describe('admin pages on the server', () => {
  it('render /admin as the session check’s spinner, outside the public layout, noindex', async () => {
    const { status, html } = await page('/admin');
    expect(status).toBe(200);
    expect(html).toContain('role="status"');
    expect(html).toContain('Checking your session…');
    expect(head(html)).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(head(html)).toContain('<title>Dashboard | MoverAtlas Admin</title>');
    // Neither the admin menu nor the public header and footer.
    expect(html).not.toContain('Admin sections');
    expect(html).not.toContain('Get Free Quotes');
    expect(html).not.toContain('Skip to main content');
  });

  it('answer 404 for an /admin path without a screen, still only the spinner', async () => {
    const { status, html } = await page('/admin/no-such-screen');
    expect(status).toBe(404);
    expect(html).toContain('Checking your session…');
    expect(html).not.toContain('Page Not Found');
  });

  it('render /login in the public layout with the form and its note, noindex', async () => {
    const { status, html } = await page('/login');
    expect(status).toBe(200);
    expect(html).toContain('Admin Login');
    expect(html).toContain('Authorized personnel only. Unauthorized access is prohibited.');
    expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('Get Free Quotes');
    // Not submittable before the script runs: the password never goes out in a plain form post.
    expect(html).toMatch(/<button type="submit" disabled=""/);
  });
});
