/**
 * The /pro area's menu: the screens of the company being worked on, in their order, then the account. Add
 * a company screen's link here (one line in PRO_COMPANY_NAV; see pro-screen-modules.ts for the other two).
 * The first item of PRO_COMPANY_NAV is the company's home: /pro and /pro/companies/:companyId go there.
 */
import { trimTrailingSlashes } from '@moveratlas/contracts';
import type { CompanyUserRole } from '@moveratlas/contracts';
import { PRO_ACCOUNT, PRO_HOME, proScreenPath } from './pro-paths';
import type { ProCompanyScreenName } from './pro-screen-modules';

export type ProIconName =
  | 'overview'
  | 'leads'
  | 'profile'
  | 'reviews'
  | 'team'
  | 'notifications'
  | 'delivery'
  | 'preferences'
  | 'activity'
  | 'account';

export interface ProNavItem {
  label: string;
  /** The screen's name in pro-screen-modules.ts: its link is /pro/companies/<id>/<screen>. */
  screen: ProCompanyScreenName;
  icon: ProIconName;
  /** Shown only to the company's owners (the server refuses the others anyway). */
  ownerOnly?: boolean;
}

export const PRO_COMPANY_NAV: readonly ProNavItem[] = [
  { label: 'Overview', screen: 'overview', icon: 'overview' },
  { label: 'Leads', screen: 'leads', icon: 'leads' },
  { label: 'Profile', screen: 'profile', icon: 'profile' },
  { label: 'Reviews', screen: 'reviews', icon: 'reviews' },
  { label: 'Team', screen: 'team', icon: 'team' },
  { label: 'Notifications', screen: 'notifications', icon: 'notifications' },
  { label: 'Lead delivery', screen: 'delivery', icon: 'delivery' },
  { label: 'Lead preferences', screen: 'preferences', icon: 'preferences' },
  { label: 'Change history', screen: 'changes', icon: 'activity', ownerOnly: true },
];

/** The account screen: the mover's own name, address and password, whatever the company. */
export const PRO_ACCOUNT_NAV = { label: 'Your account', to: PRO_ACCOUNT, icon: 'account' } as const;

/** The first segment of an item's screen: its section, which a detail screen's path shares. */
export const navSection = (item: ProNavItem): string => String(item.screen).split('/')[0] ?? '';

/** The menu items a role sees. */
export const proNavFor = (role: CompanyUserRole | undefined): readonly ProNavItem[] =>
  PRO_COMPANY_NAV.filter((item) => !item.ownerOnly || role === 'owner');

/**
 * Where a company's own address and /pro lead: its first screen in the menu; the account screen while no
 * company screen exists.
 */
export function proCompanyHome(companyId: number): string {
  const first = PRO_COMPANY_NAV[0];
  return first ? proScreenPath(companyId, first.screen) : PRO_ACCOUNT;
}

/** The header's title for a path of the area. */
export function proTitle(pathname: string): string {
  const path = trimTrailingSlashes(pathname) || '/';
  if (path === PRO_ACCOUNT) return 'Your account';
  if (path === PRO_HOME) return 'Dashboard';
  const match = /^\/pro\/companies\/[^/]+\/([^/]+)/.exec(path);
  const item = match ? PRO_COMPANY_NAV.find((entry) => navSection(entry) === match[1]) : undefined;
  return item?.label ?? 'Dashboard';
}
