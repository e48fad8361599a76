import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProLeadDetail } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as LeadDetailPage } from './lead-detail-page';
import { callsTo, json, renderProScreens } from './test-support';

const SLOW = { timeout: 5000 };
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
    expect(screen.getByRole('link', { name: '← All leads' })).toHaveAttribute(
      'href',
      '/pro/companies/7/leads',
    );
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

  it('says so when the lead is not one of the company’s', async () => {
    renderDetail(() => json(404, { error: 'No such lead' }));
    expect(
      await screen.findByRole('heading', { name: 'Lead not found' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('No such lead')).toBeInTheDocument();
  });
});
