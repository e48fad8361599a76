/**
 * The admin's Lead returns queue as staff use it: a waiting return with the mover, the lead, its quality
 * flags, the mover's reason and note; refusing without a reason says why and sends nothing; accepting posts
 * the decision with its reason and the CSRF header, says so and loads the list again; the server's refusal
 * shows near the buttons; a viewer cannot decide. Decided returns keep the outcome; the tabs live in the URL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type AdminLeadReturn,
  type AdminLeadReturnList,
  type AdminRole,
} from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { formatDateTime } from '../../../components/dashboard/date-time';
import { callsTo, json, renderAdminScreens } from '../test-support';
import { Component } from './lead-returns-page';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const WAITING: AdminLeadReturn = {
  id: 12,
  status: 'requested',
  reason: 'wrong-phone',
  note: 'The number rings a pizzeria.',
  requestedBy: 'dispatch@swift.example',
  requestedAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  decisionNote: null,
  decidedBy: null,
  lead: {
    id: 41,
    publicId: 'MA-7K2Q9',
    name: 'Ana Lopez',
    receivedAt: '2026-11-25T08:15:00.000Z',
    qualityFlags: ['sample-phone', 'repeat'],
  },
  company: { id: 7, name: 'Swift Movers' },
};

const DECIDED: AdminLeadReturn = {
  id: 5,
  status: 'refused',
  reason: 'unreachable',
  note: null,
  requestedBy: 'owner@bee.example',
  requestedAt: '2026-11-20T08:30:00.000Z',
  decidedAt: '2026-11-21T15:45:00.000Z',
  decisionNote: 'The person answered our call the same day.',
  decidedBy: 'ops',
  lead: {
    id: 30,
    publicId: 'MA-3B4C5',
    name: 'Bo Chen',
    receivedAt: '2026-11-19T12:00:00.000Z',
    qualityFlags: [],
  },
  company: { id: 3, name: 'Bee Moving' },
};

const list = (returns: AdminLeadReturn[], waiting: number): AdminLeadReturnList => ({
  returns,
  total: returns.length,
  waiting,
});

interface Options {
  path?: string;
  role?: AdminRole;
  waiting?: AdminLeadReturn[];
  decided?: AdminLeadReturn[];
  /** The answer to the decision; by default it succeeds and empties the waiting tab. */
  decide?: (body: unknown) => Response;
}

function render(options: Options = {}) {
  let waiting = options.waiting ?? [WAITING];
  const decided = options.decided ?? [DECIDED];
  const decide =
    options.decide ??
    ((body: unknown) => {
      const { decision, note } = body as { decision: string; note: string };
      waiting = [];
      return json(200, {
        id: WAITING.id,
        status: decision === 'accept' ? 'accepted' : 'refused',
        reason: WAITING.reason,
        note: WAITING.note,
        requestedBy: WAITING.requestedBy,
        requestedAt: WAITING.requestedAt,
        decidedAt: '2026-11-28T09:00:00.000Z',
        decisionNote: note,
      });
    });
  return renderAdminScreens(
    options.path ?? '/admin/lead-returns',
    [{ path: 'lead-returns', Component }],
    (url, init) => {
      const parsed = new URL(url, 'http://admin.test');
      if (parsed.pathname === '/api/auth/status')
        return json(200, {
          isAuthenticated: true,
          username: 'ops',
          role: options.role ?? 'editor',
        });
      if (parsed.pathname === '/api/admin/lead-returns') {
        const status = parsed.searchParams.get('status');
        const returns =
          status === 'decided' ? decided : status === 'all' ? [...waiting, ...decided] : waiting;
        return json(200, list(returns, waiting.length));
      }
      if (init.method === 'POST' && parsed.pathname === '/api/admin/lead-returns/12/decision')
        return decide(JSON.parse(String(init.body)));
      return json(404, { error: `No API endpoint ${parsed.pathname}` });
    },
  );
}

/** The list requests made, as their query strings. */
const listQueries = (fetchMock: ReturnType<typeof vi.fn>) =>
  callsTo(fetchMock, '/api/admin/lead-returns').map((call) => call.url.search);

const decisionCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  callsTo(fetchMock, '/api/admin/lead-returns/12/decision');

const waitingCard = () =>
  screen.findByRole('listitem', { name: 'Return of lead MA-7K2Q9 by Swift Movers' });

describe('the Lead returns queue', () => {
  it('shows a waiting return with the mover, the lead, its flags, the reason and the note', async () => {
    const { fetchMock } = render();
    const card = await waitingCard();
    expect(within(card).getByRole('link', { name: 'Swift Movers' })).toHaveAttribute(
      'href',
      '/admin/companies/7',
    );
    expect(within(card).getByRole('link', { name: 'Lead MA-7K2Q9' })).toHaveAttribute(
      'href',
      '/admin/leads/41',
    );
    expect(card).toHaveTextContent(
      `Lead MA-7K2Q9 · Ana Lopez · received ${formatDateTime(WAITING.lead.receivedAt)}`,
    );
    expect(card).toHaveTextContent(
      `Asked by dispatch@swift.example on ${formatDateTime(WAITING.requestedAt)}`,
    );
    expect(card).toHaveTextContent('Reason: The phone number is wrong or not in service');
    expect(card).toHaveTextContent("The mover's note: The number rings a pizzeria.");
    const flags = within(card).getByRole('list', { name: 'Quality flags' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((flag) => flag.textContent),
    ).toEqual(['Sample phone number', 'Repeat request']);
    expect(within(card).getByText('Waiting for a decision')).toBeInTheDocument();
    expect(
      await within(card).findByRole('textbox', { name: 'Reason the mover will read' }),
    ).toHaveValue('');
    expect(within(card).getByRole('button', { name: 'Accept return' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Refuse return' })).toBeEnabled();
    expect(await screen.findByRole('link', { name: 'Waiting (1)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Decided' })).toHaveAttribute(
      'href',
      '/admin/lead-returns?status=decided',
    );
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute(
      'href',
      '/admin/lead-returns?status=all',
    );
    expect(listQueries(fetchMock)).toEqual(['?status=requested']);
  });

  it('refuses to refuse without a reason: the schema’s message, and nothing sent', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render();
    const card = await waitingCard();
    await user.click(await within(card).findByRole('button', { name: 'Refuse return' }));
    const field = within(card).getByRole('textbox', { name: 'Reason the mover will read' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Write the reason the mover will read');
    expect(decisionCalls(fetchMock)).toHaveLength(0);

    // Blank lines are no reason either.
    await user.type(field, '   ');
    await user.click(within(card).getByRole('button', { name: 'Refuse return' }));
    expect(field).toHaveAccessibleDescription('Write the reason the mover will read');
    expect(decisionCalls(fetchMock)).toHaveLength(0);
  });

  it('accepts with the reason and the CSRF header, says so and loads the list again', async () => {
    document.cookie = `${CSRF_COOKIE}=csrf-token-1`;
    const user = userEvent.setup();
    const { fetchMock } = render();
    const card = await waitingCard();
    await user.type(
      await within(card).findByRole('textbox', { name: 'Reason the mover will read' }),
      'The number is a sample; you will not be charged.',
    );
    const before = listQueries(fetchMock).length;
    await user.click(within(card).getByRole('button', { name: 'Accept return' }));

    expect(await screen.findByText('Return of lead MA-7K2Q9 accepted')).toBeInTheDocument();
    expect(screen.getByText('Swift Movers is e-mailed your reason.')).toBeInTheDocument();
    const calls = decisionCalls(fetchMock);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url.pathname).toBe('/api/admin/lead-returns/12/decision');
    expect(call!.init.method).toBe('POST');
    expect(new Headers(call!.init.headers).get(CSRF_HEADER)).toBe('csrf-token-1');
    expect(JSON.parse(String(call!.init.body))).toEqual({
      decision: 'accept',
      note: 'The number is a sample; you will not be charged.',
    });
    expect(await screen.findByText('No returns are waiting.')).toBeInTheDocument();
    expect(listQueries(fetchMock).length).toBeGreaterThan(before);
    expect(await screen.findByRole('link', { name: 'Waiting (0)' })).toBeInTheDocument();
  });

  it('shows the server’s words near the buttons when the return was already decided', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render({ decide: () => json(409, { error: 'This return was already accepted.' }) });
    const card = await waitingCard();
    await user.type(
      await within(card).findByRole('textbox', { name: 'Reason the mover will read' }),
      'Not a sample number.',
    );
    await user.click(within(card).getByRole('button', { name: 'Refuse return' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This return was already accepted.',
    );
    expect(screen.queryByText(/^Return of lead MA-7K2Q9/)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Refuse return' })).toBeEnabled();
  });

  it('changes tab in the URL and asks the API for decided returns', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = render();
    await waitingCard();
    await user.click(screen.getByRole('link', { name: 'Decided' }));
    expect(
      await screen.findByRole('listitem', { name: 'Return of lead MA-3B4C5 by Bee Moving' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=decided');
    expect(screen.getByRole('link', { name: 'Decided' })).toHaveAttribute('aria-current', 'page');
    expect(listQueries(fetchMock)).toEqual(['?status=requested', '?status=decided']);
    expect(screen.queryByRole('listitem', { name: /MA-7K2Q9/ })).toBeNull();
  });

  it('keeps the page in the URL and the request', async () => {
    const { fetchMock } = render({ path: '/admin/lead-returns?status=decided&page=2' });
    await screen.findByRole('listitem', { name: 'Return of lead MA-3B4C5 by Bee Moving' });
    expect(listQueries(fetchMock)).toEqual(['?page=2&status=decided']);
  });

  it('shows a decided return with its outcome, staff’s reason, who decided and when', async () => {
    render({ path: '/admin/lead-returns?status=decided' });
    const card = await screen.findByRole('listitem', {
      name: 'Return of lead MA-3B4C5 by Bee Moving',
    });
    expect(within(card).getByText('Refused', { selector: 'span' })).toBeInTheDocument();
    expect(card).toHaveTextContent(`Refused by ops on ${formatDateTime(DECIDED.decidedAt!)}`);
    expect(card).toHaveTextContent('Our reason: The person answered our call the same day.');
    expect(card).toHaveTextContent('Reason: No answer to calls or e-mails for three days');
    expect(card).not.toHaveTextContent("The mover's note");
    expect(within(card).queryByRole('list', { name: 'Quality flags' })).toBeNull();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('offers a viewer no way to decide', async () => {
    const { fetchMock } = render({ role: 'viewer' });
    const card = await waitingCard();
    expect(
      await within(card).findByText('Your role cannot accept or refuse returns.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(decisionCalls(fetchMock)).toHaveLength(0);
  });

  it('says why each tab is empty', async () => {
    render({ waiting: [], decided: [] });
    expect(await screen.findByText('No returns are waiting.')).toBeInTheDocument();
    cleanup();
    render({ path: '/admin/lead-returns?status=all', waiting: [], decided: [] });
    expect(await screen.findByText('No returns yet.')).toBeInTheDocument();
  });

  it('says plainly when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAdminScreens('/admin/lead-returns', [{ path: 'lead-returns', Component }], (url) =>
      url === '/api/auth/status'
        ? json(200, { isAuthenticated: true, username: 'ops', role: 'editor' })
        : json(500, { error: 'The database is unavailable' }),
    );
    expect(await screen.findByText(/Could not load the lead returns/)).toBeInTheDocument();
    expect(screen.getByText(/The database is unavailable/)).toBeInTheDocument();
  });
});
