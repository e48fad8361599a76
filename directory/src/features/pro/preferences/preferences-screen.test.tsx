import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProLeadPreferences } from '@moveratlas/contracts';
import { bodyOf, callsTo, json, OWNED, renderScreen, STAFFED } from '../screens-test-support';
import { PreferencesScreen } from './preferences-screen';

const PATH = '/api/pro/companies/7/lead-preferences';

const PREFERENCES: ProLeadPreferences = {
  paused: false,
  moveTypes: ['local', 'long-distance', 'commercial'],
  minimumSize: 'studio',
  maxPerDay: null,
  maxPerWeek: 40,
  serviceRadiusMiles: 50,
  serviceArea: 'Greater Austin',
  leadsLastDay: 1,
  leadsLastWeek: 12,
  changed: true,
};

const routes = (company = OWNED) => [
  { path: 'preferences', element: <PreferencesScreen company={company} /> },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'ma_pro_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the lead preferences screen', () => {
  it('shows the preferences, the leads against the limits and where the company works', async () => {
    renderScreen(routes(), '/preferences', () => json(200, PREFERENCES));
    const kinds = await screen.findByRole('region', { name: 'Which moves you take' });
    expect(within(kinds).getByRole('checkbox', { name: /Local moves/ })).toBeChecked();
    expect(within(kinds).getByRole('radio', { name: 'Any home (studios and up)' })).toBeChecked();
    const limits = screen.getByRole('region', { name: 'How many leads' });
    expect(within(limits).getByLabelText('Most leads in any 24 hours')).toHaveValue('');
    expect(within(limits).getByLabelText('Most leads in any 24 hours')).toHaveAccessibleDescription(
      'Leave empty for no limit. Last 24 hours: 1 lead.',
    );
    expect(within(limits).getByLabelText('Most leads in any 7 days')).toHaveValue('40');
    expect(within(limits).getByLabelText('Most leads in any 7 days')).toHaveAccessibleDescription(
      'Leave empty for no limit. Last 7 days: 12 leads.',
    );
    expect(
      screen.getByText(/your service radius \(50 miles\) and area \(Greater Austin\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute(
      'href',
      '/pro/companies/7/profile',
    );
  });

  it('lets an owner pause, narrow the moves and set limits, checked before sending', async () => {
    const user = userEvent.setup();
    document.cookie = 'ma_pro_csrf=token-pro; path=/';
    const { fetchMock } = renderScreen(routes(), '/preferences', (_url, init) =>
      init.method === 'PUT'
        ? json(200, { ...PREFERENCES, ...(bodyOf(init) as object) })
        : json(200, PREFERENCES),
    );
    await screen.findByRole('region', { name: 'Taking leads' });
    // Every kind unticked: refused here, in words, with nothing sent.
    for (const name of [/Local moves/, /Long-distance moves/, /Commercial moves/])
      await user.click(screen.getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Save lead preferences' }));
    expect(
      screen.getByText('Choose at least one kind of move (or pause leads)'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, PATH).filter((c) => c.init.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /Long-distance moves/ }));
    await user.click(screen.getByRole('radio', { name: '4 bedrooms and up' }));
    await user.type(screen.getByLabelText('Most leads in any 24 hours'), '50');
    await user.click(screen.getByRole('button', { name: 'Save lead preferences' }));
    expect(
      screen.getByText('The most leads in a day cannot be more than in a week'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Most leads in any 24 hours'));
    await user.type(screen.getByLabelText('Most leads in any 24 hours'), '5');
    await user.click(screen.getByRole('checkbox', { name: /Pause new leads/ }));
    await user.click(screen.getByRole('button', { name: 'Save lead preferences' }));
    expect(await screen.findByText('Leads paused')).toBeInTheDocument();
    const [put] = callsTo(fetchMock, PATH).filter((c) => c.init.method === 'PUT');
    expect(new Headers(put!.init.headers).get('X-CSRF-Token')).toBe('token-pro');
    expect(bodyOf(put!.init)).toEqual({
      paused: true,
      moveTypes: ['long-distance'],
      minimumSize: '4br',
      maxPerDay: 5,
      maxPerWeek: 40,
    });
    expect(screen.getByRole('region', { name: 'Taking leads' })).toHaveTextContent(
      'Paused: customers are not offered your company until you resume.',
    );
  });

  it('shows the server’s refusal in its words', async () => {
    const user = userEvent.setup();
    renderScreen(routes(), '/preferences', (_url, init) =>
      init.method === 'PUT'
        ? json(403, { error: "Only the company's owner can do this" })
        : json(200, PREFERENCES),
    );
    await user.click(await screen.findByRole('button', { name: 'Save lead preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Only the company's owner can do this",
    );
  });

  it('lets staff read the preferences but not change them', async () => {
    renderScreen(routes(STAFFED), '/preferences', () => json(200, PREFERENCES));
    expect(
      await screen.findByText('Only an owner can change these preferences.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Local moves/ })).toBeDisabled();
    expect(screen.getByLabelText('Most leads in any 7 days')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save lead preferences' })).toBeNull();
  });

  it('says why the preferences could not load, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderScreen(routes(), '/preferences', () =>
      fail ? json(503, { error: 'The database is busy' }) : json(200, PREFERENCES),
    );
    expect(await screen.findByText('Could not load your lead preferences.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'How many leads' })).toBeInTheDocument();
  });
});
