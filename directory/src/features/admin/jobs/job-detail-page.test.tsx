import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobDetailResponse } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as JobDetailPage } from './job-detail-page';
import { job } from './job-fixtures';
import { json, renderAdminScreens, type Api } from '../test-support';
import { FakeEventSource } from './fake-event-source';

beforeEach(() => FakeEventSource.install());
// Whole screens in jsdom on a shared, busy machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const screens = [{ path: 'jobs/:id', Component: JobDetailPage }];

const detail = (overrides: Partial<JobDetailResponse> = {}): JobDetailResponse => ({
  job: job(),
  events: [
    {
      id: 7,
      attempt: 1,
      event: 'log',
      message: 'Rebuild the search index: started',
      createdAt: Date.UTC(2026, 10, 23, 6, 0, 1),
    },
  ],
  moreEvents: false,
  ...overrides,
});

describe('a job’s page', () => {
  it('shows progress, timing and the log, then follows the job live until it finishes', async () => {
    renderAdminScreens('/admin/jobs/41', screens, () => json(200, detail()));
    expect(
      await screen.findByRole('heading', { name: 'Job 41: Script: rebuild-search-index' }),
    ).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Job 41 progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('35');
    expect(screen.getByText('admin:ada')).toBeInTheDocument();
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Job log' });
    expect(within(log).getByText('Rebuild the search index: started')).toBeInTheDocument();

    // The stream opens after the last event the page has.
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe('/api/admin/jobs/41/events?after=7');
    act(() => {
      stream.emit('log', {
        id: 8,
        attempt: 1,
        event: 'warn',
        message: 'Company 12 has no name',
        createdAt: Date.now(),
      });
      stream.emit('job', job({ progress: 80 }));
    });
    expect(within(log).getByText('Company 12 has no name')).toBeInTheDocument();
    expect(within(log).getByText('Warning')).toBeInTheDocument();
    expect(bar.getAttribute('aria-valuenow')).toBe('80');

    act(() => {
      stream.emit('log', {
        id: 9,
        attempt: 1,
        event: 'succeeded',
        message: null,
        createdAt: Date.now(),
      });
      stream.emit(
        'job',
        job({
          status: 'succeeded',
          progress: 100,
          finishedAt: Date.now(),
          result: { companiesRewritten: 3 },
        }),
      );
      stream.emit('end', { status: 'succeeded' });
    });
    expect(screen.getByText('Status: Succeeded')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Result' })).toBeInTheDocument();
    expect(screen.getByText(/"companiesRewritten": 3/)).toBeInTheDocument();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    // A finished job offers neither cancel nor retry.
    expect(screen.queryByRole('button', { name: 'Cancel job' })).toBeNull();
  });

  it('cancels a running job after confirmation and says the worker will stop it', async () => {
    const user = userEvent.setup();
    const api: Api = (url, init) => {
      if (url === '/api/admin/jobs/41/cancel' && init.method === 'POST')
        return json(200, { outcome: 'cancel-requested', job: job({ cancelRequested: true }) });
      return json(200, detail());
    };
    const { fetchMock } = renderAdminScreens('/admin/jobs/41', screens, api);
    await user.click(await screen.findByRole('button', { name: 'Cancel job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel job 41?' });
    expect(dialog.textContent).toContain('its worker stops it at its next check');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    // Beside the status badge, and in the notification.
    expect(await screen.findByText('Cancel requested', { selector: 'span' })).toBeInTheDocument();
    expect(
      await screen.findByText(/stops at its worker's next check/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Cancel job' })).toBeNull();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/admin/jobs/41/cancel' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('retries a dead job and shows what failed', async () => {
    const user = userEvent.setup();
    let dead = true;
    const api: Api = (url, init) => {
      if (url === '/api/admin/jobs/41/retry' && init.method === 'POST') {
        dead = false;
        return json(200, {
          outcome: 'retried',
          job: job({ status: 'queued', attempts: 0, lastError: 'boom' }),
        });
      }
      return json(
        200,
        detail({
          job: dead
            ? job({ status: 'dead', lastError: 'boom', finishedAt: Date.now() })
            : job({ status: 'queued', attempts: 0 }),
        }),
      );
    };
    renderAdminScreens('/admin/jobs/41', screens, api);
    expect((await screen.findByRole('alert')).textContent).toContain('boom');
    expect(FakeEventSource.opened).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Retry job' }));
    expect(
      await screen.findByText('Job 41 queued again', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Status: Queued')).toBeInTheDocument();
    // Going again, the page follows it live.
    await waitFor(() => expect(FakeEventSource.opened.length).toBeGreaterThanOrEqual(1));
  });

  it('polls when the stream cannot be opened', async () => {
    vi.stubGlobal('EventSource', undefined);
    let calls = 0;
    renderAdminScreens('/admin/jobs/41', screens, () => {
      calls++;
      return json(200, detail({ job: job({ progress: calls * 10 }) }));
    });
    await screen.findByRole('heading', { name: /Job 41/ });
    await waitFor(
      () =>
        expect(
          screen
            .getByRole('progressbar', { name: 'Job 41 progress' })
            .getAttribute('aria-valuenow'),
        ).toBe('20'),
      { timeout: 4000 },
    );
  });

  it('links a forwarding job to its lead', async () => {
    renderAdminScreens('/admin/jobs/41', screens, () =>
      json(200, detail({ job: job({ type: 'lead.forward', payload: { leadId: 7 } }) })),
    );
    const heading = await screen.findByRole('heading', { name: 'Job 41: lead.forward' });
    const header = heading.closest('header')!;
    expect(within(header).getByRole('link', { name: 'lead 7' }).getAttribute('href')).toBe(
      '/admin/leads/7',
    );
  });
});
