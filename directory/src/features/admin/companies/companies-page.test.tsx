import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type AdminCompanyDetail,
  type AdminCompanyPage,
  type AdminCompanyRow,
} from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as CompaniesPage } from './companies-page';
import { Component as CompanyEditPage } from './company-edit-page';
import { callsTo, json, parsedUrl, renderAdminScreens, type UrlApi } from '../test-support';

/** The machine may be busy: lazily loaded parts and queries get a few seconds. */
// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const row = (id: number, overrides: Partial<AdminCompanyRow> = {}): AdminCompanyRow => ({
  id,
  slug: `movers-${id}`,
  name: `Movers ${id}`,
  city: 'Austin',
  state: 'TX',
  usdotNumber: String(1_000_000 + id),
  rating: 4.5,
  reviewCount: 12,
  isFeatured: false,
  isInList: true,
  updatedAt: '2026-11-20T10:00:00Z',
  version: 1,
  ...overrides,
});

const page = (items: AdminCompanyRow[], total = items.length): AdminCompanyPage => ({
  items,
  total,
  page: 1,
  limit: 25,
});

const detail = (overrides: Partial<AdminCompanyDetail['values']> = {}): AdminCompanyDetail => ({
  id: 7,
  values: {
    slug: 'movers-7',
    name: 'Movers 7',
    description: 'Local moves.',
    website: 'https://movers7.example.com',
    phone: '(512) 555-0100',
    email: 'office@movers7.example.com',
    logo: null,
    photo_urls: [],
    street: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
    lat: 30.27,
    lng: -97.74,
    usdot_number: '1000007',
    mc_number: null,
    founded_year: 2004,
    service_area: null,
    service_radius_miles: 50,
    services: ['local-moving'],
    is_featured: false,
    is_in_list: true,
    ...overrides,
  },
  rating: 4.5,
  reviewCount: 2,
  reviewsByStatus: { published: 2, hidden: 0, pending: 0, rejected: 0 },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  version: 3,
  formerSlugs: [],
});

const common: UrlApi = (url) => {
  if (url.pathname === '/api/admin/company-applications')
    return json(200, { items: [], total: 3, page: 1, limit: 1, pending: 3 });
  if (url.pathname === '/api/admin/reviews')
    return json(200, { items: [], total: 0, page: 1, limit: 20 });
  return json(404, { error: `No API endpoint ${url.pathname}` });
};

describe('the companies table', () => {
  it('lists the companies with the total, and searches on the server through the URL', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderAdminScreens(
      '/admin/companies',
      [{ path: 'companies', Component: CompaniesPage }],
      parsedUrl((url, init) =>
        url.pathname === '/api/admin/companies'
          ? json(
              200,
              url.searchParams.get('q') === 'zephyr'
                ? page([row(9, { name: 'Zephyr Movers' })])
                : page([row(1), row(2)], 240),
            )
          : common(url, init),
      ),
    );
    expect(await screen.findByText('240 companies', {}, SLOW)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Movers 2' }).getAttribute('href')).toBe(
      '/admin/companies/2',
    );
    expect(screen.getByRole('link', { name: 'Applications (3 pending)' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search'), 'zephyr');
    await user.selectOptions(screen.getAllByLabelText('State')[0]!, 'TX');
    await user.click(
      within(screen.getByRole('search', { name: 'Filter companies' })).getByRole('button', {
        name: 'Search',
      }),
    );
    expect(await screen.findByText('1 company match these filters', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=zephyr&state=TX');
    const last = callsTo(fetchMock, '/api/admin/companies').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ q: 'zephyr', state: 'TX' });
  });

  it('sorts by a column header', async () => {
    const user = userEvent.setup();
    const { router } = renderAdminScreens(
      '/admin/companies',
      [{ path: 'companies', Component: CompaniesPage }],
      parsedUrl((url, init) =>
        url.pathname === '/api/admin/companies' ? json(200, page([row(1)])) : common(url, init),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Companies' }, SLOW);
    await user.click(within(table).getByRole('link', { name: /Rating/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=rating&order=desc'));
  });

  it('switches featured inline with the CSRF token and says so', async () => {
    const user = userEvent.setup();
    document.cookie = `${CSRF_COOKIE}=token-123`;
    let featured = false;
    const { fetchMock } = renderAdminScreens(
      '/admin/companies',
      [{ path: 'companies', Component: CompaniesPage }],
      parsedUrl((url, init) => {
        if (url.pathname === '/api/admin/companies')
          return json(200, page([row(1, { isFeatured: featured })]));
        if (url.pathname === '/api/admin/companies/1' && init.method === 'PATCH') {
          featured = true;
          return json(200, detail({ is_featured: true }));
        }
        return common(url, init);
      }),
    );
    const table = await screen.findByRole('table', { name: 'Companies' }, SLOW);
    const toggle = within(table).getByRole('switch', { name: 'Featured: Movers 1' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(await screen.findByText('Movers 1 is now featured', {}, SLOW)).toBeInTheDocument();
    const patch = callsTo(fetchMock, '/api/admin/companies/1')[0]!;
    expect(patch.init.method).toBe('PATCH');
    expect(JSON.parse(String(patch.init.body))).toEqual({ is_featured: true, version: 1 });
    expect(new Headers(patch.init.headers).get(CSRF_HEADER)).toBe('token-123');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Companies' }))
          .getByRole('switch', { name: 'Featured: Movers 1' })
          .getAttribute('aria-checked'),
      ).toBe('true'),
    );
  });

  it('shows a failure with a retry', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    let down = true;
    renderAdminScreens(
      '/admin/companies',
      [{ path: 'companies', Component: CompaniesPage }],
      parsedUrl((url, init) => {
        if (url.pathname !== '/api/admin/companies') return common(url, init);
        return down
          ? json(503, { error: 'The service is temporarily unavailable' })
          : json(200, page([row(1)]));
      }),
    );
    // The query client tries twice (a second after the first failure) before the screen gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('The service is temporarily unavailable');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 company', {}, SLOW)).toBeInTheDocument();
  });
});

describe('a company page', () => {
  it('checks the form before sending and shows the message beside the field', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAdminScreens(
      '/admin/companies/7',
      [{ path: 'companies/:id', Component: CompanyEditPage }],
      parsedUrl((url, init) =>
        url.pathname === '/api/admin/companies/7' ? json(200, detail()) : common(url, init),
      ),
    );
    const phone = await screen.findByLabelText('Phone', {}, SLOW);
    await user.clear(phone);
    await user.type(phone, '555-01');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Phone must have 10 digits')).toBeInTheDocument();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(
      callsTo(fetchMock, '/api/admin/companies/7').filter((c) => c.init.method === 'PUT'),
    ).toEqual([]);
  });

  it('saves the form with PUT and shows the server refusal when there is one', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { fetchMock } = renderAdminScreens(
      '/admin/companies/7',
      [{ path: 'companies/:id', Component: CompanyEditPage }],
      parsedUrl((url, init) => {
        if (url.pathname === '/api/admin/companies/7' && init.method === 'PUT') {
          attempt++;
          return attempt === 1
            ? json(409, { error: 'slug "taken" is already used by another company' })
            : json(200, detail({ name: 'Movers Seven' }));
        }
        if (url.pathname === '/api/admin/companies/7') return json(200, detail());
        return common(url, init);
      }),
    );
    const name = await screen.findByLabelText('Name', {}, SLOW);
    await user.clear(name);
    await user.type(name, 'Movers Seven');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      (
        await screen.findByText('slug "taken" is already used by another company', {}, SLOW)
      ).getAttribute('role'),
    ).toBe('alert');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Company saved', {}, SLOW)).toBeInTheDocument();
    const put = callsTo(fetchMock, '/api/admin/companies/7').find((c) => c.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toMatchObject({
      name: 'Movers Seven',
      slug: 'movers-7',
      services: ['local-moving'],
      version: 3,
    });
  });

  it('deletes only after the confirmation, then returns to the list', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderAdminScreens(
      '/admin/companies/7',
      [
        { path: 'companies', Component: () => <p>The list</p> },
        { path: 'companies/:id', Component: CompanyEditPage },
      ],
      parsedUrl((url, init) => {
        if (url.pathname === '/api/admin/companies/7' && init.method === 'DELETE')
          return json(204, null);
        if (url.pathname === '/api/admin/companies/7') return json(200, detail());
        return common(url, init);
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Delete Movers 7?' });
    expect(
      callsTo(fetchMock, '/api/admin/companies/7').some((c) => c.init.method === 'DELETE'),
    ).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete company' }));
    expect(await screen.findByText('The list', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/companies');
    expect(
      callsTo(fetchMock, '/api/admin/companies/7').some((c) => c.init.method === 'DELETE'),
    ).toBe(true);
  });
});
