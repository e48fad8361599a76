import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  SeoAnalyzeResponse,
  SeoCrawl,
  SeoSummaryResponse,
  SeoTask,
  SeoTaskListResponse,
} from '@moveratlas/contracts';
import { json, renderAdminScreens } from '../test-support';
import { Component as OverviewPage } from './seo-dashboard-page';
import { Component as TasksPage } from './seo-tasks-page';
import { Component as AnalyzerPage } from './seo-analyzer-page';

// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const crawl = (id: number, score: number): SeoCrawl => ({
  id,
  jobId: 40 + id,
  createdBy: 'admin:ada',
  status: 'finished',
  score,
  pageLimit: 20_000,
  pagesCrawled: 3400,
  sitemapUrls: 3430,
  truncated: false,
  counts: { error: 2, warning: 12, notice: 5 },
  newFindings: 3,
  resolvedFindings: 1,
  avgResponseMs: 42,
  startedAt: Date.UTC(2026, 10, 20 + id, 3),
  finishedAt: Date.UTC(2026, 10, 20 + id, 3, 5),
  durationMs: 300_000,
  error: null,
});

const SUMMARY: SeoSummaryResponse = {
  latest: crawl(3, 88),
  activeJob: null,
  trend: [crawl(1, 70), crawl(2, 81), crawl(3, 88)],
  byRule: [
    { rule: 'title-length', severity: 'warning', count: 12 },
    { rule: 'broken-link', severity: 'error', count: 2 },
  ],
  tasks: { open: 14, in_progress: 1, fixed: 9, ignored: 2 },
};

describe('the SEO Health overview', () => {
  it('shows the score, its trend and the findings per check, and starts a crawl', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    let summary = SUMMARY;
    renderAdminScreens(
      '/admin/seo-health',
      [{ path: 'seo-health', Component: OverviewPage }],
      (url, init) => {
        const path = new URL(url, 'http://admin.test').pathname;
        if (path === '/api/admin/seo-health/summary') return json(200, summary);
        if (path === '/api/admin/seo-health/crawls' && init.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          summary = {
            ...SUMMARY,
            activeJob: {
              id: 77,
              status: 'queued',
              progress: null,
              createdBy: 'admin:ada',
              createdAt: 1,
            },
          };
          return json(202, { jobId: 77 });
        }
        return json(404, { error: 'not here' });
      },
    );
    const latest = await screen.findByRole('region', { name: 'Latest crawl' }, SLOW);
    expect(within(latest).getByText('88')).toBeInTheDocument();
    expect(within(latest).getByText('Errors').nextElementSibling?.textContent).toBe('2');
    const trend = screen.getByRole('img', { name: /Score over the last crawls/ });
    expect(trend.querySelectorAll('circle')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'Score over the last crawls' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Broken internal link' }).getAttribute('href')).toBe(
      '/admin/seo-health/tasks?rule=broken-link',
    );

    // A page limit that is not a whole number keeps the button off.
    const limit = screen.getByLabelText('Page limit (optional)');
    await user.clear(limit);
    await user.type(limit, '0');
    expect(screen.getByRole('button', { name: 'Run crawl' }).hasAttribute('disabled')).toBe(true);
    await user.clear(limit);
    await user.type(limit, '500');
    await user.click(screen.getByRole('button', { name: 'Run crawl' }));
    expect(await screen.findByText('Crawl queued as job 77', {}, SLOW)).toBeInTheDocument();
    expect(posts).toEqual([{ pageLimit: 500 }]);
    const notice = await screen.findByRole('link', { name: 'Follow job 77' }, SLOW);
    expect(notice.getAttribute('href')).toBe('/admin/jobs/77');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Run crawl' }).hasAttribute('disabled')).toBe(true),
    );
  });

  it('says so when no crawl has finished, and offers a retry when loading fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderAdminScreens(
      '/admin/seo-health',
      [{ path: 'seo-health', Component: OverviewPage }],
      () =>
        fail
          ? json(500, { error: 'database unavailable' })
          : json(200, { ...SUMMARY, latest: null, trend: [], byRule: [] }),
    );
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No crawl has finished yet/, {}, SLOW)).toBeInTheDocument();
  });
});

const task: SeoTask = {
  id: 5,
  rule: 'title-length',
  severity: 'warning',
  url: '/blog/moving-cost-guide',
  message: 'Title is 66 characters (10–60)',
  status: 'open',
  firstSeenCrawlId: 1,
  lastSeenCrawlId: 3,
  fixedCrawlId: null,
  reopenedCount: 1,
  statusChangedBy: null,
  createdAt: 1,
  updatedAt: 2,
};

describe('the SEO tasks', () => {
  it('filters by the URL and changes a task’s status', async () => {
    const user = userEvent.setup();
    const requests: string[] = [];
    const patches: unknown[] = [];
    renderAdminScreens(
      '/admin/seo-health/tasks?status=open',
      [{ path: 'seo-health/tasks', Component: TasksPage }],
      (url, init) => {
        requests.push(url);
        if (init.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)));
          return json(200, { ...task, status: 'ignored', statusChangedBy: 'admin:ada' });
        }
        const body: SeoTaskListResponse = {
          tasks: [task],
          total: 1,
          counts: { open: 1, in_progress: 0, fixed: 0, ignored: 0 },
        };
        return json(200, body);
      },
    );
    expect(await screen.findByText('Title is 66 characters (10–60)', {}, SLOW)).toBeInTheDocument();
    // The first request for tasks (the saved views ask who is signed in besides).
    expect(requests.find((r) => r.startsWith('/api/admin/seo-health/tasks'))).toBe(
      '/api/admin/seo-health/tasks?limit=25&offset=0&status=open',
    );
    expect(screen.getByText('Reopened 1×')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Analyze /blog/moving-cost-guide' }).getAttribute('href'),
    ).toBe('/admin/seo-health/analyzer?url=%2Fblog%2Fmoving-cost-guide');
    await user.selectOptions(screen.getByLabelText('Status of task 5'), 'ignored');
    expect(await screen.findByText('Task 5: ignored', {}, SLOW)).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'ignored' }]);
  });
});

describe('the SEO analyzer', () => {
  it('analyzes the page in the address and explains each finding', async () => {
    const report: SeoAnalyzeResponse = {
      url: '/faq',
      status: 200,
      responseMs: 35,
      location: null,
      blockedByRobots: false,
      inSitemap: true,
      page: {
        title: 'Frequently Asked Questions | MoverAtlas',
        description: 'Answers about moving quotes.',
        canonical: 'https://moveratlas.example/faq',
        robots: 'index, follow',
        h1: ['Frequently Asked Questions'],
        words: 640,
        images: 0,
        structuredDataTypes: ['Organization', 'WebSite', 'FAQPage'],
        internalLinks: 40,
        linksChecked: 40,
      },
      findings: [
        {
          rule: 'description-length',
          severity: 'warning',
          url: '/faq',
          message: 'Meta description is 28 characters (50–160)',
        },
      ],
    };
    const bodies: unknown[] = [];
    renderAdminScreens(
      '/admin/seo-health/analyzer?url=%2Ffaq',
      [{ path: 'seo-health/analyzer', Component: AnalyzerPage }],
      (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json(200, report);
      },
    );
    expect(
      await screen.findByText('Meta description is 28 characters (50–160)', {}, SLOW),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ url: '/faq' }]);
    expect(screen.getByText(/Result snippets show about 160 characters/)).toBeInTheDocument();
    expect(screen.getByText('Organization, WebSite, FAQPage')).toBeInTheDocument();
    expect((screen.getByLabelText('Page to analyze') as HTMLInputElement).value).toBe('/faq');
  });
});
