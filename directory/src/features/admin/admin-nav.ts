/**
 * The admin area's navigation (spec 2.6, plus Messages, issue 16): the sidebar in its order, with the
 * sections that count the work waiting in them, the mobile bottom bar, and the header titles.
 */
import {
  trimTrailingSlashes,
  type AdminRouteKey,
  type AdminWaitingCounts,
} from '@moveratlas/contracts';

export interface AdminNavItem {
  label: string;
  to: string;
  icon: AdminIconName;
  /** The API route the screen reads: the link shows only to a role that may use it. */
  reads?: AdminRouteKey;
  /** The work waiting in the section, counted beside its link (GET /api/admin/waiting). */
  waiting?: keyof AdminWaitingCounts;
}

/** How a link says its count in words: "Claims, 2 waiting", "Messages, 3 new". */
export const WAITING_WORDS: Record<keyof AdminWaitingCounts, string> = {
  claims: 'waiting',
  deletionRequests: 'waiting',
  leadReturns: 'waiting',
  messages: 'new',
  reviewReports: 'waiting',
};

export type AdminIconName =
  | 'dashboard'
  | 'companies'
  | 'claims'
  | 'leads'
  | 'deletion'
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
  | 'licensing'
  | 'settings';

export const ADMIN_HOME = '/admin';

export const ADMIN_SIDEBAR: readonly AdminNavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: 'dashboard' },
  // The reports of reviews wait on the Reviews screen, which is a part of Companies (issue 19).
  { label: 'Companies', to: '/admin/companies', icon: 'companies', waiting: 'reviewReports' },
  {
    label: 'Claims',
    to: '/admin/claims',
    icon: 'claims',
    reads: 'GET /claims',
    waiting: 'claims',
  },
  { label: 'Leads', to: '/admin/leads', icon: 'leads' },
  {
    label: 'Deletion requests',
    to: '/admin/deletion-requests',
    icon: 'deletion',
    reads: 'GET /deletion-requests',
    waiting: 'deletionRequests',
  },
  {
    label: 'Lead returns',
    to: '/admin/lead-returns',
    icon: 'leads',
    reads: 'GET /lead-returns',
    waiting: 'leadReturns',
  },
  { label: 'Messages', to: '/admin/messages', icon: 'messages', waiting: 'messages' },
  { label: 'Mail', to: '/admin/mail', icon: 'mail', reads: 'GET /mail' },
  { label: 'Statistics', to: '/admin/statistics', icon: 'statistics' },
  { label: 'Script Management', to: '/admin/scripts', icon: 'scripts' },
  { label: 'Jobs System', to: '/admin/jobs', icon: 'jobs' },
  { label: 'Database', to: '/admin/database', icon: 'database' },
  { label: 'CSV Upload', to: '/admin/upload', icon: 'upload' },
  // FMCSA's files, the red-flag report and new listings from the census (issue 20).
  {
    label: 'Licensing',
    to: '/admin/licensing',
    icon: 'licensing',
    reads: 'GET /licensing/imports',
  },
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
  ['/admin/deletion-requests', 'Deletion requests'],
  ['/admin/lead-returns', 'Lead returns'],
  ['/admin/messages', 'Messages'],
  ['/admin/mail', 'Mail'],
  ['/admin/upload', 'CSV Upload'],
  ['/admin/licensing', 'Licensing'],
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
