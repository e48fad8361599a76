import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QaRun, QaRunDetailResponse, QaRunListResponse } from '@moveratlas/contracts';
import { json, renderAdminScreens } from '../test-support';
import { Component as QaPage } from './qa-page';

// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const run: QaRun = {
  id: 9,
  jobId: 31,
  createdBy: 'schedule:2',
  status: 'failed',
  suites: ['routes', 'quote-flow'],
  total: 3,
  passed: 2,
  failed: 1,
  expected: 30,
  startedAt: Date.UTC(2026, 10, 23, 6),
  finishedAt: Date.UTC(2026, 10, 23, 6, 1),
  durationMs: 61_000,
  error: null,
};

const DETAIL: QaRunDetailResponse = {
  run,
  checks: [
    {
      id: 1,
      suite: 'routes',
      name: '/ answers 200 with a title and its canonical',
      status: 'passed',
      durationMs: 80,
      url: '/',
      detail: '200 in 80 ms',
    },
    {
      id: 2,
      suite: 'routes',
      name: '/faq answers 200 with a title and its canonical',
      status: 'failed',
      durationMs: 12,
      url: '/faq',
      detail: 'Expected 200, got 500',
    },
    {
      id: 3,
      suite: 'quote-flow',
      name: 'The test lead is stored as a test and never forwarded',
      status: 'passed',
      durationMs: 30,
      url: null,
      detail: 'lead ABC (test), no forwarding job',
    },
  ],
};

describe('the QA Automation screen', () => {
  it('shows the newest run with its failures first, and starts a run of the chosen suites', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    renderAdminScreens(
      '/admin/qa-automation',
      [{ path: 'qa-automation', Component: QaPage }],
      (url, init) => {
        const path = new URL(url, 'http://admin.test').pathname;
        if (path === '/api/admin/qa-automation/runs' && init.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return json(202, { jobId: 32 });
        }
        if (path === '/api/admin/qa-automation/runs') {
          const list: QaRunListResponse = { runs: [run], total: 1, activeJob: null };
          return json(200, list);
        }
        if (path === '/api/admin/qa-automation/runs/9') return json(200, DETAIL);
        return json(404, { error: 'not here' });
      },
    );
    const detail = await screen.findByRole('region', { name: 'QA run 9' }, SLOW);
    expect(within(detail).getByText('2 of 3 checks passed')).toBeInTheDocument();
    const routes = within(detail).getByRole('region', { name: /^Public routes/ });
    expect(within(routes).getByText('1 of 2 failed')).toBeInTheDocument();
    const items = within(routes).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('FAIL');
    expect(items[0]!.textContent).toContain('Expected 200, got 500');
    expect(within(detail).getByRole('link', { name: 'Job 31' }).getAttribute('href')).toBe(
      '/admin/jobs/31',
    );

    await user.click(screen.getByRole('checkbox', { name: /^Broken links/ }));
    await user.click(screen.getByRole('checkbox', { name: /^API contracts/ }));
    await user.click(screen.getByRole('button', { name: 'Run QA suites' }));
    expect(await screen.findByText('QA run queued as job 32', {}, SLOW)).toBeInTheDocument();
    expect(posts).toEqual([{ suites: ['routes', 'quote-flow'] }]);
  });

  it('will not start a run without a suite', async () => {
    const user = userEvent.setup();
    renderAdminScreens('/admin/qa-automation', [{ path: 'qa-automation', Component: QaPage }], () =>
      json(200, { runs: [], total: 0, activeJob: null }),
    );
    expect(await screen.findByText('No QA runs yet.', {}, SLOW)).toBeInTheDocument();
    for (const name of [/^Public routes/, /^Broken links/, /^API contracts/, /^Quote flow/])
      await user.click(screen.getByRole('checkbox', { name }));
    expect(screen.getByRole('button', { name: 'Run QA suites' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByText(/Choose at least one suite/)).toBeInTheDocument();
  });

  it('says how far a running run is with the same figures as its bars', async () => {
    const running: QaRun = {
      ...run,
      id: 10,
      jobId: 33,
      status: 'running',
      total: 6,
      passed: 5,
      failed: 1,
      expected: 24,
      finishedAt: null,
      durationMs: null,
    };
    renderAdminScreens(
      '/admin/qa-automation',
      [{ path: 'qa-automation', Component: QaPage }],
      (url) => {
        const path = new URL(url, 'http://admin.test').pathname;
        if (path === '/api/admin/qa-automation/runs') {
          // The job's own figure lags behind the checks stored since: the screen must not show it.
          const list: QaRunListResponse = {
            runs: [running, run],
            total: 2,
            activeJob: {
              id: 33,
              status: 'running',
              progress: 70,
              createdBy: 'admin:test',
              createdAt: 0,
            },
          };
          return json(200, list);
        }
        if (path === '/api/admin/qa-automation/runs/10')
          return json(200, { run: running, checks: DETAIL.checks });
        return json(404, { error: 'not here' });
      },
    );
    const detail = await screen.findByRole('region', { name: 'QA run 10' }, SLOW);
    expect(
      within(detail).getByText('6 of about 24 checks done · 5 of 6 checks passed so far'),
    ).toBeInTheDocument();
    const bar = within(detail).getByRole('progressbar', { name: 'QA run 10 progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('25%, 6 of about 24 checks done');
    const notice = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.includes('A QA run is running'))!;
    expect(notice.textContent).toContain('A QA run is running (25%)');
    expect(
      within(notice)
        .getByRole('progressbar', { name: 'A QA run progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('25');
  });
});
