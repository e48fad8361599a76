/** The Licensing screen's FMCSA imports (issue 20): upload with progress, the job followed to its end, the report. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_COOKIE, CSRF_HEADER, type LicensingImportView } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../test-support';
import { Component as ImportsPage } from './imports-page';

const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const view = (over: Partial<LicensingImportView> = {}): LicensingImportView => ({
  id: 7,
  kind: 'census',
  fileLabel: 'the motor carrier census',
  filename: 'census-small.csv',
  fileDate: '2026-11-01',
  fileDateSource: 'stated',
  bytes: 4096,
  status: 'queued',
  progress: 0,
  rows: { read: 0, rejected: 0, applied: 0, inserted: 0, updated: 0, unchanged: 0 },
  companiesMatched: 0,
  error: null,
  rejected: [],
  createdBy: 'admin:ada',
  createdAt: '2026-11-29T10:00:00Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

const finished = view({
  status: 'succeeded',
  progress: 100,
  rows: { read: 3, rejected: 1, applied: 2, inserted: 2, updated: 0, unchanged: 0 },
  companiesMatched: 1,
  rejected: [{ line: 3, reason: 'The hazardous materials flag must be Y or N (it is "X")' }],
});

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** An XMLHttpRequest that reports half the bytes sent, then waits for `finish` to answer. */
function fakeXhr(sent: Sent[]) {
  const pending: Array<(status: number, body: unknown) => void> = [];
  class FakeXhr {
    upload: {
      onprogress:
        ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    withCredentials = false;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      sent.push({ url: this.url, headers: this.headers, body });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      pending.push((status, answer) => {
        this.status = status;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { finish: (status: number, body: unknown) => act(() => pending.shift()!(status, body)) };
}

describe('the FMCSA imports screen', () => {
  it('uploads a file with its progress, follows the import to its end and pages its rejected rows', async () => {
    const user = userEvent.setup();
    document.cookie = `${CSRF_COOKIE}=tok-9`;
    const sent: Sent[] = [];
    const xhr = fakeXhr(sent);
    let polls = 0;
    const { fetchMock } = renderAdminScreens(
      '/admin/licensing',
      [{ path: 'licensing', Component: ImportsPage }],
      parsedUrl((url) => {
        if (url.pathname === '/api/admin/licensing/imports')
          return json(200, { items: polls > 1 ? [finished] : [] });
        if (url.pathname === '/api/admin/licensing/imports/7') {
          polls++;
          return json(
            200,
            polls === 1
              ? view({ status: 'checking', progress: 20, rows: { ...finished.rows, read: 2 } })
              : finished,
          );
        }
        if (url.pathname === '/api/admin/licensing/imports/7/rejections')
          return url.searchParams.get('afterLine') === '0'
            ? json(200, { items: finished.rejected, nextAfterLine: 3 })
            : json(200, {
                items: [{ line: 9, reason: 'The row has 2 fields where the header has 42' }],
                nextAfterLine: null,
              });
        return json(404, { error: 'not here' });
      }),
    );
    expect(await screen.findByText('No FMCSA file has been imported yet.')).toBeInTheDocument();
    const file = new File(['"DOT_NUMBER","LEGAL_NAME"\r\n'], 'census-small.csv', {
      type: 'text/csv',
    });
    await user.upload(
      screen.getByLabelText('FMCSA file (census or revocations, up to 2 GB)'),
      file,
    );
    await user.type(screen.getByLabelText('Date FMCSA published it (optional)'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));

    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: '/api/admin/licensing/imports?filename=census-small.csv&fileDate=2026-11-01',
      headers: { 'Content-Type': 'text/csv', [CSRF_HEADER]: 'tok-9' },
      body: file,
    });
    xhr.finish(202, view());

    // The job's progress, polled until it ends: queued at 0%, then checking at 20%.
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(
      () =>
        expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
          'aria-valuenow',
          '20',
        ),
      SLOW,
    );
    expect(screen.getByText(/Checking every row before anything is written/)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Import finished' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull();
    const report = screen.getByRole('region', { name: 'Import finished' });
    expect(within(report).getByText('Companies matched').nextSibling).toHaveTextContent('1');

    const rows = within(report).getByRole('table', { name: 'Rejected rows, by line' });
    expect(
      within(rows).getByRole('row', { name: /^3 The hazardous materials flag/ }),
    ).toBeInTheDocument();
    await user.click(
      await within(report).findByRole('button', { name: 'Show more rejected rows' }),
    );
    expect(
      await within(rows).findByRole('row', {
        name: '9 The row has 2 fields where the header has 42',
      }),
    ).toBeInTheDocument();
    expect(within(report).queryByRole('button', { name: 'Show more rejected rows' })).toBeNull();
    expect(
      callsTo(fetchMock, '/api/admin/licensing/imports/7/rejections').map((c) =>
        c.url.searchParams.get('afterLine'),
      ),
    ).toEqual(['0', '3']);
  }, 20_000);

  it('says in words why an upload was refused, and why an import was', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    const xhr = fakeXhr(sent);
    renderAdminScreens(
      '/admin/licensing?import=8',
      [{ path: 'licensing', Component: ImportsPage }],
      parsedUrl((url) => {
        if (url.pathname === '/api/admin/licensing/imports') return json(200, { items: [] });
        if (url.pathname === '/api/admin/licensing/imports/8')
          return json(
            200,
            view({
              id: 8,
              status: 'refused',
              error: 'The file ends in the middle of a row (line 5): it was cut short.',
            }),
          );
        return json(404, { error: 'not here' });
      }),
    );
    expect(await screen.findByRole('heading', { name: 'File refused' })).toBeInTheDocument();
    expect(screen.getByText('Refused: nothing was written')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The file ends in the middle of a row (line 5): it was cut short. Nothing was written.',
    );

    await user.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect(await screen.findByText('Choose an FMCSA file first.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.upload(
      screen.getByLabelText('FMCSA file (census or revocations, up to 2 GB)'),
      new File(['name,city\r\n'], 'companies.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));
    xhr.finish(400, { error: 'The header is not one of an FMCSA file we import.' });
    await waitFor(() =>
      expect(
        screen.getByText(
          'The file was not imported: The header is not one of an FMCSA file we import.',
        ),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
  });
});
