import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_HEADER,
  type DatabaseHealth,
  type DatabaseMigrations,
  type DatabaseTables,
} from '@moveratlas/contracts';
import { json, renderWithQueries } from '../test-support';
import { Component as DatabasePage, formatBytes } from './database-page';
import type * as AdminRequest from '../admin-request';

// The session's CSRF token, however its cookie is named.
vi.mock('../admin-request', async (original) => ({
  ...(await original<typeof AdminRequest>()),
  csrfToken: () => 'token-123',
}));

const HEALTH: DatabaseHealth = {
  dialect: 'mysql',
  serverVersion: 'MariaDB 10.11.19-MariaDB',
  latencyMs: 0.42,
  pool: { min: 0, max: 10, used: 1, free: 2, pendingAcquires: 0, pendingCreates: 0 },
  totalBytes: 52_428_800,
  checkedAt: '2026-11-23T09:00:00.000Z',
  server: {
    eventLoop: { p50Ms: 0.3, p99Ms: 12.4, maxMs: 18, maxLastMinuteMs: 240, warnMs: 200 },
    requests: { inFlight: 3, maxInFlight: 64, underPressure: false, shed: 1520, queued: 2 },
    heapUsedRatio: 0.214,
  },
};

const TABLES: DatabaseTables = {
  tables: [
    { name: 'companies', rows: 200_000, rowsExact: true, bytes: 48_000_000 },
    { name: 'job_events', rows: 3_400_000, rowsExact: false, bytes: 900_000_000 },
    { name: 'partners', rows: 2, rowsExact: true, bytes: 16_384 },
  ],
  total: 3,
  sizeSource: 'information_schema',
};

const MIGRATIONS: DatabaseMigrations = {
  migrations: [
    {
      name: '20261123_01_create_states',
      status: 'applied',
      batch: 1,
      appliedAt: '2026-11-23T08:00:00.000Z',
    },
    { name: '20261123_70_create_site_settings', status: 'pending', batch: null, appliedAt: null },
  ],
  applied: 1,
  pending: 1,
};

let urls: string[] = [];
function serve(answer: (url: string) => Response | undefined) {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      const response = answer(url);
      if (!response) throw new Error(`unexpected ${url}`);
      return response;
    }),
  );
}

const standard = (url: string) => {
  if (url === '/api/admin/database/health') return json(200, HEALTH);
  if (url.startsWith('/api/admin/database/tables')) return json(200, TABLES);
  if (url === '/api/admin/database/migrations') return json(200, MIGRATIONS);
  return undefined;
};

const renderPage = () => renderWithQueries(<DatabasePage />);

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('database page', () => {
  it('shows the connection, the pool, the tables with estimates marked, and the pending migrations', async () => {
    serve(standard);
    renderPage();
    const connection = screen.getByRole('region', { name: 'Connection' });
    expect(await within(connection).findByText('MySQL / MariaDB')).toBeInTheDocument();
    expect(within(connection).getByText('MariaDB 10.11.19-MariaDB')).toBeInTheDocument();
    expect(within(connection).getByText('0.42 ms')).toBeInTheDocument();
    expect(within(connection).getByText('1 in use · 2 idle')).toBeInTheDocument();
    expect(within(connection).getByText('50 MB')).toBeInTheDocument();
    // The server's own load, as /healthz reports it.
    expect(within(connection).getByText('12 ms (p99)').nextSibling?.textContent).toBe(
      'Last second; worst in the last minute 240 ms, logged past 200 ms',
    );
    expect(within(connection).getByText('3 of 64').nextSibling?.textContent).toBe(
      '2 pages waiting their turn; 1,520 refused as busy since the server started',
    );
    expect(within(connection).getByText('21% of the heap').tagName).toBe('DD');

    const tables = screen.getByRole('region', { name: 'Tables' });
    const rows = await within(tables).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Table ▲RowsSize',
      'companies200,00046 MB',
      'job_events≈ 3,400,000 (estimate)858 MB',
      'partners216 KB',
    ]);
    expect(within(tables).getByText(/≈ marks the engine’s row estimate/)).toBeInTheDocument();

    const migrations = screen.getByRole('region', { name: 'Migrations' });
    expect((await within(migrations).findByText(/pending\./)).closest('p')!.textContent).toBe(
      '1 applied, 1 pending. The server applies pending migrations when it starts; restart it to apply them.',
    );
    const pending = within(migrations).getByText('20261123_70_create_site_settings').closest('tr')!;
    expect(within(pending).getByText('pending')).toBeInTheDocument();

    // A button, not a link: a backup is taken by POST only.
    expect(screen.getByRole('button', { name: 'Download backup' }).tagName).toBe('BUTTON');
    expect(screen.queryByRole('link', { name: 'Download backup' })).toBeNull();
    expect(screen.getByText(/logical export \(\.sql\)/)).toBeInTheDocument();
  });

  it('offers the backup to owners only', async () => {
    for (const [role, offered] of [
      ['owner', true],
      ['editor', false],
      ['viewer', false],
    ] as const) {
      serve((url) =>
        url === '/api/auth/status'
          ? json(200, { isAuthenticated: true, username: 'ops', role })
          : standard(url),
      );
      renderPage();
      const backup = await screen.findByRole('region', { name: 'Backup' });
      await waitFor(() => expect(urls).toContain('/api/auth/status'));
      if (offered)
        expect(
          await within(backup).findByRole('button', { name: 'Download backup' }),
        ).toBeEnabled();
      else {
        expect(
          await within(backup).findByText('Only an owner can download a backup.'),
        ).toBeInTheDocument();
        expect(within(backup).queryByRole('button', { name: 'Download backup' })).toBeNull();
      }
      cleanup();
    }
  });

  it("downloads the backup with a POST carrying the CSRF token, saved under the server's file name", async () => {
    const user = userEvent.setup();
    const requests: Array<{ url: string; method: string; token: string | null }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        const method = init.method ?? 'GET';
        requests.push({ url, method, token: new Headers(init.headers).get(CSRF_HEADER) });
        if (url === '/api/admin/database/backup' && method === 'POST')
          return new Response('-- MoverAtlas logical backup', {
            status: 200,
            headers: {
              'content-type': 'application/sql',
              'content-disposition': 'attachment; filename="moveratlas-2026-11-23-090000.sql"',
            },
          });
        return standard(url) ?? json(404, { error: 'Not found' });
      }),
    );
    const saved: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    // jsdom has no object URLs: stand-ins, put back afterwards.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:backup-1');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Download backup' }));
    expect(await screen.findByText(/Saved moveratlas-2026-11-23-090000\.sql/)).toBeInTheDocument();
    const backup = requests.filter((r) => r.url === '/api/admin/database/backup');
    expect(backup).toEqual([
      { url: '/api/admin/database/backup', method: 'POST', token: 'token-123' },
    ]);
    expect(saved).toEqual([
      { href: 'blob:backup-1', download: 'moveratlas-2026-11-23-090000.sql' },
    ]);
  });

  it('says why a backup could not be downloaded', async () => {
    const user = userEvent.setup();
    serve((url) =>
      url === '/api/admin/database/backup'
        ? json(503, { error: 'The database is unavailable' })
        : standard(url),
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Download backup' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The backup could not be downloaded. The database is unavailable',
    );
  });

  it('asks the server to sort and filter the tables', async () => {
    const user = userEvent.setup();
    serve(standard);
    renderPage();
    const tables = screen.getByRole('region', { name: 'Tables' });
    await within(tables).findByText('companies');
    const rowsHeader = within(tables).getByRole('columnheader', { name: /Rows/ });
    expect(rowsHeader.getAttribute('aria-sort')).toBe('none');
    await user.click(within(rowsHeader).getByRole('button'));
    await waitFor(() => expect(urls).toContain('/api/admin/database/tables?sort=rows&order=desc'));
    expect(rowsHeader.getAttribute('aria-sort')).toBe('descending');
    await user.click(within(rowsHeader).getByRole('button'));
    await waitFor(() => expect(urls).toContain('/api/admin/database/tables?sort=rows&order=asc'));
    await user.type(within(tables).getByLabelText('Filter tables'), 'job');
    await waitFor(() =>
      expect(urls).toContain('/api/admin/database/tables?sort=rows&order=asc&q=job'),
    );
  });

  it('shows each failure with a retry that reloads it', async () => {
    const user = userEvent.setup();
    let broken = true;
    serve((url) =>
      url === '/api/admin/database/health' && broken
        ? json(503, { error: 'Database unavailable' })
        : standard(url),
    );
    renderPage();
    const connection = screen.getByRole('region', { name: 'Connection' });
    const alert = await within(connection).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the connection status.');
    expect(alert.textContent).toContain('Database unavailable');
    // The other cards still load.
    expect(await screen.findByText('companies')).toBeInTheDocument();
    broken = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(connection).findByText('0.42 ms')).toBeInTheDocument();
  });

  it('formats sizes in binary units', () => {
    expect(formatBytes(null)).toBe('unknown');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(16_384)).toBe('16 KB');
    expect(formatBytes(1_572_864)).toBe('1.5 MB');
  });
});
