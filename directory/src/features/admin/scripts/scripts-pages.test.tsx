import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminScript } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { json, renderAdminScreens, type Api } from '../test-support';
import { Component as ScriptsPage } from './scripts-page';
import { Component as RunPickerPage } from './run-picker-page';
import { Component as RunScriptPage } from './run-script-page';

// Whole screens in jsdom on a shared, busy machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const searchIndex: AdminScript = {
  id: 'rebuild-search-index',
  title: 'Rebuild the search index',
  description: 'Recomputes the search words of every company name.',
  params: {
    type: 'object',
    properties: {
      batchSize: {
        type: 'integer',
        minimum: 10,
        maximum: 5000,
        default: 1000,
        title: 'Batch size',
        description: 'Companies per transaction.',
      },
      pauseMs: {
        type: 'integer',
        minimum: 0,
        maximum: 10000,
        default: 0,
        title: 'Pause between batches (ms)',
      },
    },
    additionalProperties: false,
  },
  lastRun: {
    jobId: 12,
    status: 'succeeded',
    createdAt: Date.UTC(2026, 10, 22, 3, 0),
    finishedAt: Date.UTC(2026, 10, 22, 3, 1),
    lastError: null,
    createdBy: 'schedule:1',
  },
};
const sitemap: AdminScript = {
  id: 'check-sitemaps',
  title: 'Check the sitemaps',
  description: 'Builds every sitemap file and checks it.',
  params: { type: 'object', properties: {}, additionalProperties: false },
  lastRun: null,
};

const screens = [
  { path: 'scripts', Component: ScriptsPage },
  { path: 'scripts/run', Component: RunPickerPage },
  { path: 'scripts/run/:id', Component: RunScriptPage },
  { path: 'jobs/:id', Component: () => <h2>Job page</h2> },
];

describe('the scripts screens', () => {
  it('lists the scripts with their last run and outcome', async () => {
    renderAdminScreens('/admin/scripts', screens, () =>
      json(200, { scripts: [searchIndex, sitemap] }),
    );
    const items = await screen.findAllByRole('listitem');
    expect(
      within(items[0]!).getByRole('heading', { name: 'Rebuild the search index' }),
    ).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'job 12' }).getAttribute('href')).toBe(
      '/admin/jobs/12',
    );
    expect(within(items[0]!).getByText('Succeeded')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Never run.')).toBeInTheDocument();
    expect(
      within(items[1]!).getByRole('link', { name: 'Run Check the sitemaps' }).getAttribute('href'),
    ).toBe('/admin/scripts/run/check-sitemaps');
  });

  it('runs a script from its generated form and goes to the job’s page', async () => {
    const user = userEvent.setup();
    const api: Api = (url, init) => {
      if (url === '/api/admin/scripts/rebuild-search-index/run' && init.method === 'POST')
        return json(202, { jobId: 77 });
      return json(200, searchIndex);
    };
    const { fetchMock, router } = renderAdminScreens(
      '/admin/scripts/run/rebuild-search-index',
      screens,
      api,
    );
    const size = (await screen.findByLabelText('Batch size')) as HTMLInputElement;
    expect(size.value).toBe('1000');
    expect(size.getAttribute('min')).toBe('10');
    expect(screen.getByText('Companies per transaction.')).toBeInTheDocument();

    await user.clear(size);
    await user.type(size, '3');
    await user.click(screen.getByRole('button', { name: 'Run script' }));
    expect(screen.getByText('Batch size must be at least 10')).toBeInTheDocument();
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(size);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(size);
    await user.type(size, '200');
    await user.click(screen.getByRole('button', { name: 'Run script' }));
    expect(await screen.findByRole('heading', { name: 'Job page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/jobs/77');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ params: { batchSize: 200, pauseMs: 0 } });
    expect(
      await screen.findByText('Rebuild the search index queued', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal when it rejects the parameters', async () => {
    const user = userEvent.setup();
    const api: Api = (url, init) =>
      init.method === 'POST'
        ? json(400, { error: 'Batch size must be at most 5000' })
        : json(200, searchIndex);
    renderAdminScreens('/admin/scripts/run/rebuild-search-index', screens, api);
    await user.click(await screen.findByRole('button', { name: 'Run script' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Could not run the script: Batch size must be at most 5000');
  });

  it('picks a script to run, then shows its form', async () => {
    const user = userEvent.setup();
    const { router } = renderAdminScreens('/admin/scripts/run', screens, () =>
      json(200, { scripts: [searchIndex, sitemap] }),
    );
    const picker = await screen.findByLabelText('Script');
    expect(screen.queryByRole('button', { name: 'Run script' })).toBeNull();
    await user.selectOptions(picker, 'check-sitemaps');
    expect(await screen.findByText('This script takes no parameters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run script' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?script=check-sitemaps'));
  });
});
