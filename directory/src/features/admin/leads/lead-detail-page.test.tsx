import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_COOKIE, CSRF_HEADER, type AdminLeadDetail } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as LeadDetailPage } from './lead-detail-page';
import { json, renderAdminScreens, type Api } from '../test-support';

/** The machine may be busy: the lazily loaded toast region and the queries get a few seconds. */
// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

function detail(overrides: Partial<AdminLeadDetail> = {}): AdminLeadDetail {
  return {
    lead: {
      id: 7,
      publicId: 'K7Q2M9XH4D',
      createdAt: '2026-11-23T06:40:00.000Z',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '3125550100',
      fromLocation: 'Chicago, IL 60601',
      fromState: 'IL',
      toLocation: 'Austin, TX 73301',
      toState: 'TX',
      moveSize: 'studio',
      moveDate: '12/15/2026',
      siteId: 'demo-partner',
      status: 'new',
      delivery: 'dead',
      qualityFlags: [],
      leadUuid: 'test-1234-5678',
      partnerName: 'Demo partner page',
      sessionId: null,
      pingId: 'ping-1',
      fromZip: '60601',
      fromCity: 'Chicago',
      toZip: '73301',
      toCity: 'Austin',
      numberOfRooms: 1,
      needsAutoTransport: true,
      autoTransport: { year: '2019', make: 'Honda', model: 'Civic', condition: 'running' },
      deliveryStatus: 'pending',
      backendLeadId: null,
      deliveredAt: null,
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      origin: 'http://localhost:4000',
      updatedAt: '2026-11-23T06:41:00.000Z',
      wire: { first_name: 'Grace', lead_new_id: 'K7Q2M9XH4D' },
    },
    consent: {
      version: '2026-11-23',
      text: 'By checking this box … Windy City Movers …',
      companies: [{ id: 101, name: 'Windy City Movers' }],
      checked: true,
      consentedAt: '2026-11-23T06:40:00.000Z',
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      pageUrl: 'https://partner.example/quote',
    },
    companies: [
      {
        id: 101,
        name: 'Windy City Movers',
        slug: 'windy-city-movers',
        city: 'Chicago',
        state: 'IL',
      },
      { id: 'x-9', name: 'Gone Movers', slug: null, city: null, state: null },
    ],
    session: null,
    delivery: {
      state: 'dead',
      job: {
        id: 55,
        status: 'dead',
        attempts: 8,
        maxAttempts: 8,
        runAt: '2026-11-23T07:00:00.000Z',
        lastError: 'lead backend answered 503',
        createdAt: '2026-11-23T06:40:00.000Z',
        updatedAt: '2026-11-23T07:00:00.000Z',
      },
      attempts: [
        {
          attempt: 8,
          event: 'dead',
          message: 'lead backend answered 503',
          at: '2026-11-23T07:00:00.000Z',
        },
      ],
      canRetry: true,
    },
    statusHistory: [
      {
        fromStatus: null,
        toStatus: 'new',
        changedBy: null,
        note: null,
        changedAt: '2026-11-23T06:40:00.000Z',
      },
    ],
    moverDeliveries: [
      {
        companyId: 101,
        companyName: 'Windy City Movers',
        channel: 'email',
        status: 'delivered',
        attempts: 1,
        detail: 'E-mailed to dispatch@windycity.example',
        deliveredAt: '2026-11-23T06:40:02.000Z',
      },
      {
        companyId: 101,
        companyName: 'Windy City Movers',
        channel: 'webhook',
        status: 'failed',
        attempts: 10,
        detail: 'Your server did not answer within 10 seconds',
        deliveredAt: null,
      },
    ],
    quality: {
      flags: [],
      notes: ['Nothing unusual was found about this request.'],
      repeatOf: null,
    },
    returns: [],
    ...overrides,
  };
}

function renderDetail(api: Api, path = '/admin/leads/7') {
  return renderAdminScreens(path, [{ path: 'leads/:id', Component: LeadDetailPage }], api);
}

describe('one lead', () => {
  it('shows every part of the record', async () => {
    renderDetail(() => json(200, detail()));
    expect(
      await screen.findByRole('heading', { name: 'Grace Hopper', level: 2 }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('(312) 555-0100')).toBeInTheDocument();
    expect(screen.getByText('2019 Honda Civic (running)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Windy City Movers' }).getAttribute('href')).toBe(
      '/company/windy-city-movers',
    );
    expect(screen.getByText('Gone Movers')).toBeInTheDocument();
    expect(screen.getByText('https://partner.example/quote')).toBeInTheDocument();
    expect(screen.getByText('lead backend answered 503', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('8 of 8')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Job 55' }).getAttribute('href')).toBe(
      '/admin/jobs/55',
    );
    expect(screen.getByText('The widget sent no session with this lead.')).toBeInTheDocument();
    const deliveries = screen.getByRole('region', { name: 'Delivery to the movers' });
    expect(
      within(deliveries)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      expect.stringMatching(
        /^Windy City Movers · E-mailDeliveredE-mailed to dispatch@windycity\.example/,
      ),
      'Windy City Movers · WebhookGave up10 attemptsYour server did not answer within 10 seconds',
    ]);
    expect(screen.getByRole('region', { name: 'Status history' }).textContent).toContain(
      'Received as New',
    );
    const quality = screen.getByRole('region', { name: 'Lead quality' });
    expect(quality).toHaveTextContent('Nothing unusual was found about this request.');
    expect(within(quality).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Returns by movers' })).not.toBeInTheDocument();
  });

  it('shows what the checks found and the movers’ returns', async () => {
    renderDetail(() =>
      json(
        200,
        detail({
          quality: {
            flags: ['sample-phone', 'repeat'],
            notes: [
              'The phone number is one of the sample numbers films use.',
              'The same e-mail address asked for quotes on Nov 20, 2026 (request P3X9T2K7QW).',
            ],
            repeatOf: { publicId: 'P3X9T2K7QW', receivedAt: '2026-11-20T10:00:00.000Z' },
          },
          returns: [
            {
              id: 3,
              status: 'requested',
              reason: 'other',
              note: 'The customer is moving an office, we only do homes.',
              requestedBy: 'Olivia Owner',
              requestedAt: '2026-11-25T15:00:00.000Z',
              decidedAt: null,
              decisionNote: null,
              companyName: 'Windy City Movers',
            },
            {
              id: 2,
              status: 'refused',
              reason: 'unreachable',
              note: null,
              requestedBy: null,
              requestedAt: '2026-11-24T15:00:00.000Z',
              decidedAt: '2026-11-25T09:00:00.000Z',
              decisionNote: 'The customer answered our call.',
              companyName: 'Lakeshore Moving',
            },
          ],
        }),
      ),
    );
    const quality = await screen.findByRole('region', { name: 'Lead quality' }, SLOW);
    expect(
      within(within(quality).getByRole('list', { name: 'Findings' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sample phone number', 'Repeat request']);
    expect(quality).toHaveTextContent('The phone number is one of the sample numbers films use.');
    expect(quality).toHaveTextContent('(request P3X9T2K7QW)');
    expect(
      within(quality).getByRole('link', { name: 'Find request P3X9T2K7QW in all leads' }),
    ).toHaveAttribute('href', '/admin/leads?q=P3X9T2K7QW');

    const returns = screen.getByRole('region', { name: 'Returns by movers' });
    const [waiting, refused] = within(returns).getAllByRole('listitem');
    expect(waiting).toHaveTextContent('Windy City MoversWaiting for a decision');
    expect(waiting).toHaveTextContent('Another reason');
    expect(waiting).toHaveTextContent('The customer is moving an office, we only do homes.');
    expect(waiting).toHaveTextContent('Asked by Olivia Owner, Nov 25, 2026');
    expect(waiting).not.toHaveTextContent('answer');
    expect(refused).toHaveTextContent('Lakeshore MovingRefused');
    expect(refused).toHaveTextContent('No answer to calls or e-mails for three days');
    expect(refused).toHaveTextContent(
      /Staff's answer \(Nov 25, 2026, .+\): The customer answered our call\./,
    );
    expect(within(returns).getByRole('link', { name: 'Answer in Lead returns' })).toHaveAttribute(
      'href',
      '/admin/lead-returns',
    );
  });

  it('changes the status with the CSRF token and shows who changed it', async () => {
    const user = userEvent.setup();
    document.cookie = `${CSRF_COOKIE}=token-123; path=/`;
    const posted: Array<{ url: string; init: RequestInit }> = [];
    renderDetail((url, init) => {
      if (init.method === 'POST') {
        posted.push({ url, init });
        return json(
          200,
          detail({
            lead: { ...detail().lead, status: 'contacted' },
            statusHistory: [
              ...detail().statusHistory,
              {
                fromStatus: 'new',
                toStatus: 'contacted',
                changedBy: 'ops-admin',
                note: 'Left a voicemail',
                changedAt: '2026-11-23T08:00:00.000Z',
              },
            ],
          }),
        );
      }
      return json(200, detail());
    });
    const form = await screen.findByRole('form', { name: 'Change status' }, SLOW);
    const submit = within(form).getByRole('button', { name: 'Update status' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(within(form).getByLabelText('Status'), 'contacted');
    await user.type(within(form).getByLabelText('Note (optional)'), ' Left a voicemail ');
    await user.click(submit);

    expect(await screen.findByText('Status updated', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper is now Contacted.')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('/api/admin/leads/7/status');
    expect(new Headers(posted[0]!.init.headers).get(CSRF_HEADER)).toBe('token-123');
    expect(JSON.parse(String(posted[0]!.init.body))).toEqual({
      status: 'contacted',
      note: 'Left a voicemail',
    });
    const history = screen.getByRole('region', { name: 'Status history' });
    await waitFor(() => expect(history.textContent).toContain('New → Contacted'), SLOW);
    expect(history.textContent).toContain('by ops-admin');
    expect(history.textContent).toContain('Left a voicemail');
  });

  it('retries a dead letter only after confirmation', async () => {
    const user = userEvent.setup();
    const posted: string[] = [];
    renderDetail((url, init) => {
      if (init.method === 'POST') {
        posted.push(url);
        return json(
          200,
          detail({
            lead: { ...detail().lead, delivery: 'pending' },
            delivery: {
              ...detail().delivery,
              state: 'pending',
              canRetry: false,
              job: { ...detail().delivery.job!, status: 'queued', attempts: 0 },
            },
          }),
        );
      }
      return json(200, detail());
    });
    await user.click(await screen.findByRole('button', { name: 'Retry delivery' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: "Retry this lead's delivery?" }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Retry delivery' }));
    await user.click(
      within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', {
        name: 'Retry now',
      }),
    );
    expect(await screen.findByText('Delivery queued again', {}, SLOW)).toBeInTheDocument();
    expect(posted).toEqual(['/api/admin/leads/7/retry']);
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'Retry delivery' })).toBeNull(),
      SLOW,
    );
    expect(screen.getByText('0 of 8')).toBeInTheDocument();
  });

  it('says so when the lead does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDetail(() => json(404, { error: 'No lead with id 999' }), '/admin/leads/999');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Lead not found');
    expect(alert.textContent).toContain('No lead with id 999');
  });
});
