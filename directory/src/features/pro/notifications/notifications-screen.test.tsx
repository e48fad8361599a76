import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProNotificationSettings } from '@moveratlas/contracts';
import { bodyOf, callsTo, json, OWNED, renderScreen, STAFFED } from '../screens-test-support';
import { NotificationsScreen } from './notifications-screen';

const PATH = '/api/pro/companies/7/notifications';

const SETTINGS: ProNotificationSettings = {
  settings: [
    { kind: 'new-lead', memberIds: [3], extraEmails: [], isDefault: true },
    { kind: 'new-review', memberIds: [3], extraEmails: [], isDefault: true },
    { kind: 'review-reply-moderated', memberIds: [3], extraEmails: [], isDefault: true },
    { kind: 'weekly-summary', memberIds: [], extraEmails: ['boss@home.example'], isDefault: false },
  ],
  members: [
    { userId: 3, name: 'Dana Reyes', email: 'dana@acme.example', role: 'owner' },
    { userId: 4, name: 'Sam Lee', email: 'sam@acme.example', role: 'staff' },
  ],
};

const routes = (company = OWNED) => [
  { path: 'notifications', element: <NotificationsScreen company={company} /> },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notification settings screen', () => {
  it('shows who gets each kind of e-mail, the defaults said as such', async () => {
    renderScreen(routes(), '/notifications', () => json(200, SETTINGS));
    const leads = await screen.findByRole('region', { name: 'New leads' });
    expect(within(leads).getByText(/Not changed yet: the owners get it/)).toBeInTheDocument();
    expect(within(leads).getByRole('checkbox', { name: /Dana Reyes/ })).toBeChecked();
    expect(within(leads).getByRole('checkbox', { name: /Sam Lee/ })).not.toBeChecked();
    const weekly = screen.getByRole('region', { name: 'Weekly summary' });
    expect(within(weekly).getByLabelText('Other address 1')).toHaveValue('boss@home.example');
    expect(within(weekly).queryByText(/Not changed yet/)).toBeNull();
  });

  it('lets an owner pick people and other addresses, checks them and saves every kind', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderScreen(routes(), '/notifications', (_url, init) =>
      init.method === 'PUT'
        ? json(200, {
            ...SETTINGS,
            settings: SETTINGS.settings.map((s) =>
              s.kind === 'new-lead'
                ? {
                    ...s,
                    memberIds: [3, 4],
                    extraEmails: ['dispatch@acme.example'],
                    isDefault: false,
                  }
                : s,
            ),
          })
        : json(200, SETTINGS),
    );
    const leads = await screen.findByRole('region', { name: 'New leads' });
    await user.click(within(leads).getByRole('checkbox', { name: /Sam Lee/ }));
    await user.click(within(leads).getByRole('button', { name: 'Add an address to new leads' }));
    await user.type(within(leads).getByLabelText('Other address 1'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(within(leads).getByLabelText('Other address 1')).toHaveAccessibleDescription(
      'Enter a valid e-mail address, like name@example.com',
    );
    expect(callsTo(fetchMock, PATH).filter((c) => c.init.method === 'PUT')).toHaveLength(0);

    await user.clear(within(leads).getByLabelText('Other address 1'));
    await user.type(within(leads).getByLabelText('Other address 1'), 'Dispatch@Acme.example');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const put = callsTo(fetchMock, PATH).find((c) => c.init.method === 'PUT')!;
    expect(bodyOf(put.init)).toEqual({
      settings: [
        { kind: 'new-lead', memberIds: [3, 4], extraEmails: ['dispatch@acme.example'] },
        { kind: 'new-review', memberIds: [3], extraEmails: [] },
        { kind: 'review-reply-moderated', memberIds: [3], extraEmails: [] },
        { kind: 'weekly-summary', memberIds: [], extraEmails: ['boss@home.example'] },
      ],
    });
    expect(within(leads).queryByText(/Not changed yet/)).toBeNull();
  });

  it('offers at most three other addresses, and says when nobody gets a kind', async () => {
    const user = userEvent.setup();
    renderScreen(routes(), '/notifications', () => json(200, SETTINGS));
    const reviews = await screen.findByRole('region', { name: 'New reviews' });
    const add = within(reviews).getByRole('button', { name: 'Add an address to new reviews' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(within(reviews).queryByRole('button', { name: /Add an address/ })).toBeNull();
    for (const n of [3, 2, 1])
      await user.click(
        within(reviews).getByRole('button', { name: `Remove other address ${n} of new reviews` }),
      );
    await user.click(within(reviews).getByRole('checkbox', { name: /Dana Reyes/ }));
    expect(within(reviews).getByText('Nobody gets these e-mails.')).toBeInTheDocument();
  });

  it('shows staff the settings without letting them change anything', async () => {
    renderScreen(routes(STAFFED), '/notifications', () => json(200, SETTINGS));
    const leads = await screen.findByRole('region', { name: 'New leads' });
    expect(within(leads).getByRole('checkbox', { name: /Dana Reyes/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save notification settings' })).toBeNull();
    expect(
      screen.getByText('Only an owner can change who gets these e-mails.'),
    ).toBeInTheDocument();
  });

  it('says when the settings cannot be loaded', async () => {
    renderScreen(routes(), '/notifications', () => json(500, { error: 'Broken' }));
    expect(
      await screen.findByText('Could not load the notification settings.'),
    ).toBeInTheDocument();
  });
});
