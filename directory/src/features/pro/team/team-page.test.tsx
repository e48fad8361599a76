import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import type { ProTeam } from '@moveratlas/contracts';
import { ProErrorBoundary, ProRoute } from '../pro-route';
import { proScreens } from '../pro-screens';
import { BRAVO, json, renderRoutes, signedInStatus } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const area: RouteObject[] = [
  {
    path: 'pro',
    Component: ProRoute,
    children: [{ ErrorBoundary: ProErrorBoundary, children: proScreens }],
  },
];

const TEAM: ProTeam = {
  members: [
    {
      userId: 3,
      name: 'Dana Reyes',
      email: 'dana@acme.example',
      role: 'staff',
      lastSignInAt: null,
      status: 'active',
      hasPassword: true,
      joinedAt: 1,
    },
  ],
  invitations: [],
};

describe('the team screen in the /pro area', () => {
  it('is served at /pro/companies/:id/team for the signed-in mover, without owner-only links for staff', async () => {
    renderRoutes(area, '/pro/companies/12/team', (url) =>
      url === '/api/pro/auth/status'
        ? json(200, signedInStatus([BRAVO]))
        : url === '/api/pro/companies/12/team'
          ? json(200, TEAM)
          : json(404, { error: 'No such thing' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'The people of Bravo Moving' });
    expect(within(table).getByRole('rowheader', { name: 'Dana Reyes You' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(menu).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/pro/companies/12/notifications',
    );
    expect(within(menu).queryByRole('link', { name: 'Change history' })).toBeNull();
  });
});
