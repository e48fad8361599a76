/** Bulk actions, the export link and the page size on the companies table (issue 16). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type AdminCompanyPage,
  type AdminCompanyRow,
  type BulkResult,
} from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as CompaniesPage } from './companies-page';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../test-support';

// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const row = (id: number): AdminCompanyRow => ({
  id,
  slug: `movers-${id}`,
  name: `Movers ${id}`,
  city: 'Austin',
  state: 'TX',
  usdotNumber: null,
  rating: null,
  reviewCount: 0,
  isFeatured: false,
  isInList: true,
  updatedAt: '2026-11-20T10:00:00Z',
  version: 1,
});

const page = (items: AdminCompanyRow[], limit = 25): AdminCompanyPage => ({
  items,
  total: 120,
  page: 1,
  limit,
});

function render(answer: (ids: number[], action: string) => BulkResult) {
  return renderAdminScreens(
    '/admin/companies?state=TX',
    [{ path: 'companies', Component: CompaniesPage }],
    parsedUrl((url, init) => {
      if (url.pathname === '/api/admin/companies')
        return json(
          200,
          page([row(1), row(2), row(3)], Number(url.searchParams.get('limit') ?? 25)),
        );
      if (url.pathname === '/api/admin/companies/bulk') {
        const body = JSON.parse(String(init.body)) as { ids: number[]; action: string };
        return json(200, answer(body.ids, body.action));
      }
      if (url.pathname === '/api/admin/company-applications')
        return json(200, { items: [], total: 0, page: 1, limit: 1, pending: 0 });
      return json(404, { error: 'not here' });
    }),
  );
}

describe('bulk actions on the companies table', () => {
  it('unlists the selected companies after a confirmation naming the number, and reads out the result', async () => {
    const user = userEvent.setup();
    document.cookie = `${CSRF_COOKIE}=tok-1`;
    const { fetchMock } = render((ids) => ({
      results: ids.map((id) => ({
        id,
        outcome: id === 3 ? 'unchanged' : 'done',
        message: id === 3 ? 'Already hidden from the directory' : 'Hidden from the directory',
        before: null,
        after: null,
      })),
      done: 2,
      unchanged: 1,
      notFound: 0,
      summary: '2 companies unlisted; 1 was already unlisted.',
    }));
    const table = await screen.findByRole('table', { name: 'Companies' }, SLOW);
    expect(screen.queryByRole('region', { name: 'Actions on the selected companies' })).toBeNull();
    await user.click(within(table).getByRole('checkbox', { name: 'Select Movers 1' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Movers 3' }));
    const bar = screen.getByRole('region', { name: 'Actions on the selected companies' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    const all = within(table).getByRole('checkbox', {
      name: 'Select all 3 companies on this page',
    });
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    await user.click(all);
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Unlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlist 3 companies?' });
    expect(callsTo(fetchMock, '/api/admin/companies/bulk')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Unlist 3 companies' }));

    const status = await screen.findByText(
      '2 companies unlisted; 1 was already unlisted.',
      {},
      SLOW,
    );
    expect(status.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByText('1 left as it was')).toBeInTheDocument();
    expect(screen.getByText('#3: Already hidden from the directory')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/api/admin/companies/bulk');
    expect(call!.init.method).toBe('POST');
    expect(JSON.parse(String(call!.init.body))).toEqual({ ids: [1, 2, 3], action: 'unlist' });
    expect(new Headers(call!.init.headers).get(CSRF_HEADER)).toBe('tok-1');
    // The selection is cleared once done.
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Actions on the selected companies' }),
      ).toBeNull(),
    );
  });

  it('deletes only once the number of companies is typed', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render((ids) => ({
      results: ids.map((id) => ({
        id,
        outcome: 'done',
        message: 'Deleted',
        before: null,
        after: null,
      })),
      done: ids.length,
      unchanged: 0,
      notFound: 0,
      summary: `${ids.length} companies deleted.`,
    }));
    const table = await screen.findByRole('table', { name: 'Companies' }, SLOW);
    await user.click(within(table).getByRole('checkbox', { name: 'Select Movers 1' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Movers 2' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Actions on the selected companies' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 companies?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete 2 companies' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type 2 to confirm'), '3');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type 2 to confirm'));
    await user.type(within(dialog).getByLabelText('Type 2 to confirm'), '2');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('2 companies deleted.', {}, SLOW)).toBeInTheDocument();
    expect(
      JSON.parse(String(callsTo(fetchMock, '/api/admin/companies/bulk')[0]!.init.body)),
    ).toEqual({ ids: [1, 2], action: 'delete' });
  });

  it('exports the filtered companies and changes the page size in the URL', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = render(() => {
      throw new Error('no bulk here');
    });
    await screen.findByRole('table', { name: 'Companies' }, SLOW);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/companies/export.csv?state=TX',
    );
    await user.selectOptions(screen.getByLabelText('Per page'), '100');
    await waitFor(() => expect(router.state.location.search).toBe('?state=TX&limit=100'));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/admin/companies').at(-1)!.url.searchParams.get('limit')).toBe(
        '100',
      ),
    );
  });
});
