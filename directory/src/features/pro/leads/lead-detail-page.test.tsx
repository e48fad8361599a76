import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProLeadDetail } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as LeadDetailPage } from './lead-detail-page';
import { callsTo, cleanQuality, json, leadReturn, renderProScreens } from './test-support';

// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };
const DETAIL = '/api/pro/companies/7/leads/42';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'ma_pro_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const detail = (
  overrides: Partial<ProLeadDetail['lead']> = {},
  history: ProLeadDetail['history'] = [],
  more: Partial<Pick<ProLeadDetail, 'quality' | 'return'>> = {},
): ProLeadDetail => ({
  lead: {
    id: 42,
    publicId: 'K7QW2M9D3X',
    receivedAt: '2026-11-23T06:40:00.000Z',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    phone: '3125550100',
    fromLocation: 'Chicago, IL 60601',
    fromCity: 'Chicago',
    toLocation: 'Austin, TX 73301',
    toCity: 'Austin',
    moveDate: '2026-12-15',
    moveSize: '4br',
    status: 'new',
    statusChangedAt: null,
    consentWithdrawnAt: null,
    qualityFlags: [],
    fromZip: '60601',
    fromState: 'IL',
    toZip: '73301',
    toState: 'TX',
    numberOfRooms: 4,
    needsAutoTransport: false,
    autoTransport: null,
    note: null,
    ...overrides,
  },
  consent: {
    version: '2026-11-27',
    text: 'I agree that Inbox Movers and Rival Movers may contact me about my move.',
    consentedAt: '2026-11-23T06:40:00.000Z',
    namedAs: 'Inbox Movers',
    companiesNamed: 2,
  },
  history,
  deliveries: [
    {
      companyId: 7,
      companyName: 'Inbox Movers',
      channel: 'email',
      status: 'delivered',
      attempts: 1,
      detail: 'E-mailed to olivia@inbox-movers.example',
      deliveredAt: '2026-11-23T06:40:02.000Z',
    },
    {
      companyId: 7,
      companyName: 'Inbox Movers',
      channel: 'webhook',
      status: 'retrying',
      attempts: 2,
      detail: 'Your server answered 503: only a 2xx answer counts as received',
      deliveredAt: null,
    },
  ],
  quality: cleanQuality(),
  return: null,
  ...more,
});

function renderDetail(api: (url: URL, init: RequestInit) => Response) {
  return renderProScreens(
    '/pro/companies/7/leads/42',
    [{ path: 'leads/:leadId', Component: LeadDetailPage }],
    api,
  );
}

describe("a lead in the mover's inbox", () => {
  it('shows the contact, the move and the consent that named the company', async () => {
    renderDetail(() => json(200, detail()));
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'grace@example.com' })).toHaveAttribute(
      'href',
      'mailto:grace@example.com',
    );
    expect(screen.getByRole('link', { name: '(312) 555-0100' })).toHaveAttribute(
      'href',
      'tel:3125550100',
    );
    const consent = screen.getByRole('region', { name: 'Consent' });
    expect(consent).toHaveTextContent(
      'naming your company as “Inbox Movers” among 2 movers chosen',
    );
    expect(consent).toHaveTextContent('I agree that Inbox Movers and Rival Movers may contact me');
    expect(screen.getByText(/Nobody has changed this lead yet/)).toBeInTheDocument();
    const quality = screen.getByRole('region', { name: 'Lead quality' });
    expect(quality).toHaveTextContent('Nothing unusual was found about this request.');
    expect(within(quality).queryByRole('list', { name: 'Findings' })).not.toBeInTheDocument();
    const reached = screen.getByRole('region', { name: 'How this lead reached you' });
    const lines = within(reached).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/^E-mailDeliveredE-mailed to olivia@inbox-movers\.exampleDelivered /),
      'WebhookTrying again2 attemptsYour server answered 503: only a 2xx answer counts as received',
    ]);
    expect(screen.getByRole('link', { name: '← All leads' })).toHaveAttribute(
      'href',
      '/pro/companies/7/leads',
    );
  });

  it('tells the server the lead was opened, once, and warns when the customer withdrew', async () => {
    document.cookie = 'ma_pro_csrf=token-123; path=/';
    const { fetchMock } = renderDetail((url, init) =>
      url.pathname === `${DETAIL}/opened` && init.method === 'POST'
        ? new Response(null, { status: 204 })
        : json(200, detail({ consentWithdrawnAt: '2026-11-24T09:00:00.000Z' })),
    );
    await screen.findByRole('heading', { name: 'Grace Hopper' }, SLOW);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'the customer asked us to stop your company contacting them about this move. Do not call or e-mail them',
    );
    expect(screen.getByText('Consent withdrawn — do not contact')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, `${DETAIL}/opened`)).toHaveLength(1));
    const [opened] = callsTo(fetchMock, `${DETAIL}/opened`);
    expect(opened!.init.method).toBe('POST');
    expect(new Headers(opened!.init.headers).get('X-CSRF-Token')).toBe('token-123');
  });

  it('marks the lead contacted with a note, sending the CSRF token, and shows the history', async () => {
    const user = userEvent.setup();
    document.cookie = 'ma_pro_csrf=token-123; path=/';
    let current = detail();
    const { fetchMock } = renderDetail((url, init) => {
      if (url.pathname === `${DETAIL}/status` && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { status: 'contacted'; note?: string };
        current = detail({ status: body.status, note: body.note ?? null }, [
          {
            fromStatus: 'new',
            toStatus: body.status,
            note: body.note ?? null,
            changedBy: 'Olivia Owner',
            changedAt: '2026-11-27T10:00:00.000Z',
          },
        ]);
        return json(200, current);
      }
      return json(200, current);
    });
    await screen.findByRole('heading', { name: 'Grace Hopper' }, SLOW);
    const form = screen.getByRole('form', { name: 'Change status' });
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.selectOptions(within(form).getByLabelText('Status'), 'contacted');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Called, quote by Friday');
    await user.click(save);

    expect(await screen.findByText('Lead updated', {}, SLOW)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, `${DETAIL}/status`);
    expect(call!.init.method).toBe('PATCH');
    expect(new Headers(call!.init.headers).get('X-CSRF-Token')).toBe('token-123');
    expect(JSON.parse(String(call!.init.body))).toEqual({
      status: 'contacted',
      note: 'Called, quote by Friday',
    });
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('New → Contacted');
    expect(history).toHaveTextContent('by Olivia Owner');
    expect(history).toHaveTextContent('Called, quote by Friday');
  });

  it('says why a change was refused, in the words of the server', async () => {
    const user = userEvent.setup();
    renderDetail((url, init) =>
      init.method === 'PATCH'
        ? json(409, {
            error: 'A colleague changed this lead a moment ago. Reload it and try again.',
          })
        : json(200, detail()),
    );
    await screen.findByRole('heading', { name: 'Grace Hopper' }, SLOW);
    await user.selectOptions(screen.getByLabelText('Status'), 'lost');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The lead was not changed', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/A colleague changed this lead a moment ago/)).toBeInTheDocument();
  });

  it('shows what the checks found, as badges and sentences', async () => {
    renderDetail(() =>
      json(
        200,
        detail({}, [], {
          quality: {
            flags: ['disposable-email', 'repeat'],
            notes: [
              'The e-mail address is from a throwaway mail service.',
              'The same phone number asked for quotes on Nov 20, 2026 (request P3X9T2K7QW).',
            ],
            repeatOf: { publicId: 'P3X9T2K7QW', receivedAt: '2026-11-20T10:00:00.000Z' },
          },
        }),
      ),
    );
    const quality = await screen.findByRole('region', { name: 'Lead quality' }, SLOW);
    const findings = within(quality).getByRole('list', { name: 'Findings' });
    expect(
      within(findings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Throwaway e-mail', 'Repeat request']);
    expect(
      within(quality).getByText('The e-mail address is from a throwaway mail service.'),
    ).toBeInTheDocument();
    expect(
      within(quality).getByText(
        'The same phone number asked for quotes on Nov 20, 2026 (request P3X9T2K7QW).',
      ),
    ).toBeInTheDocument();
  });

  it('sends no return until it has a reason, and details for “Another reason”', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetail(() => json(200, detail()));
    await user.click(await screen.findByRole('button', { name: 'Return this lead' }, SLOW));
    const form = screen.getByRole('form', { name: 'Return this lead' });
    const reasons = within(form).getByRole('group', { name: 'Why are you returning this lead?' });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(6);
    expect(
      within(reasons).getByRole('radio', { name: 'The phone number is wrong or not in service' }),
    ).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Send the return' }));
    expect(reasons).toHaveAccessibleDescription('Choose why you are returning this lead');

    await user.click(within(reasons).getByRole('radio', { name: 'Another reason' }));
    await user.click(within(form).getByRole('button', { name: 'Send the return' }));
    const details = within(form).getByLabelText('Details');
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(details).toHaveAccessibleDescription(
      expect.stringContaining('Tell us the reason in a few words'),
    );
    expect(details).toHaveFocus();
    expect(reasons).not.toHaveAccessibleDescription();
    expect(callsTo(fetchMock, `${DETAIL}/return`)).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Return this lead' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return this lead' })).toHaveFocus();
  });

  it('returns the lead with the CSRF token, then shows it waiting for staff', async () => {
    const user = userEvent.setup();
    document.cookie = 'ma_pro_csrf=token-123; path=/';
    let current = detail();
    const { fetchMock } = renderDetail((url, init) => {
      if (url.pathname === `${DETAIL}/return` && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { reason: 'wrong-phone'; note: string };
        current = detail({}, [], { return: leadReturn({ reason: body.reason, note: body.note }) });
        return json(201, current);
      }
      return json(200, current);
    });
    await user.click(await screen.findByRole('button', { name: 'Return this lead' }, SLOW));
    const form = screen.getByRole('form', { name: 'Return this lead' });
    await user.click(
      within(form).getByRole('radio', { name: 'The phone number is wrong or not in service' }),
    );
    const details = within(form).getByLabelText('Details');
    expect(details).toHaveAccessibleDescription(expect.stringContaining('0 of 1,000 characters'));
    await user.type(details, '  Number belongs to a bakery ');
    expect(details).toHaveAccessibleDescription(expect.stringContaining('26 of 1,000 characters'));
    await user.click(within(form).getByRole('button', { name: 'Send the return' }));

    expect(await screen.findByText('Return sent', {}, SLOW)).toBeInTheDocument();
    const calls = callsTo(fetchMock, `${DETAIL}/return`);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('X-CSRF-Token')).toBe('token-123');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      reason: 'wrong-phone',
      note: 'Number belongs to a bakery',
    });
    const sent = screen.getByRole('region', { name: 'Your return of this lead' });
    expect(sent).toHaveTextContent('Waiting for our staff');
    expect(sent).toHaveTextContent('The phone number is wrong or not in service');
    expect(sent).toHaveTextContent('Number belongs to a bakery');
    expect(sent).toHaveTextContent('by Olivia Owner');
    expect(sent).toHaveTextContent('Our staff will answer by e-mail.');
    await waitFor(() => expect(sent).toContainElement(document.activeElement as HTMLElement));
    expect(screen.queryByRole('button', { name: 'Return this lead' })).not.toBeInTheDocument();
  });

  it('says why a return was refused, in the words of the server', async () => {
    const user = userEvent.setup();
    renderDetail((url) =>
      url.pathname === `${DETAIL}/return`
        ? json(409, { error: 'A colleague has already returned this lead.' })
        : json(200, detail()),
    );
    await user.click(await screen.findByRole('button', { name: 'Return this lead' }, SLOW));
    const form = screen.getByRole('form', { name: 'Return this lead' });
    await user.click(within(form).getByRole('radio', { name: 'We already had this request' }));
    await user.click(within(form).getByRole('button', { name: 'Send the return' }));
    expect(await within(form).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'A colleague has already returned this lead.',
    );
    expect(within(form).getByRole('button', { name: 'Send the return' })).toBeEnabled();
  });

  it('shows staff’s answer to a refused return', async () => {
    renderDetail(() =>
      json(
        200,
        detail({}, [], {
          return: leadReturn({
            status: 'refused',
            reason: 'unreachable',
            decidedAt: '2026-11-26T09:00:00.000Z',
            decisionNote: 'The customer answered our call on Nov 26.',
          }),
        }),
      ),
    );
    const sent = await screen.findByRole('region', { name: 'Your return of this lead' }, SLOW);
    expect(sent).toHaveTextContent('Return refused');
    expect(sent).toHaveTextContent('No answer to calls or e-mails for three days');
    expect(sent).toHaveTextContent("Our staff's answer: The customer answered our call on Nov 26.");
    expect(sent).not.toHaveTextContent('Our staff will answer by e-mail.');
    expect(screen.queryByRole('button', { name: 'Return this lead' })).not.toBeInTheDocument();
  });

  it('says so when the lead is not one of the company’s', async () => {
    renderDetail(() => json(404, { error: 'No such lead' }));
    expect(
      await screen.findByRole('heading', { name: 'Lead not found' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('No such lead')).toBeInTheDocument();
  });
});
