/**
 * The /pro routes, children of the /pro layout route: /pro itself, the account, and the company screens
 * under /pro/companies/:companyId/<screen>, each a lazy page module (pro-screen-modules.ts, loaded with the
 * area, so the public entry holds these paths and nothing of the screens). Only screens that exist are
 * registered. To add a company screen, add `companyScreen('<name>')` to PRO_COMPANY_SCREENS (and see
 * pro-screen-modules.ts for the other two lines).
 */
import type { RouteObject } from 'react-router-dom';
import type { ProCompanyScreenName, ProScreenName } from './pro-screen-modules';

/** The /pro area's own module (layout, guard, scope), loaded when a /pro page is opened. */
export const proArea = () => import('./pro-route');

const screen =
  (name: ProScreenName): RouteObject['lazy'] =>
  async () => {
    const { PRO_SCREEN_MODULES } = await import('./pro-screen-modules');
    return { Component: (await PRO_SCREEN_MODULES[name]()).Component };
  };

/** A screen of one company, at /pro/companies/:companyId/<name> (a name may hold params: 'leads/:leadId'). */
export const companyScreen = (name: ProCompanyScreenName): RouteObject => ({
  path: name,
  lazy: screen(name),
});

export const PRO_COMPANY_SCREENS: RouteObject[] = [
  companyScreen('overview'),
  companyScreen('leads'),
  companyScreen('leads/:leadId'),
  companyScreen('profile'),
  companyScreen('reviews'),
  companyScreen('team'),
  companyScreen('notifications'),
  companyScreen('delivery'),
  companyScreen('preferences'),
  companyScreen('changes'),
];

export const proScreens: RouteObject[] = [
  { index: true, lazy: async () => (await proArea()).proIndexRoute },
  { path: 'account', lazy: screen('account') },
  {
    path: 'companies/:companyId',
    lazy: async () => (await proArea()).proCompanyScopeRoute,
    children: [
      { index: true, lazy: async () => (await proArea()).proCompanyIndexRoute },
      ...PRO_COMPANY_SCREENS,
    ],
  },
];
