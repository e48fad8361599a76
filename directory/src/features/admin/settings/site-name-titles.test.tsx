import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteNameTitleCheck } from '@moveratlas/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { resetToasts } from '../../../components/toast/toast-store';
import { json, renderWithQueries } from '../test-support';
import { SITE } from './settings-test-support';
import { SiteSettingsForm } from './site-settings-form';

const LONG_NAME = 'The Nationwide Moving Company Directory';

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await import('../../../components/toast/toast-region');
});
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe('the site name and page titles', () => {
  it('warns while typing a name that pushes titles past 60 characters, shows the longest, and still saves', async () => {
    const user = userEvent.setup();
    document.cookie = 'ma_csrf=token-123';
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        if (init.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json(200, {
            ...SITE,
            settings: { ...SITE.settings, siteName: LONG_NAME },
            updatedAt: '2026-11-27T06:00:00.000Z',
            updatedBy: 'ops-lead',
            titleWarning: siteNameTitleCheck(LONG_NAME),
          });
        }
        return json(200, SITE);
      }),
    );
    renderWithQueries(
      <>
        <SiteSettingsForm />
        <Toaster />
      </>,
    );
    const name = await screen.findByLabelText('Site name');
    // "Compare Moving Companies & Get Free Quotes | MoverAtlas" is 55 characters: nothing to say.
    expect(screen.queryByText(/page titles are longer than/)).toBeNull();

    await user.clear(name);
    await user.type(name, LONG_NAME);
    const warning = screen.getByText(/page titles are longer than 60 characters/).parentElement!;
    expect(warning.textContent).toContain(
      'With this name, 10 of 13 page titles are longer than 60 characters, which search results cut short. The longest (84 characters):',
    );
    expect(
      within(warning).getByText(`Compare Moving Companies & Get Free Quotes | ${LONG_NAME}`),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.getByText(
        `${LONG_NAME} is up to date. Its longest page title has 84 characters, past the 60 search results show.`,
      ),
    ).toBeInTheDocument();
    expect(puts).toEqual([expect.objectContaining({ siteName: LONG_NAME })]);

    // Shortened again, the warning goes.
    await user.clear(screen.getByLabelText('Site name'));
    await user.type(screen.getByLabelText('Site name'), 'Atlas');
    expect(screen.queryByText(/page titles are longer than/)).toBeNull();
  });
});
