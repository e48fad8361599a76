import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_COOKIE, CSRF_HEADER, type CompanyImport } from '@moveratlas/contracts';
import { resetToasts } from '../../../../components/toast/toast-store';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../../test-support';
import { Component as UploadPage } from './upload-page';

// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const checked: CompanyImport = {
  id: 5,
  filename: 'movers.csv',
  bytes: 2048,
  uploadedBy: 'ops',
  uploadedAt: '2026-11-23T09:00:00Z',
  columns: ['name', 'city', 'state', 'fax'],
  ignoredColumnCount: 1,
  ignoredColumns: ['fax'],
  dryRun: { rows: 4, created: 2, updated: 1, unchanged: 0, rejected: 1 },
  neutralised: 1,
  neutralisedCells: [{ line: 3, column: 'name' }],
  status: 'ready',
  jobId: null,
  progress: 0,
  result: null,
  rejected: [
    { line: 4, column: 'city', reason: 'city "Atlantis" is not a city of TX in the directory' },
  ],
  error: null,
  startedAt: null,
  finishedAt: null,
  undoable: false,
  undo: null,
};

describe('the CSV upload', () => {
  it(
    'sends the file as the body, shows the dry run, then follows the import to the end',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      document.cookie = `${CSRF_COOKIE}=csrf-9`;
      const states: CompanyImport[] = [
        {
          ...checked,
          status: 'running',
          jobId: 77,
          progress: 40,
          result: { rows: 2, created: 1, updated: 0, unchanged: 0, rejected: 1 },
        },
        {
          ...checked,
          status: 'succeeded',
          jobId: 77,
          progress: 100,
          result: { rows: 4, created: 2, updated: 1, unchanged: 0, rejected: 1 },
          finishedAt: '2026-11-23T09:01:00Z',
        },
      ];
      const { fetchMock, router } = renderAdminScreens(
        '/admin/upload',
        [{ path: 'upload', Component: UploadPage }],
        parsedUrl((url, init) => {
          if (url.pathname === '/api/admin/upload' && init.method === 'POST')
            return json(201, checked);
          if (url.pathname === '/api/admin/upload') return json(200, { items: [] });
          if (url.pathname === '/api/admin/upload/5/import')
            return json(202, { ...checked, status: 'queued', jobId: 77 });
          if (url.pathname === '/api/admin/upload/5')
            return json(200, states.length > 1 ? states.shift()! : states[0]!);
          return json(404, { error: 'not here' });
        }),
      );
      expect(screen.getByRole('link', { name: 'Download the template' }).getAttribute('href')).toBe(
        '/api/admin/upload/template.csv',
      );
      const file = new File(['name,city,state\r\nAcme,Austin,TX\r\n'], 'movers.csv', {
        type: 'text/csv',
      });
      await user.upload(screen.getByLabelText('CSV file (UTF-8, up to 50 MB)'), file);
      await user.click(screen.getByRole('button', { name: 'Check the file' }));

      expect(
        await screen.findByRole('heading', { name: 'Dry run: nothing is written yet' }, SLOW),
      ).toBeInTheDocument();
      const upload = callsTo(fetchMock, '/api/admin/upload').find((c) => c.init.method === 'POST')!;
      expect(upload.url.searchParams.get('filename')).toBe('movers.csv');
      expect(upload.init.body).toBe(file);
      const headers = new Headers(upload.init.headers);
      expect(headers.get('Content-Type')).toBe('text/csv');
      expect(headers.get(CSRF_HEADER)).toBe('csrf-9');
      expect(router.state.location.search).toBe('?import=5');

      const report = screen.getByRole('region', { name: 'Dry run: nothing is written yet' });
      expect(within(report).getByText('Would create').nextSibling?.textContent).toBe('2');
      expect(within(report).getByText('Would update').nextSibling?.textContent).toBe('1');
      expect(
        within(report).getByText('Ignored column (not in the template): fax.'),
      ).toBeInTheDocument();
      // Formula-looking cells are pointed out, and staff are told they are kept as typed (issue 16).
      expect(report.textContent).toContain(
        '1 cell looks like a spreadsheet formula (line 3 name). It is stored as typed and shown so on the site; every CSV download adds an apostrophe in front, so a spreadsheet shows it as text and never runs it.',
      );
      const rejected = within(report).getByRole('table', { name: 'Rejected rows' });
      expect(
        within(rejected).getByText('city "Atlantis" is not a city of TX in the directory'),
      ).toBeInTheDocument();
      expect(
        within(report)
          .getByRole('link', { name: 'Download all rejected rows (CSV)' })
          .getAttribute('href'),
      ).toBe('/api/admin/upload/5/rejected.csv');

      await user.click(within(report).getByRole('button', { name: 'Import 3 companies' }));
      const bar = await screen.findByRole('progressbar', { name: 'Import progress' }, SLOW);
      expect(bar.getAttribute('aria-valuemax')).toBe('100');
      expect(await screen.findByText('40% · 2 of 4 rows', {}, SLOW)).toBeInTheDocument();
      expect(
        await screen.findByRole('heading', { name: 'Import finished' }, { timeout: 8000 }),
      ).toBeInTheDocument();
      expect(
        await screen.findByText('2 created, 1 updated, 0 unchanged, 1 rejected.', {}, SLOW),
      ).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).toBeNull();
      const start = callsTo(fetchMock, '/api/admin/upload/5/import')[0]!;
      expect(start.init.method).toBe('POST');
      expect(new Headers(start.init.headers).get(CSRF_HEADER)).toBe('csrf-9');
    },
  );

  it('shows why a file was refused', async () => {
    const user = userEvent.setup();
    renderAdminScreens(
      '/admin/upload',
      [{ path: 'upload', Component: UploadPage }],
      parsedUrl((url, init) => {
        if (url.pathname === '/api/admin/upload' && init.method === 'POST')
          return json(400, {
            error:
              'The file is encoded as UTF-16 (little-endian). Save it as "CSV UTF-8 (Comma delimited)" and upload it again.',
          });
        return json(200, { items: [] });
      }),
    );
    await user.upload(
      screen.getByLabelText('CSV file (UTF-8, up to 50 MB)'),
      new File(['\uFEFFx'], 'bad.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toBe(
      'The file is encoded as UTF-16 (little-endian). Save it as "CSV UTF-8 (Comma delimited)" and upload it again.',
    );
  });

  it('names the first few ignored columns and counts the rest, not all of them', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `extra_${i + 1}`);
    renderAdminScreens(
      '/admin/upload?import=6',
      [{ path: 'upload', Component: UploadPage }],
      parsedUrl((url) => {
        if (url.pathname === '/api/admin/upload/6')
          return json(200, {
            ...checked,
            id: 6,
            columns: ['name', 'city', 'state'],
            ignoredColumnCount: 997,
            ignoredColumns: names,
          });
        return json(200, { items: [] });
      }),
    );
    const note = await screen.findByText(/ignored column/i, {}, SLOW);
    expect(note.textContent).toBe(
      `997 ignored columns (not in the template): ${names.join(', ')} … and 977 more.`,
    );
  });

  it('asks for a file before sending anything', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAdminScreens(
      '/admin/upload',
      [{ path: 'upload', Component: UploadPage }],
      () => json(200, { items: [] }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a CSV file first.');
    expect(callsTo(fetchMock, '/api/admin/upload').filter((c) => c.init.method === 'POST')).toEqual(
      [],
    );
  });

  it('lists per company which fields change, from what to what, a page at a time', async () => {
    const user = userEvent.setup();
    const page = (n: number) => ({
      total: 51,
      page: n,
      limit: 50,
      items:
        n === 1
          ? [
              {
                line: 2,
                kind: 'update',
                companyId: 40,
                name: 'Acme Movers',
                place: 'Austin, TX',
                changes: [
                  { field: 'phone', from: '(512) 555-0100', to: '(512) 555-0199' },
                  { field: 'description', from: null, to: 'Family run.' },
                ],
              },
              {
                line: 3,
                kind: 'new',
                companyId: null,
                name: 'Brand New Movers',
                place: 'Dallas, TX',
                changes: [],
              },
            ]
          : [
              {
                line: 52,
                kind: 'update',
                companyId: 41,
                name: 'Last Movers',
                place: 'Waco, TX',
                changes: [{ field: 'is_featured', from: 'false', to: 'true' }],
              },
            ],
    });
    const { fetchMock } = renderAdminScreens(
      '/admin/upload?import=7',
      [{ path: 'upload', Component: UploadPage }],
      parsedUrl((url) => {
        if (url.pathname === '/api/admin/upload/7')
          return json(200, {
            ...checked,
            id: 7,
            dryRun: { rows: 60, created: 1, updated: 50, unchanged: 9, rejected: 0 },
            rejected: [],
          });
        if (url.pathname === '/api/admin/upload/7/changes')
          return json(200, page(Number(url.searchParams.get('page') ?? 1)));
        return json(200, { items: [] });
      }),
    );
    const list = await screen.findByRole('list', { name: 'Changes by company' }, SLOW);
    expect(
      screen.getByText('1 new, 50 updated, 9 unchanged (not written) · page 1 of 2'),
    ).toBeInTheDocument();
    const acme = within(list).getByRole('table', { name: 'Changes to Acme Movers' });
    const rows = within(acme)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Now', 'After the import'],
      ['Phone', '(512) 555-0100', '(512) 555-0199'],
      ['Description', '(empty)', 'Family run.'],
    ]);
    expect(within(list).getByText('New company')).toBeInTheDocument();
    expect(within(list).getByText('2 fields change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('table', { name: 'Changes to Last Movers' }, SLOW),
    ).toBeInTheDocument();
    expect(
      callsTo(fetchMock, '/api/admin/upload/7/changes').map((c) => c.url.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it('undoes an import: names the companies changed since, then undoes the rest on request', async () => {
    const user = userEvent.setup();
    document.cookie = `${CSRF_COOKIE}=csrf-4`;
    const finished: CompanyImport = {
      ...checked,
      id: 8,
      status: 'succeeded',
      jobId: 90,
      progress: 100,
      result: { rows: 4, created: 2, updated: 1, unchanged: 0, rejected: 1 },
      rejected: [],
      undoable: true,
    };
    const states: CompanyImport[] = [
      {
        ...finished,
        undoable: false,
        undo: {
          status: 'running',
          by: 'ops',
          restored: 0,
          deleted: 0,
          skipped: 0,
          error: null,
          finishedAt: null,
        },
      },
      {
        ...finished,
        undoable: false,
        undo: {
          status: 'succeeded',
          by: 'ops',
          restored: 0,
          deleted: 2,
          skipped: 1,
          error: null,
          finishedAt: '2026-11-27T10:00:00Z',
        },
      },
    ];
    let undone = false;
    const { fetchMock } = renderAdminScreens(
      '/admin/upload?import=8',
      [{ path: 'upload', Component: UploadPage }],
      parsedUrl((url, init) => {
        if (url.pathname === '/api/admin/upload/8/undo') {
          const body = JSON.parse(String(init.body)) as { skipChanged: boolean };
          if (!body.skipChanged)
            return json(409, {
              error:
                '1 company was changed again since this import: Acme Movers. Undo would overwrite those changes, so nothing was undone. Undo the rest and leave them as they are, or review them first.',
              changedSince: [{ id: 40, name: 'Acme Movers', slug: 'acme-movers', deleted: false }],
              changedSinceCount: 1,
            });
          undone = true;
          return json(202, states[0]);
        }
        if (url.pathname === '/api/admin/upload/8')
          return json(200, !undone ? finished : states.length > 1 ? states.shift()! : states[0]!);
        return json(200, { items: [] });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Undo this import' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Undo this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Undo the import' }));
    expect(
      await within(dialog).findByText(
        /1 company was changed again since this import: Acme Movers/,
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Acme Movers' }).getAttribute('href')).toBe(
      '/admin/companies/40',
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Undo the rest, leave 1 as it is' }),
    );
    expect(
      await screen.findByText(
        /Undone by ops: 0 companies put back, 2 created by the import deleted, 1 left as changed since\./,
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    const calls = callsTo(fetchMock, '/api/admin/upload/8/undo');
    expect(calls.map((c) => JSON.parse(String(c.init.body)))).toEqual([
      { skipChanged: false },
      { skipChanged: true },
    ]);
    expect(new Headers(calls[1]!.init.headers).get(CSRF_HEADER)).toBe('csrf-4');
  });
});
