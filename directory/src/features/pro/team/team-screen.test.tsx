import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProTeam } from '@moveratlas/contracts';
import {
  bodyOf,
  callsTo,
  json,
  OWNED,
  renderScreen,
  STAFFED,
  type Api,
} from '../screens-test-support';
import { TeamScreen } from './team-screen';

const PATH = '/api/pro/companies/7/team';

const TEAM: ProTeam = {
  members: [
    {
      userId: 3,
      name: 'Dana Reyes',
      email: 'dana@acme.example',
      role: 'owner',
      lastSignInAt: Date.UTC(2026, 10, 20, 15),
      status: 'active',
      hasPassword: true,
      joinedAt: 1,
    },
    {
      userId: 4,
      name: 'Sam Lee',
      email: 'sam@acme.example',
      role: 'staff',
      lastSignInAt: null,
      status: 'active',
      hasPassword: true,
      joinedAt: 2,
    },
  ],
  invitations: [
    {
      id: 9,
      email: 'kim@acme.example',
      role: 'staff',
      createdAt: 1,
      expiresAt: Date.UTC(2026, 10, 30, 12),
      invitedBy: 'Dana Reyes',
    },
  ],
};

const routes = (company = OWNED) => [
  { path: 'team', element: <TeamScreen company={company} userId={3} /> },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the team screen', () => {
  it('lists the people and the invitations, with owner controls', async () => {
    renderScreen(routes(), '/team', () => json(200, TEAM));
    const table = await screen.findByRole('table', { name: 'The people of Acme Movers' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).queryByRole('rowheader')?.textContent)).toEqual([
      undefined,
      'Dana Reyes You',
      'Sam Lee',
    ]);
    expect(within(rows[2]!).getByText('Never')).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Role of Sam Lee' })).toHaveValue('staff');
    const invitations = screen.getByRole('list', { name: 'Invitations waiting' });
    expect(within(invitations).getByText('kim@acme.example')).toBeInTheDocument();
    expect(within(invitations).getByText(/Staff, invited by Dana Reyes/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Invite someone' })).toBeInTheDocument();
  });

  it('shows staff the team without any control', async () => {
    renderScreen(routes(STAFFED), '/team', () => json(200, TEAM));
    const table = await screen.findByRole('table', { name: 'The people of Acme Movers' });
    expect(within(table).queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel the invitation/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    expect(screen.getByText(/Only an owner can change the team/)).toBeInTheDocument();
  });

  it('invites by e-mail with a role, checking the address first', async () => {
    const user = userEvent.setup();
    let team = TEAM;
    const api: Api = (url, init) => {
      if (url === `${PATH}/invitations` && init.method === 'POST') {
        const invitation = {
          id: 10,
          email: 'lee@acme.example',
          role: 'owner',
          createdAt: 2,
          expiresAt: Date.UTC(2026, 11, 4),
          invitedBy: 'Dana Reyes',
        } as const;
        team = { ...team, invitations: [invitation, ...team.invitations] };
        return json(201, { invitation });
      }
      return json(200, team);
    };
    const { fetchMock } = renderScreen(routes(), '/team', api);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('E-mail address'), 'not an address');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter a valid e-mail address, like name@example.com',
    );
    expect(callsTo(fetchMock, `${PATH}/invitations`)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('E-mail address'));
    await user.type(within(form).getByLabelText('E-mail address'), 'Lee@Acme.example');
    await user.selectOptions(within(form).getByLabelText('Role'), 'owner');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    const [sent] = callsTo(fetchMock, `${PATH}/invitations`);
    expect(bodyOf(sent!.init)).toEqual({ email: 'lee@acme.example', role: 'owner' });
    expect(
      await within(screen.getByRole('list', { name: 'Invitations waiting' })).findByText(
        'lee@acme.example',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('E-mail address')).toHaveValue('');
  });

  it('shows the server’s refusal of an invitation in its words', async () => {
    const user = userEvent.setup();
    renderScreen(routes(), '/team', (url, init) =>
      init.method === 'POST'
        ? json(409, { error: 'sam@acme.example is already on the team' })
        : json(200, TEAM),
    );
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('E-mail address'), 'sam@acme.example');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('sam@acme.example is already on the team')).toBeVisible();
  });

  it('asks before removing someone, and removes them', async () => {
    const user = userEvent.setup();
    let team = TEAM;
    const { fetchMock } = renderScreen(routes(), '/team', (url, init) => {
      if (url === `${PATH}/members/4` && init.method === 'DELETE') {
        team = { ...team, members: team.members.filter((m) => m.userId !== 4) };
        return json(204);
      }
      return json(200, team);
    });
    const table = await screen.findByRole('table', { name: 'The people of Acme Movers' });
    await user.click(within(table).getByRole('button', { name: 'Remove Sam Lee from the team' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Sam Lee from the team?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, `${PATH}/members/4`)).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Remove Sam Lee from the team' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Sam Lee from the team?' })).getByRole(
        'button',
        { name: 'Remove from the team' },
      ),
    );
    expect(await screen.findByText('Removed from the team')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Sam Lee')).toBeNull());
  });

  it('changes a role, and says why the last owner keeps theirs', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderScreen(routes(), '/team', (url, init) => {
      if (init.method === 'PATCH' && url === `${PATH}/members/3`)
        return json(409, {
          error: 'A company needs at least one owner: make someone else an owner first',
        });
      if (init.method === 'PATCH' && url === `${PATH}/members/4`)
        return json(200, {
          ...TEAM,
          members: TEAM.members.map((m) => (m.userId === 4 ? { ...m, role: 'owner' } : m)),
        });
      return json(200, TEAM);
    });
    const table = await screen.findByRole('table', { name: 'The people of Acme Movers' });
    await user.selectOptions(
      within(table).getByRole('combobox', { name: 'Role of Sam Lee' }),
      'owner',
    );
    expect(await screen.findByText('Sam Lee is now an owner.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, `${PATH}/members/4`)[0]!.init)).toEqual({ role: 'owner' });
    expect(within(table).getByRole('combobox', { name: 'Role of Sam Lee' })).toHaveValue('owner');

    await user.selectOptions(
      within(table).getByRole('combobox', { name: 'Role of Dana Reyes' }),
      'staff',
    );
    expect(
      await screen.findByText(
        'A company needs at least one owner: make someone else an owner first',
      ),
    ).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Role of Dana Reyes' })).toHaveValue(
      'owner',
    );
  });

  it('cancels an invitation after asking', async () => {
    const user = userEvent.setup();
    let team = TEAM;
    renderScreen(routes(), '/team', (url, init) => {
      if (url === `${PATH}/invitations/9` && init.method === 'DELETE') {
        team = { ...team, invitations: [] };
        return json(204);
      }
      return json(200, team);
    });
    await user.click(
      await screen.findByRole('button', { name: 'Cancel the invitation of kim@acme.example' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel this invitation?' })).getByRole('button', {
        name: 'Cancel invitation',
      }),
    );
    expect(await screen.findByText('No invitation is waiting.')).toBeInTheDocument();
  });

  it('says when the team cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderScreen(routes(), '/team', () =>
      fail ? json(503, { error: 'The database is busy' }) : json(200, TEAM),
    );
    expect(await screen.findByText('Could not load the team.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: 'The people of Acme Movers' }),
    ).toBeInTheDocument();
  });
});
