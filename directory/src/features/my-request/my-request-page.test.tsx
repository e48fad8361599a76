import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyRequest } from '@moveratlas/contracts';
import { renderWithRouter } from '../../test/render-with-router';
import { Component as MyRequestPage } from './my-request-page';

const TOKEN = 'T'.repeat(43);

const VIEW: MyRequest = {
  closed: false,
  deletionRequestedAt: null,
  request: {
    publicId: 'K7QW2M9D3X',
    firstName: 'Ada',
    receivedAt: '2026-11-27T10:00:00.000Z',
    from: 'Chicago, IL 60601',
    to: 'Austin, TX 73301',
    moveDate: '2027-01-08',
    size: '2-3 Bedrooms',
  },
  movers: [
    {
      companyId: 11,
      name: 'Windy City Movers',
      phone: '3125550100',
      usdotNumber: '1234567',
      mcNumber: '765432',
      profilePath: '/company/windy-city-movers',
      state: 'opened',
      withdrawnAt: null,
    },
    {
      companyId: 12,
      name: 'Lakeshore Moving Co',
      phone: null,
      usdotNumber: null,
      mcNumber: null,
      profilePath: '/company/lakeshore-moving-co',
      state: 'sent',
      withdrawnAt: null,
    },
  ],
  expiresAt: '2027-03-09T00:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Api = (url: string, body: Record<string, unknown>) => Response;

function open(api: Api, hash = `#t=${TOKEN}`) {
  window.history.replaceState(null, '', `/my-request${hash}`);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    api(String(input), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithRouter(<MyRequestPage />, { path: '/my-request' });
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof open>) =>
  fetchMock.mock.calls.map(([url, init]) => [
    String(url),
    JSON.parse(String((init as RequestInit).body)) as unknown,
  ]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the visitor’s request page', () => {
  it('reads the link’s secret from the fragment and shows the request and each mover’s progress', async () => {
    const fetchMock = open(() => json(200, VIEW));
    expect(await screen.findByText('K7QW2M9D3X')).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([['/api/my-request', { token: TOKEN }]]);
    expect(screen.getByText('January 8, 2027')).toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: 'The movers you chose' })).getAllByRole(
      'listitem',
    );
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Windy City Movers',
      'Lakeshore Moving Co',
    ]);
    expect(cards[0]).toHaveTextContent('Opened by the mover');
    expect(cards[0]).toHaveTextContent('(312) 555-0100 · USDOT 1234567 · MC 765432');
    expect(cards[1]).toHaveTextContent('Sent to the mover');
    expect(cards[1]).toHaveTextContent('No phone listed');
  });

  it('stops one mover after a confirmation, and says so', async () => {
    const user = userEvent.setup();
    const fetchMock = open((url, body) =>
      url === '/api/my-request/withdraw' && body.companyId === 12
        ? json(200, {
            ...VIEW,
            movers: [
              VIEW.movers[0],
              { ...VIEW.movers[1], state: 'withdrawn', withdrawnAt: '2026-11-27T11:00:00.000Z' },
            ],
          })
        : json(200, VIEW),
    );
    await screen.findByText('K7QW2M9D3X');
    const lakeshore = screen.getAllByRole('listitem')[1]!;
    await user.click(
      within(lakeshore).getByRole('button', { name: 'Stop this mover contacting me' }),
    );
    expect(lakeshore).toHaveTextContent('This cannot be undone.');
    expect(posted(fetchMock)).toHaveLength(1);
    await user.click(
      within(lakeshore).getByRole('button', { name: 'Yes, stop Lakeshore Moving Co' }),
    );
    expect(
      await screen.findByText('Lakeshore Moving Co will not contact you about this move.'),
    ).toBeInTheDocument();
    expect(posted(fetchMock)[1]).toEqual([
      '/api/my-request/withdraw',
      { token: TOKEN, companyId: 12 },
    ]);
    const after = screen.getAllByRole('listitem')[1]!;
    expect(after).toHaveTextContent('You stopped this mover contacting you');
    expect(after).toHaveTextContent(
      'On November 27, 2026 you asked this mover not to contact you.',
    );
    expect(within(after).queryByRole('button')).toBeNull();
  });

  it('asks for deletion after a confirmation, and then shows nothing personal', async () => {
    const user = userEvent.setup();
    const fetchMock = open((url) =>
      url === '/api/my-request/delete'
        ? json(200, {
            ...VIEW,
            closed: true,
            request: null,
            deletionRequestedAt: '2026-11-27T12:00:00.000Z',
          })
        : json(200, VIEW),
    );
    await screen.findByText('K7QW2M9D3X');
    await user.click(screen.getByRole('button', { name: 'Ask us to delete my data' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my data' }));
    expect(
      await screen.findByText('We received your request. Our staff will delete your data shortly.'),
    ).toBeInTheDocument();
    expect(posted(fetchMock)[1]).toEqual(['/api/my-request/delete', { token: TOKEN }]);
    expect(screen.queryByText('K7QW2M9D3X')).toBeNull();
    expect(screen.queryByText('Chicago, IL 60601')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask us to delete my data' })).toBeNull();
  });

  it('says in words when the link is incomplete, unknown or expired', async () => {
    const fetchMock = open(() => json(200, VIEW), '#t=short');
    expect(
      await screen.findByText(
        'This link is incomplete: open it again from the e-mail we sent you.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    cleanup();
    open(() => json(410, { error: 'This link has expired. Your request is kept as it was.' }));
    expect(
      await screen.findByText('This link has expired. Your request is kept as it was.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers Try again when the server failed, and reads the request again', async () => {
    let calls = 0;
    const fetchMock = open(() => (++calls === 1 ? json(503, { error: 'Busy' }) : json(200, VIEW)));
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByText('K7QW2M9D3X')).toBeNull();
    await userEvent.setup().click(again);
    expect(await screen.findByText('K7QW2M9D3X')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
