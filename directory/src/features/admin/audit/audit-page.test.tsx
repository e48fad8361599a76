import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEvent, AuditPage } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as AuditLogPage } from './audit-page';
import { callsTo, json, parsedUrl, renderAdminScreens, type UrlApi } from '../test-support';
import { fieldChanges, valueWords } from './audit-format';

/** The machine may be busy: the queries get a few seconds. */
// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const event = (id: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  createdAt: '2026-11-27T09:30:00.000Z',
  actor: { id: 1, username: 'ops-lead', role: 'owner', kind: 'staff' },
  companyId: 42,
  action: 'company.update',
  entityType: 'company',
  entityId: '42',
  summary: `Entry ${id}`,
  before: null,
  after: null,
  ip: '203.0.113.5',
  outcome: 'succeeded',
  ...overrides,
});

const page = (overrides: Partial<AuditPage> = {}): AuditPage => ({
  items: [
    event(3, {
      summary: 'Updated company Acme Moving Co.: name, is_featured',
      before: { name: 'Acme Movers', is_featured: false },
      after: { name: 'Acme Moving Co.', is_featured: true },
    }),
    event(2, {
      actor: { id: 7, username: 'viewer-vic', role: 'viewer', kind: 'staff' },
      companyId: null,
      action: 'leads.export',
      entityType: 'leads',
      entityId: null,
      summary: 'Refused: export leads (GET /leads/export.csv)',
      outcome: 'refused',
    }),
  ],
  total: 2,
  page: 1,
  limit: 25,
  actors: ['ops-lead', 'viewer-vic'],
  actions: ['company.update', 'leads.export'],
  ...overrides,
});

const renderLog = (path: string, api: UrlApi) =>
  renderAdminScreens(path, [{ path: 'audit', Component: AuditLogPage }], parsedUrl(api));

describe('the audit log screen', () => {
  it('lists the entries newest first, and opens one to its changes in plain words', async () => {
    const user = userEvent.setup();
    renderLog('/admin/audit', () => json(200, page()));
    const list = await screen.findByRole('list', { name: 'Audit entries, newest first' }, SLOW);
    const entries = within(list).getAllByRole('listitem', { name: undefined });
    const summaries = entries
      .filter((li) => li.parentElement === list)
      .map((li) => li.querySelector('p')!.textContent);
    expect(summaries).toEqual([
      'Updated company Acme Moving Co.: name, is_featured',
      'Refused: export leads (GET /leads/export.csv)',
    ]);
    expect(screen.getByText('2 entries')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Done')).toBeInTheDocument();
    expect(within(list).getByText('Refused')).toBeInTheDocument();
    expect(entries[0]!.textContent).toContain('ops-lead (owner) · Edit a company · Company 42');

    const toggle = within(entries[0]!).getByRole('button', { name: 'Show the changes (2)' });
    const changes = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(changes).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(changes).toBeVisible();
    expect(changes).toHaveAccessibleName(
      'Changes: Updated company Acme Moving Co.: name, is_featured',
    );
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(["Name: 'Acme Movers' → 'Acme Moving Co.'", 'Featured: No → Yes']);
    // The refused entry has no fields to show.
    expect(within(entries.at(-1)!).queryByRole('button')).toBeNull();
  });

  it("says when a mover at /pro made a change, and filters to one company's movers", async () => {
    const { fetchMock } = renderLog('/admin/audit?actorKind=mover&companyId=42', () =>
      json(
        200,
        page({
          items: [
            event(9, {
              actor: { id: null, username: 'pat@acme.test', role: null, kind: 'mover' },
              summary: 'Pat Mover changed their password',
            }),
          ],
          total: 1,
        }),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Audit entries, newest first' }, SLOW);
    expect(within(list).getByRole('listitem').textContent).toContain(
      'pat@acme.test (mover) · Edit a company',
    );
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect([asked.searchParams.get('actorKind'), asked.searchParams.get('companyId')]).toEqual([
      'mover',
      '42',
    ]);
    expect(screen.getByLabelText('Staff or movers')).toHaveValue('mover');
  });

  it('filters by who, action, record and dates through the URL, and exports what it shows', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLog('/admin/audit', (url) =>
      json(
        200,
        url.searchParams.get('actor') === 'ops-lead'
          ? page({ items: [page().items[0]!], total: 1 })
          : page(),
      ),
    );
    const form = await screen.findByRole('search', { name: 'Filter the audit log' }, SLOW);
    await screen.findByText('2 entries', {}, SLOW);
    const who = within(form).getByRole('combobox', { name: 'Who' });
    await user.selectOptions(who, 'ops-lead');
    await user.selectOptions(within(form).getByLabelText('Action'), 'Edit a company');
    await user.selectOptions(within(form).getByLabelText('Kind of record'), 'Company');
    await user.type(within(form).getByLabelText('Record id'), '42');
    await user.type(within(form).getByLabelText('From'), '2026-11-01');
    await user.type(within(form).getByLabelText('To'), '2026-11-27');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('1 entry matches these filters', {}, SLOW)).toBeInTheDocument();
    const last = callsTo(fetchMock, '/api/admin/audit').at(-1)!.url;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      actor: 'ops-lead',
      action: 'company.update',
      entityType: 'company',
      entityId: '42',
      from: '2026-11-01',
      to: '2026-11-27',
    });
    expect(screen.getByRole('link', { name: 'Export these entries (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/audit/export.csv?actor=ops-lead&action=company.update&entityType=company&entityId=42&from=2026-11-01&to=2026-11-27',
    );
  });

  it('pages through older entries', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLog('/admin/audit', (url) =>
      json(
        200,
        page({
          total: 60,
          page: Number(url.searchParams.get('page') ?? 1),
          items: [event(Number(url.searchParams.get('page') ?? 1) * 100)],
        }),
      ),
    );
    await screen.findByText('60 entries', {}, SLOW);
    await user.click(screen.getByRole('link', { name: /Older/ }));
    expect(await screen.findByText('Entry 200', {}, SLOW)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/audit').at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('says when nothing matches, and when the log cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderLog('/admin/audit?actor=nobody', () =>
      fail
        ? json(403, {
            error: 'Your role (viewer) cannot read the audit log; an editor or owner can.',
          })
        : json(200, page({ items: [], total: 0 })),
    );
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Could not load the audit log.');
    expect(alert.textContent).toContain('Your role (viewer) cannot read the audit log');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No entries match these filters.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show every entry' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
  });
});

describe('the audit log’s words', () => {
  it('reads a create, a delete and a secret as a person would', () => {
    expect(
      fieldChanges({ before: null, after: { zip_code: '78701', services: ['a', 'b'] } }),
    ).toEqual([
      { field: 'zip_code', label: 'ZIP code', text: "ZIP code: '78701'" },
      { field: 'services', label: 'Services', text: "Services: 'a', 'b'" },
    ]);
    expect(fieldChanges({ before: { name: 'Gone Movers' }, after: null })[0]!.text).toBe(
      "Name: was 'Gone Movers'",
    );
    expect(
      fieldChanges({ before: { password: 'changed' }, after: { password: 'changed' } })[0]!.text,
    ).toBe("Password: 'changed' → 'changed'");
    expect(valueWords(null)).toBe('(empty)');
    expect(valueWords([])).toBe('(none)');
  });
});
