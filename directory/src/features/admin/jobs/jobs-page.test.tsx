import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { AdminJob, JobListResponse } from '@moveratlas/contracts';
import { job } from './job-fixtures';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as JobsPage } from './jobs-page';
import { json, renderAdminScreens, type Api } from '../test-support';

// Whole screens in jsdom on a shared, busy machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const list = (jobs: AdminJob[], overrides: Partial<JobListResponse> = {}): JobListResponse => ({
  jobs,
  total: jobs.length,
  counts: { queued: 0, running: 1, succeeded: 1, failed: 0, dead: 1, cancelled: 0 },
  types: ['lead.forward', 'script.rebuild-search-index'],
  ...overrides,
});

const screens = [{ path: 'jobs', Component: JobsPage }];

describe('the jobs list', () => {
  it('shows jobs with status, progress and attempts, and counts per status', async () => {
    const api: Api = () =>
      json(
        200,
        list([
          job(),
          job({
            id: 40,
            type: 'lead.forward',
            status: 'dead',
            progress: null,
            createdBy: null,
            payload: { leadId: 7 },
          }),
        ]),
      );
    renderAdminScreens('/admin/jobs', screens, api);
    const table = await screen.findByRole('table', { name: 'Jobs' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Job 41' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/admin\/jobs\/41$/),
    );
    expect(within(rows[1]!).getByText('Script: rebuild-search-index')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('35');
    expect(within(rows[1]!).getByText('1 of 3')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Dead')).toBeInTheDocument();
    // A forwarding job links to the lead it forwards; a script run belongs to no lead.
    expect(within(rows[2]!).getByRole('link', { name: 'lead 7' }).getAttribute('href')).toBe(
      '/admin/leads/7',
    );
    expect(within(rows[1]!).queryByRole('link', { name: /^lead/ })).toBeNull();
    const statuses = screen.getByRole('navigation', { name: 'Job status' });
    expect(
      within(statuses)
        .getByRole('link', { name: /^All 3/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(within(statuses).getByRole('link', { name: /^Dead 1/ })).toBeInTheDocument();
    expect(
      screen.getByText(/Refreshing every 2 seconds while jobs are queued or running/),
    ).toBeInTheDocument();
  });

  it('asks the server for the filters in the URL and pages through the list', async () => {
    const api: Api = () => json(200, list([job({ status: 'dead' })], { total: 60 }));
    const { fetchMock } = renderAdminScreens(
      '/admin/jobs?status=dead&type=lead.forward&page=2',
      screens,
      api,
    );
    await screen.findByRole('table', { name: 'Jobs' });
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/admin/jobs');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '25',
      offset: '25',
      status: 'dead',
      type: 'lead.forward',
    });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/admin/jobs?status=dead&type=lead.forward&page=3',
    );
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('lead.forward');
  });

  it('says when nothing matches, and offers a retry when loading fails', async () => {
    let fail = true;
    const api: Api = () =>
      fail ? json(500, { error: 'Database unavailable' }) : json(200, list([]));
    renderAdminScreens('/admin/jobs', screens, api);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    act(() => within(alert).getByRole('button', { name: 'Try again' }).click());
    await waitFor(() =>
      expect(screen.getByText('No jobs match these filters.')).toBeInTheDocument(),
    );
  });
});
