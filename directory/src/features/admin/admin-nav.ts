/** The admin area's navigation (spec 2.6, plus Messages, issue 16): the sidebar in its order, the mobile bottom bar, and the header titles. */
import { trimTrailingSlashes, type AdminRouteKey } from '@moveratlas/contracts';

export interface AdminNavItem {
  label: string;
  to: string;
  icon: AdminIconName;
  /** The API route the screen reads: the link shows only to a role that may use it. */
  reads?: AdminRouteKey;
}

export type AdminIconName =
  | 'dashboard'
  | 'companies'
  | 'claims'
  | 'leads'
  | 'messages'
  | 'mail'
  | 'statistics'
  | 'scripts'
  | 'jobs'
  | 'database'
  | 'upload'
  | 'seo'
  | 'qa'
  | 'audit'
  | 'settings';

export const ADMIN_HOME = '/admin';
/** The contact inbox: its sidebar link carries the count of messages nobody has opened. */
export const ADMIN_MESSAGES = '/admin/messages';

export const ADMIN_SIDEBAR: readonly AdminNavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: 'dashboard' },
  { label: 'Companies', to: '/admin/companies', icon: 'companies' },
  { label: 'Claims', to: '/admin/claims', icon: 'claims', reads: 'GET /claims' },
  { label: 'Leads', to: '/admin/leads', icon: 'leads' },
  { label: 'Messages', to: ADMIN_MESSAGES, icon: 'messages' },
  { label: 'Mail', to: '/admin/mail', icon: 'mail', reads: 'GET /mail' },
  { label: 'Statistics', to: '/admin/statistics', icon: 'statistics' },
  { label: 'Script Management', to: '/admin/scripts', icon: 'scripts' },
  { label: 'Jobs System', to: '/admin/jobs', icon: 'jobs' },
  { label: 'Database', to: '/admin/database', icon: 'database' },
  { label: 'CSV Upload', to: '/admin/upload', icon: 'upload' },
  { label: 'SEO Health', to: '/admin/seo-health', icon: 'seo' },
  { label: 'QA Automation', to: '/admin/qa-automation', icon: 'qa' },
  { label: 'Audit log', to: '/admin/audit', icon: 'audit', reads: 'GET /audit' },
  { label: 'Settings', to: '/admin/settings', icon: 'settings' },
];

export const ADMIN_BOTTOM_BAR: readonly AdminNavItem[] = [
  { label: 'Home', to: '/admin', icon: 'dashboard' },
  { label: 'Companies', to: '/admin/companies', icon: 'companies' },
  { label: 'SEO', to: '/admin/seo-health', icon: 'seo' },
  { label: 'QA', to: '/admin/qa-automation', icon: 'qa' },
  { label: 'Database', to: '/admin/database', icon: 'database' },
];

/** Header titles by section; every other admin path (Database among them) is plain "Admin". */
const SECTION_TITLES: ReadonlyArray<[string, string]> = [
  ['/admin/companies', 'Companies'],
  ['/admin/claims', 'Claims'],
  ['/admin/leads', 'Leads'],
  ['/admin/messages', 'Messages'],
  ['/admin/mail', 'Mail'],
  ['/admin/upload', 'CSV Upload'],
  ['/admin/scripts', 'Script Management'],
  ['/admin/settings', 'Settings'],
  ['/admin/statistics', 'Statistics'],
  ['/admin/jobs', 'Jobs System'],
  ['/admin/seo-health', 'SEO Health Dashboard'],
  ['/admin/qa-automation', 'QA Automation'],
  ['/admin/audit', 'Audit log'],
];

export function adminTitle(pathname: string): string {
  const path = trimTrailingSlashes(pathname) || '/';
  if (path === ADMIN_HOME) return 'Dashboard';
  for (const [prefix, title] of SECTION_TITLES)
    if (path === prefix || path.startsWith(`${prefix}/`)) return title;
  return 'Admin';
}
