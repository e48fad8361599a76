/**
 * Each /pro screen's page module, by its name. Loaded with the /pro area, never with the public site's
 * entry (every dynamic import carries its file names into the module that makes it; public pages have a
 * 130 KB budget, bench/bundle-size.ts). A page module exports `Component`.
 *
 * ADDING A SCREEN takes one line in each of three files:
 *   1. here:              `leads: () => import('./leads/leads-page'),`
 *   2. pro-screens.tsx:   `companyScreen('leads'),` in PRO_COMPANY_SCREENS (served at /pro/companies/:companyId/leads)
 *   3. pro-nav.ts:        `{ label: 'Leads', screen: 'leads', icon: 'leads' },` in PRO_COMPANY_NAV (its menu
 *                         link; the first item is where /pro and /pro/companies/:companyId lead)
 * A screen under a company reads it with `useProCompany()` from pro-session.ts, calls the API with
 * `proRequest`/`proWrite` (pro-request.ts), and is drawn inside the layout, its errors and 404 included.
 * The layout draws the page's h1 (the menu label, pro-nav.ts: proTitle); a screen's own headings start at h2.
 * A detail screen (`'leads/:leadId'`) is a module and a route like any other, without a menu line.
 */
import type { ComponentType } from 'react';

export const PRO_SCREEN_MODULES = {
  account: () => import('./account/account-page'),
  overview: () => import('./overview/overview-page'),
  leads: () => import('./leads/leads-page'),
  'leads/:leadId': () => import('./leads/lead-detail-page'),
  profile: () => import('./profile/profile-page'),
  reviews: () => import('./reviews/reviews-page'),
  team: () => import('./team/team-page'),
  notifications: () => import('./notifications/notifications-page'),
  delivery: () => import('./delivery/delivery-page'),
  preferences: () => import('./preferences/preferences-page'),
  changes: () => import('./changes/changes-page'),
} satisfies Record<string, () => Promise<{ Component: ComponentType }>>;

export type ProScreenName = keyof typeof PRO_SCREEN_MODULES;
/** The screens that belong to one company (served under /pro/companies/:companyId/). */
export type ProCompanyScreenName = Exclude<ProScreenName, 'account'>;
