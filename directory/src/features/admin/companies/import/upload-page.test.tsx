import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_COOKIE, CSRF_HEADER, type CompanyImport } from '@moveratlas/contracts';
import { resetToasts } from '../../../../components/toast/toast-store';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../../test-support';
import { Component as UploadPage } from './upload-page';

const SLOW = { timeout: 5000 };

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
  dryRun: { rows: 4, created: 2, updated: 1, rejected: 1 },
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
          result: { rows: 2, created: 1, updated: 0, rejected: 1 },
        },
        {
          ...checked,
          status: 'succeeded',
          jobId: 77,
          progress: 100,
          result: { rows: 4, created: 2, updated: 1, rejected: 1 },
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
        await screen.findByText('2 created, 1 updated, 1 rejected.', {}, SLOW),
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
});
