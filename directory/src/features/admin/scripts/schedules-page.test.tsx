import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSchedule, AdminScript } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { json, renderAdminScreens, type Api } from '../test-support';
import { Component as SchedulesPage } from './schedules-page';

// The admin's own time in these tests is UTC, wherever they run (Node re-reads TZ when it is set).
process.env.TZ = 'UTC';

// Whole screens in jsdom on a shared, busy machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const purge: AdminScript = {
  id: 'purge-old-data',
  title: 'Purge expired sessions and old tracking data',
  description: 'Deletes ended sessions and old events.',
  params: {
    type: 'object',
    properties: {
      stepEventsDays: {
        type: 'integer',
        minimum: 1,
        maximum: 3650,
        default: 180,
        title: 'Keep widget step events (days)',
      },
    },
    additionalProperties: false,
  },
  lastRun: null,
};

const nightly: AdminSchedule = {
  id: 3,
  scriptId: 'purge-old-data',
  scriptTitle: 'Purge expired sessions and old tracking data',
  params: { stepEventsDays: 90 },
  cron: '0 3 * * *',
  timezone: 'America/Chicago',
  enabled: true,
  nextRunAt: Date.UTC(2026, 10, 24, 9, 0),
  lastRunAt: Date.UTC(2026, 10, 23, 9, 0),
  lastJobId: 88,
  lastJobStatus: 'succeeded',
  lastError: null,
  createdBy: 'admin:ada',
  createdAt: Date.UTC(2026, 10, 1),
  updatedAt: Date.UTC(2026, 10, 1),
};

describe('the schedules screen', () => {
  it('lists schedules with their next and last runs, and pauses one', async () => {
    const user = userEvent.setup();
    const api: Api = (url, init) => {
      if (url === '/api/admin/schedules/3' && init.method === 'PATCH')
        return json(200, { ...nightly, enabled: false, nextRunAt: null });
      if (url.startsWith('/api/admin/schedules/preview')) return json(200, { nextRuns: [] });
      if (url.startsWith('/api/admin/schedules')) return json(200, { schedules: [nightly] });
      return json(200, { scripts: [purge] });
    };
    const { fetchMock } = renderAdminScreens(
      '/admin/scripts/schedule',
      [{ path: 'scripts/schedule', Component: SchedulesPage }],
      api,
    );
    const list = await screen.findByRole('list', { name: 'Schedules' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('0 3 * * *')).toBeInTheDocument();
    expect(within(item).getByText('(America/Chicago)')).toBeInTheDocument();
    expect(within(item).getByText('stepEventsDays: 90')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'job 88' })).toBeInTheDocument();
    expect(within(item).getAllByRole('time')).toHaveLength(2);
    // In the schedule's zone, named, with the admin's own time (these tests run in UTC) beside it.
    expect(within(item).getByText('Next run').nextElementSibling?.textContent).toBe(
      'Nov 24, 3:00 AM CST (9:00 AM in your time)',
    );
    expect(within(item).getByText('Last run').nextElementSibling?.textContent).toContain(
      'Nov 23, 3:00 AM CST (9:00 AM in your time)',
    );
    expect(screen.getByText(/in the schedule’s own time zone/).textContent).toContain(
      'with your time (UTC)',
    );
    await user.click(within(item).getByRole('button', { name: /^Pause the schedule/ }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            url === '/api/admin/schedules/3' &&
            init?.method === 'PATCH' &&
            init.body === '{"enabled":false}',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('Schedule paused', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('previews the next runs of an expression and saves a new schedule', async () => {
    const user = userEvent.setup();
    const api: Api = (url, init) => {
      if (url.startsWith('/api/admin/schedules/preview')) {
        const cron = new URL(url, 'http://x').searchParams.get('cron');
        return cron === 'bad'
          ? json(400, { error: 'Invalid cron expression: bad' })
          : json(200, { nextRuns: [Date.UTC(2026, 10, 24, 6), Date.UTC(2026, 11, 1, 6)] });
      }
      if (url === '/api/admin/schedules' && init.method === 'POST')
        return json(201, { ...nightly, id: 4, cron: '0 6 * * 1', timezone: 'UTC' });
      if (url.startsWith('/api/admin/schedules')) return json(200, { schedules: [] });
      return json(200, { scripts: [purge] });
    };
    const { fetchMock } = renderAdminScreens(
      '/admin/scripts/schedule',
      [{ path: 'scripts/schedule', Component: SchedulesPage }],
      api,
    );
    expect(await screen.findByText('No schedules yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(screen.getByText('Choose a script')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Script'), 'purge-old-data');
    expect(
      (screen.getByLabelText('Keep widget step events (days)') as HTMLInputElement).value,
    ).toBe('180');
    const cron = screen.getByLabelText('Cron expression');
    await user.clear(cron);
    await user.type(cron, 'bad');
    expect(
      await screen.findByText('Invalid cron expression: bad', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mondays at 6:00' }));
    expect((cron as HTMLInputElement).value).toBe('0 6 * * 1');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/New_York');
    // The preview in the zone chosen, and in the admin's own time.
    expect(
      await screen.findByText('Nov 24, 1:00 AM EST', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('(6:00 AM in your time)')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Time zone'), 'UTC');
    expect(
      await screen.findByText('Nov 24, 6:00 AM UTC', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/in your time\)/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Schedule saved', {}, { timeout: 5000 })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      scriptId: 'purge-old-data',
      params: { stepEventsDays: 180 },
      cron: '0 6 * * 1',
      timezone: 'UTC',
      enabled: true,
    });
  });
});
