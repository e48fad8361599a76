import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProInvitationInfo } from '@moveratlas/contracts';
import { bodyOf, callsTo, json, renderScreen, type Api } from '../screens-test-support';
import { Component as ProInvitationPage } from './pro-invitation-page';

const TOKEN = 'a'.repeat(43);
const INFO: ProInvitationInfo = {
  companyName: 'Acme Movers',
  email: 'kim@acme.example',
  role: 'staff',
  hasAccount: false,
};

const routes = [
  { path: 'pro/invitation', element: <ProInvitationPage /> },
  { path: 'pro/companies/:companyId', element: <p>Dashboard of the company</p> },
];

const open = (api: Api, token = TOKEN) =>
  renderScreen(routes, `/pro/invitation?token=${token}`, api);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invitation page', () => {
  it('lets a new person name themselves, pick a password twice and join', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = open((url) =>
      url === '/api/pro/invitations/accept'
        ? json(200, { ok: true, user: { id: 5, email: INFO.email, name: 'Kim' }, companyId: 7 })
        : json(200, INFO),
    );
    expect(await screen.findByText('Acme Movers')).toBeInTheDocument();
    expect(screen.getByText('kim@acme.example')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Acme Movers' }));
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Enter your name');
    expect(screen.getByLabelText('Your name')).toHaveFocus();

    await user.type(screen.getByLabelText('Your name'), 'Kim Park');
    await user.type(screen.getByLabelText('Choose a password'), 'lantern meadow copper 91');
    await user.type(screen.getByLabelText('The password again'), 'lantern meadow copper 19');
    await user.click(screen.getByRole('button', { name: 'Join Acme Movers' }));
    expect(screen.getByLabelText('The password again')).toHaveAccessibleDescription(
      'The two passwords are not the same',
    );
    expect(callsTo(fetchMock, '/api/pro/invitations/accept')).toHaveLength(0);

    await user.clear(screen.getByLabelText('The password again'));
    await user.type(screen.getByLabelText('The password again'), 'lantern meadow copper 91');
    await user.click(screen.getByRole('button', { name: 'Join Acme Movers' }));
    expect(await screen.findByText('Dashboard of the company')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pro/companies/7');
    expect(bodyOf(callsTo(fetchMock, '/api/pro/invitations/accept')[0]!.init)).toEqual({
      token: TOKEN,
      name: 'Kim Park',
      password: 'lantern meadow copper 91',
    });
  });

  it('asks someone with an account for its password only, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const { fetchMock } = open((url) =>
      url === '/api/pro/invitations/accept'
        ? json(400, { error: 'That is not the password of this account' })
        : json(200, { ...INFO, hasAccount: true }),
    );
    expect(await screen.findByText(/You already have an account/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).toBeNull();
    await user.type(screen.getByLabelText('Your password'), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Join Acme Movers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That is not the password of this account',
    );
    expect(bodyOf(callsTo(fetchMock, '/api/pro/invitations/accept')[0]!.init)).toEqual({
      token: TOKEN,
      password: 'wrong one',
    });
  });

  it('says when the invitation was used or has expired', async () => {
    open(() =>
      json(404, {
        error:
          "This invitation has expired or was already used. Ask the company's owner to send a new one.",
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has expired or was already used.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says when the link is incomplete, without asking the server', async () => {
    const { fetchMock } = open(() => json(200, INFO), 'abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
