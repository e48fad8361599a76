import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_HEADER,
  WEBHOOK_VERIFY_SNIPPET,
  type ProCompany,
  type ProDelivery,
  type ProDeliveryList,
  type ProWebhook,
  type WebhookAttempt,
} from '@moveratlas/contracts';
import { formatDateTime } from '../../../components/dashboard/date-time';
import type { RouteObject } from 'react-router-dom';
import { resetToasts } from '../../../components/toast/toast-store';
import { ProErrorBoundary, ProRoute } from '../pro-route';
import { proScreens } from '../pro-screens';
import { bodyOf, json, OWNED, renderScreen, STAFFED } from '../screens-test-support';
import { BRAVO, renderRoutes, signedInStatus } from '../test-support';
import { DeliveryScreen } from './delivery-screen';

const WEBHOOK = '/api/pro/companies/7/webhook';
const SECRET = '/api/pro/companies/7/webhook/secret';
const TEST = '/api/pro/companies/7/webhook/test';
const DELIVERIES = '/api/pro/companies/7/deliveries';
const SCREEN = '/pro/companies/7/delivery';

const attempt = (id: number, overrides: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  id,
  deliveryId: 11,
  eventType: 'lead.created',
  attempt: 1,
  at: '2026-11-23T06:40:00.000Z',
  durationMs: 84,
  statusCode: 200,
  outcome: 'delivered',
  error: null,
  ...overrides,
});

const HOOK: ProWebhook = {
  url: 'https://crm.acme.example/leads',
  enabled: true,
  secret: 'whsec_first_secret',
  previousSecretUntil: null,
  attempts: [
    attempt(3, {
      attempt: 2,
      durationMs: 1250,
      statusCode: 500,
      outcome: 'rejected',
      error: 'Your server answered 500: only a 2xx answer counts as received',
    }),
    attempt(2, {
      statusCode: null,
      durationMs: 10000,
      outcome: 'timeout',
      error: 'Your server did not answer within 10 seconds',
    }),
    attempt(1, { deliveryId: null, eventType: 'test' }),
  ],
};
const NO_HOOK: ProWebhook = {
  url: null,
  enabled: false,
  secret: null,
  previousSecretUntil: null,
  attempts: [],
};

const delivery = (id: number, overrides: Partial<ProDelivery> = {}): ProDelivery => ({
  id,
  leadId: 40 + id,
  leadPublicId: `REQ${id}XYZ`,
  customerName: `Ada Lovelace${id}`,
  channel: 'webhook',
  status: 'delivered',
  attempts: 1,
  detail: null,
  lastStatusCode: 200,
  idempotencyKey: `${40 + id}-7`,
  createdAt: '2026-11-23T06:40:00.000Z',
  deliveredAt: '2026-11-23T06:40:01.000Z',
  ...overrides,
});

const LOG: ProDelivery[] = [
  delivery(14, { status: 'retrying', attempts: 3, detail: 'Your server answered 503' }),
  delivery(13, { channel: 'email', detail: 'E-mailed to dana@acme.example' }),
  delivery(12, { status: 'failed', attempts: 10, detail: 'Gave up after 10 attempts' }),
  delivery(11, { status: 'cancelled', detail: 'The customer withdrew' }),
];
const page = (deliveries: ProDelivery[], total = deliveries.length): ProDeliveryList => ({
  deliveries,
  total,
  page: 1,
  pageSize: 25,
});

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * The API as the screen meets it: the webhook and the log as given, and any request the test answers
 * itself (by "METHOD path"); anything else is a 404 the test would see.
 */
function api({
  webhook = HOOK,
  list = () => page(LOG),
  handlers = {},
}: {
  webhook?: ProWebhook;
  list?: (url: URL) => ProDeliveryList | Response;
  handlers?: Record<string, Handler>;
} = {}) {
  return (raw: string, init: RequestInit) => {
    const url = new URL(raw, 'http://pro.test');
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`];
    if (handler) return handler(url, init);
    if (url.pathname === WEBHOOK && !init.method) return json(200, webhook);
    if (url.pathname === DELIVERIES && !init.method) {
      const answer = list(url);
      return answer instanceof Response ? answer : json(200, answer);
    }
    return json(404, { error: 'Not here' });
  };
}

function renderDelivery(
  company: ProCompany,
  options: Parameters<typeof api>[0] = {},
  path = SCREEN,
) {
  return renderScreen(
    [{ path: 'pro/companies/:companyId/delivery', element: <DeliveryScreen company={company} /> }],
    path,
    api(options),
  );
}

/** The requests made to one path (whatever their query), with their init. */
const requestsTo = (fetchMock: ReturnType<typeof vi.fn>, pathname: string, method = 'GET') =>
  fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://pro.test'),
      init: (init ?? {}) as RequestInit,
    }))
    .filter((call) => call.url.pathname === pathname && (call.init.method ?? 'GET') === method);

const csrfOf = (init: RequestInit) => new Headers(init.headers).get(CSRF_HEADER);

beforeEach(() => {
  document.cookie = 'ma_pro_csrf=csrf-token-1';
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'ma_pro_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('the Lead delivery screen in the /pro area', () => {
  it('is served at /pro/companies/:id/delivery, with its link in the menu', async () => {
    const area: RouteObject[] = [
      {
        path: 'pro',
        Component: ProRoute,
        children: [{ ErrorBoundary: ProErrorBoundary, children: proScreens }],
      },
    ];
    renderRoutes(area, '/pro/companies/12/delivery', (url) =>
      url === '/api/pro/auth/status'
        ? json(200, signedInStatus([BRAVO]))
        : url === '/api/pro/companies/12/webhook'
          ? json(200, { ...HOOK, secret: null })
          : url === '/api/pro/companies/12/deliveries'
            ? json(200, page(LOG))
            : json(404, { error: 'No such thing' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lead delivery' }),
    ).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(menu).getByRole('link', { name: 'Lead delivery' })).toHaveAttribute(
      'href',
      '/pro/companies/12/delivery',
    );
    expect(await screen.findByLabelText('Webhook address')).toHaveValue(
      'https://crm.acme.example/leads',
    );
    expect(await screen.findByRole('table', { name: 'Deliveries' })).toBeInTheDocument();
  });
});

describe('the Lead delivery screen: the webhook', () => {
  it('says where leads go, linking to Leads and Notifications', async () => {
    renderDelivery(OWNED);
    expect(await screen.findByRole('heading', { level: 2, name: 'Webhook' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Delivery log' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leads' })).toHaveAttribute(
      'href',
      '/pro/companies/7/leads',
    );
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/pro/companies/7/notifications',
    );
  });

  it('lets an owner set up a webhook, checking the address first, with the CSRF header', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDelivery(OWNED, {
      webhook: NO_HOOK,
      handlers: { [`PUT ${WEBHOOK}`]: () => json(200, { ...HOOK, attempts: [] }) },
    });
    const address = await screen.findByLabelText('Webhook address');
    expect(address).toHaveValue('');
    const enabled = screen.getByRole('checkbox', { name: 'Send leads to this address' });
    expect(enabled).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Send a test event' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Signing secret' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(address).toHaveAccessibleDescription(/Enter the address of your webhook/);
    expect(requestsTo(fetchMock, WEBHOOK, 'PUT')).toHaveLength(0);

    await user.type(address, '  https://crm.acme.example/leads ');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText('Webhook saved')).toBeInTheDocument();
    const [put] = requestsTo(fetchMock, WEBHOOK, 'PUT');
    expect(bodyOf(put!.init)).toEqual({ url: 'https://crm.acme.example/leads', enabled: true });
    expect(csrfOf(put!.init)).toBe('csrf-token-1');
    // Saved: the secret and the test event are there now.
    expect(screen.getByRole('region', { name: 'Signing secret' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test event' })).toBeInTheDocument();
    expect(address).toHaveValue('https://crm.acme.example/leads');
  });

  it('turns the webhook off, and shows the server’s words when it refuses an address', async () => {
    const user = userEvent.setup();
    // The failed write is logged (query-client.ts); the screen shows it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let refuse = true;
    const { fetchMock } = renderDelivery(OWNED, {
      handlers: {
        [`PUT ${WEBHOOK}`]: (_url, init) =>
          refuse
            ? json(400, {
                error: 'That address cannot receive leads: only https:// addresses.',
              })
            : json(200, { ...HOOK, ...(bodyOf(init) as object) }),
      },
    });
    const address = await screen.findByLabelText('Webhook address');
    expect(address).toHaveValue('https://crm.acme.example/leads');
    await user.clear(address);
    await user.type(address, 'http://crm.acme.example/leads');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That address cannot receive leads: only https:// addresses.',
    );
    expect(screen.queryByText('Webhook saved')).toBeNull();

    refuse = false;
    await user.clear(address);
    await user.type(address, 'https://crm.acme.example/v2');
    await user.click(screen.getByRole('checkbox', { name: 'Send leads to this address' }));
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText('Webhook saved')).toBeInTheDocument();
    expect(bodyOf(requestsTo(fetchMock, WEBHOOK, 'PUT').at(-1)!.init)).toEqual({
      url: 'https://crm.acme.example/v2',
      enabled: false,
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Send leads to this address' })).not.toBeChecked();
  });

  it('shows the secret on demand, copies it, and replaces it after asking', async () => {
    const user = userEvent.setup();
    const until = '2026-11-24T06:40:00.000Z';
    const { fetchMock } = renderDelivery(OWNED, {
      handlers: {
        [`POST ${SECRET}`]: () =>
          json(200, { ...HOOK, secret: 'whsec_second_secret', previousSecretUntil: until }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Signing secret' });
    expect(within(card).queryByText('whsec_first_secret')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Show the secret' }));
    expect(within(card).getByText('whsec_first_secret')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Hide the secret' }));
    expect(within(card).queryByText('whsec_first_secret')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Copy the secret' }));
    expect(await screen.findByText('Secret copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('whsec_first_secret');

    await user.click(within(card).getByRole('button', { name: 'Replace the secret' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace the signing secret?' });
    expect(dialog).toHaveTextContent(/The old secret keeps working for 24 hours too/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchMock, SECRET, 'POST')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Replace the secret' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Replace the signing secret?' })).getByRole(
        'button',
        { name: 'Replace the secret' },
      ),
    );
    expect(await within(card).findByText('whsec_second_secret')).toBeInTheDocument();
    expect(
      within(card).getByText(`The previous secret also signs until ${formatDateTime(until)}.`),
    ).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, SECRET, 'POST');
    expect(csrfOf(post!.init)).toBe('csrf-token-1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says in the dialog why the secret could not be replaced', async () => {
    const user = userEvent.setup();
    // The failed write is logged (query-client.ts); the screen shows it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDelivery(OWNED, {
      handlers: {
        [`POST ${SECRET}`]: () =>
          json(409, { error: 'Set up the webhook first: there is no secret to replace yet' }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Signing secret' });
    await user.click(within(card).getByRole('button', { name: 'Replace the secret' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace the signing secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace the secret' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Set up the webhook first: there is no secret to replace yet',
    );
  });

  it('sends a test event and says how the server answered, in a live region', async () => {
    const user = userEvent.setup();
    // The failed write is logged (query-client.ts); the screen shows it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const results = [
      json(200, { attempt: attempt(9, { eventType: 'test', deliveryId: null }) }),
      json(200, {
        attempt: attempt(10, {
          eventType: 'test',
          deliveryId: null,
          statusCode: 401,
          outcome: 'rejected',
          error: 'Your server answered 401: only a 2xx answer counts as received',
        }),
      }),
      json(429, { error: 'You sent several test events just now: please wait a minute' }),
    ];
    const { fetchMock } = renderDelivery(OWNED, {
      handlers: { [`POST ${TEST}`]: () => results.shift()! },
    });
    const send = await screen.findByRole('button', { name: 'Send a test event' });
    await user.click(send);
    const result = await screen.findByText('Your server answered 200 in 84 ms.');
    expect(result).toHaveAttribute('aria-live', 'polite');
    expect(csrfOf(requestsTo(fetchMock, TEST, 'POST')[0]!.init)).toBe('csrf-token-1');
    // The call joins the list of recent calls: the webhook is read again.
    await waitFor(() => expect(requestsTo(fetchMock, WEBHOOK)).toHaveLength(2));

    await user.click(send);
    await waitFor(() =>
      expect(result).toHaveTextContent(
        'Your server answered 401: only a 2xx answer counts as received',
      ),
    );
    await user.click(send);
    await waitFor(() =>
      expect(result).toHaveTextContent(
        'You sent several test events just now: please wait a minute',
      ),
    );
    expect(requestsTo(fetchMock, TEST, 'POST')).toHaveLength(3);
  });

  it('lists the recent webhook calls in words', async () => {
    renderDelivery(OWNED);
    const table = await screen.findByRole('table', { name: 'Recent webhook calls' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        formatDateTime('2026-11-23T06:40:00.000Z'),
        'Lead',
        '2',
        '500',
        '1,250 ms',
        'Refused by your serverYour server answered 500: only a 2xx answer counts as received',
      ],
      [
        formatDateTime('2026-11-23T06:40:00.000Z'),
        'Lead',
        '1',
        'No answer',
        '10,000 ms',
        'No answer in timeYour server did not answer within 10 seconds',
      ],
      [formatDateTime('2026-11-23T06:40:00.000Z'), 'Test event', '1', '200', '84 ms', 'Received'],
    ]);
    // Phones get the same calls as cards.
    const cards = screen.getByRole('list', { name: 'Recent webhook calls' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says when no call was made yet', async () => {
    renderDelivery(OWNED, { webhook: { ...HOOK, attempts: [] } });
    expect(
      await screen.findByText('No calls yet. Send a test event to try your webhook.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent webhook calls' })).toBeNull();
  });

  it('offers the signature check’s code to copy', async () => {
    const user = userEvent.setup();
    renderDelivery(STAFFED, { webhook: { ...HOOK, secret: null } });
    const summary = await screen.findByText('How to check the signature');
    const details = summary.closest('details')!;
    expect(details).toHaveTextContent(/MoverAtlas-Signature header/);
    expect(details).toHaveTextContent(/more than 5 minutes ago: it is a replay/);
    expect(details.querySelector('pre code')!.textContent).toBe(WEBHOOK_VERIFY_SNIPPET);
    await user.click(summary);
    await user.click(within(details).getByRole('button', { name: 'Copy the code' }));
    expect(await screen.findByText('Code copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(WEBHOOK_VERIFY_SNIPPET);
  });

  it('shows staff the webhook without its secret, and without Save or the test', async () => {
    renderDelivery(STAFFED, { webhook: { ...HOOK, secret: null } });
    const address = await screen.findByLabelText('Webhook address');
    expect(address).toHaveValue('https://crm.acme.example/leads');
    expect(address).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Send leads to this address' })).toBeDisabled();
    expect(screen.getByText('Only an owner can change the webhook.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save webhook' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a test event' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Signing secret' })).toBeNull();
    expect(screen.queryByRole('button', { name: /secret/ })).toBeNull();
    // The log is there, without "Send again".
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(table).getByRole('link', { name: 'Ada Lovelace12' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send again/ })).toBeNull();
  });

  it('says when the webhook cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    renderDelivery(OWNED, {
      handlers: {
        [`GET ${WEBHOOK}`]: () =>
          fail ? json(500, { error: 'The database is busy' }) : json(200, HOOK),
      },
    });
    const failure = await screen.findByText('Could not load your webhook.');
    expect(failure.parentElement).toHaveTextContent('The database is busy');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Webhook address')).toHaveValue(
      'https://crm.acme.example/leads',
    );
  });
});

describe('the Lead delivery screen: the delivery log', () => {
  it('lists the deliveries, each linking to its lead, with "Send again" where it can be', async () => {
    renderDelivery(OWNED, { list: () => page(LOG, 30) });
    expect(await screen.findByText('30 deliveries')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Deliveries' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    const email = within(rows[2]!);
    expect(email.getByRole('link', { name: 'Ada Lovelace13' })).toHaveAttribute(
      'href',
      '/pro/companies/7/leads/53',
    );
    expect(email.getByText('REQ13XYZ')).toBeInTheDocument();
    expect(email.getByText('E-mail')).toBeInTheDocument();
    expect(email.getByText('Delivered')).toBeInTheDocument();
    expect(email.getByText('E-mailed to dana@acme.example')).toBeInTheDocument();
    const failed = within(rows[3]!);
    expect(failed.getByText('Gave up')).toBeInTheDocument();
    expect(failed.getByText('10')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Trying again')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('Cancelled')).toBeInTheDocument();
    // Finished deliveries only: not one still being tried, nor one the customer withdrew.
    expect(
      within(table)
        .getAllByRole('button', { name: /^Send again/ })
        .map((button) => button.textContent),
    ).toEqual(['Send again: Ada Lovelace13 by e-mail', 'Send again: Ada Lovelace12 by webhook']);
    // Phones get the same deliveries as cards.
    const cards = screen.getByRole('list', { name: 'Deliveries' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Older' })).toHaveAttribute(
      'href',
      '/pro/companies/7/delivery?page=2',
    );
  });

  it('filters by channel and status, in the URL and in the request', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderDelivery(
      OWNED,
      { list: (url) => (url.searchParams.has('status') ? page([LOG[2]!]) : page(LOG, 60)) },
      `${SCREEN}?page=2`,
    );
    await screen.findByText('60 deliveries');
    expect(Object.fromEntries(requestsTo(fetchMock, DELIVERIES)[0]!.url.searchParams)).toEqual({
      page: '2',
    });
    await user.selectOptions(screen.getByLabelText('Channel'), 'Webhook');
    await user.selectOptions(screen.getByLabelText('Status'), 'Gave up');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('1 delivery matches these filters')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?channel=webhook&status=failed');
    const last = requestsTo(fetchMock, DELIVERIES).at(-1)!.url;
    expect(Object.fromEntries(last.searchParams)).toEqual({ channel: 'webhook', status: 'failed' });
    expect(screen.getByLabelText('Channel')).toHaveValue('webhook');
  });

  it('sends a delivery again after asking, then reads the log again', async () => {
    const user = userEvent.setup();
    const redeliver = '/api/pro/companies/7/deliveries/12/redeliver';
    const { fetchMock } = renderDelivery(OWNED, {
      handlers: { [`POST ${redeliver}`]: () => json(202, { queued: true }) },
    });
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    await user.click(
      within(table).getByRole('button', { name: 'Send again: Ada Lovelace12 by webhook' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Send this lead again?' });
    expect(dialog).toHaveTextContent(
      'We send it with the same idempotency key, so your system can tell it is the same lead.',
    );
    expect(requestsTo(fetchMock, redeliver, 'POST')).toHaveLength(0);
    const reads = requestsTo(fetchMock, DELIVERIES).length;
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));

    expect(await screen.findByText('Sent again: it is in the queue')).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, redeliver, 'POST');
    expect(csrfOf(post!.init)).toBe('csrf-token-1');
    await waitFor(() => expect(requestsTo(fetchMock, DELIVERIES).length).toBe(reads + 1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows why a delivery could not be sent again', async () => {
    const user = userEvent.setup();
    // The failed write is logged (query-client.ts); the screen shows it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDelivery(OWNED, {
      handlers: {
        'POST /api/pro/companies/7/deliveries/13/redeliver': () =>
          json(409, { error: 'This lead is being delivered right now: wait for the outcome' }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    await user.click(
      within(table).getByRole('button', { name: 'Send again: Ada Lovelace13 by e-mail' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Send this lead again?' });
    expect(dialog).toHaveTextContent(/people chosen on Notifications/);
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This lead is being delivered right now: wait for the outcome',
    );
    expect(screen.queryByText('Sent again: it is in the queue')).toBeNull();
  });

  it('says when nothing was delivered yet, and when nothing matches the filters', async () => {
    renderDelivery(OWNED, { list: () => page([]) });
    expect(await screen.findByText('No leads delivered yet.')).toBeInTheDocument();
    cleanup();
    renderDelivery(OWNED, { list: () => page([]) }, `${SCREEN}?channel=email`);
    expect(await screen.findByText('No deliveries match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear the filters' })).toHaveAttribute('href', SCREEN);
  });

  it('says when the log cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    renderDelivery(OWNED, {
      list: () => (fail ? json(500, { error: 'The database is busy' }) : page(LOG)),
    });
    const failure = await screen.findByText('Could not load the delivery log.');
    expect(failure.parentElement).toHaveTextContent('The database is busy');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4 deliveries')).toBeInTheDocument();
  });
});
