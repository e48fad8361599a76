import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_API, type AdminAlert } from '@moveratlas/contracts';
import { json, renderRoutes } from '../test-support';
import { AlertsBanner } from './alerts-banner';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => window.localStorage.clear());

const delivery: AdminAlert = {
  key: 'lead-delivery',
  kind: 'lead-delivery',
  title: 'Lead delivery to the lead backend is failing',
  detail: '3 leads are waiting to be forwarded. Last error: the lead backend answered HTTP 500.',
  since: '2026-11-27T05:00:00.000Z',
  link: '/admin/jobs?status=queued&type=lead.forward',
  linkLabel: 'See the waiting deliveries',
  fingerprint: '1764219600000',
};
const dead: AdminAlert = {
  key: 'dead-jobs',
  kind: 'dead-jobs',
  title: '2 jobs gave up after their last attempt',
  detail: 'Dead letters wait for an admin to retry or cancel them: mail.send (2).',
  since: '2026-11-27T04:00:00.000Z',
  link: '/admin/jobs?status=dead',
  linkLabel: 'See the dead letters',
  fingerprint: '2:40',
};

/** The banner above a screen, answering GET /api/admin/alerts with whatever `current` holds then. */
function renderBanner(current: { alerts: AdminAlert[] } | { status: number }) {
  const state = { current };
  const rendered = renderRoutes(
    [
      {
        path: 'admin',
        element: (
          <>
            <AlertsBanner mainId="screen" />
            <main id="screen" tabIndex={-1}>
              The screen
            </main>
          </>
        ),
      },
    ],
    '/admin',
    {
      api: (url) => {
        if (url !== ADMIN_API.alerts) return json(404, { error: 'no such thing' });
        return 'status' in state.current
          ? json(state.current.status, { error: 'The service is temporarily unavailable' })
          : json(200, { alerts: state.current.alerts, checkedAt: '2026-11-27T06:00:00.000Z' });
      },
    },
  );
  return { ...rendered, state };
}

const banner = () => screen.findByRole('region', { name: 'Problems that need attention' });

describe('the failure banner', () => {
  it('shows each problem with since when, in words, and a link to the screen that fixes it', async () => {
    renderBanner({ alerts: [delivery, dead] });
    const region = await banner();
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'See the waiting deliveries',
      'See the dead letters',
    ]);
    expect(items[0]).toHaveTextContent('Lead delivery to the lead backend is failing');
    expect(items[0]).toHaveTextContent('Last error: the lead backend answered HTTP 500.');
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(
      '/admin/jobs?status=queued&type=lead.forward',
    );
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(delivery.since);
    // A polite live region: a failure that appears while a screen is open is announced.
    expect(region.parentElement?.getAttribute('aria-live')).toBe('polite');
  });

  it('shows nothing while all is well, nor when the check cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchMock } = renderBanner({ alerts: [] });
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(ADMIN_API.alerts, expect.anything()),
    );
    expect(await screen.findByText('The screen')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Problems that need attention' })).toBeNull();
    cleanup();
    const failing = renderBanner({ status: 503 });
    await waitFor(() =>
      expect(failing.fetchMock).toHaveBeenCalledWith(ADMIN_API.alerts, expect.anything()),
    );
    expect(screen.queryByRole('region', { name: 'Problems that need attention' })).toBeNull();
  });

  it('hides a dismissed problem, moving focus to the next one, then to the screen', async () => {
    const user = userEvent.setup();
    renderBanner({ alerts: [delivery, dead] });
    const region = await banner();
    await user.click(
      within(region).getByRole('button', {
        name: 'Dismiss: Lead delivery to the lead backend is failing',
      }),
    );
    expect(within(region).queryByText(delivery.title)).toBeNull();
    const next = within(region).getByRole('button', {
      name: 'Dismiss: 2 jobs gave up after their last attempt',
    });
    await waitFor(() => expect(next).toHaveFocus());
    await user.click(next);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Problems that need attention' })).toBeNull(),
    );
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('keeps a problem dismissed across reloads until it changes', async () => {
    const user = userEvent.setup();
    renderBanner({ alerts: [delivery] });
    await user.click(
      within(await banner()).getByRole('button', { name: /^Dismiss: Lead delivery/ }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Problems that need attention' })).toBeNull(),
    );
    cleanup();

    // Reloaded: still dismissed while its fingerprint is the same.
    const reloaded = renderBanner({ alerts: [delivery] });
    await waitFor(() =>
      expect(reloaded.fetchMock).toHaveBeenCalledWith(ADMIN_API.alerts, expect.anything()),
    );
    expect(await screen.findByText('The screen')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Problems that need attention' })).toBeNull();

    // It recovered and failed again: a new fingerprint, shown again.
    reloaded.state.current = { alerts: [{ ...delivery, fingerprint: '1764223200000' }] };
    await act(() => reloaded.queryClient.invalidateQueries({ queryKey: [ADMIN_API.alerts] }));
    expect(await banner()).toHaveTextContent(delivery.title);
  });
});
