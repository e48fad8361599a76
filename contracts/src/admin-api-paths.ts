/**
 * Where the admin screens read from: the API paths, which are also the screens' TanStack Query keys, so a
 * write on one screen can refresh what another shows (a lead's new status on the dashboard) by naming them.
 */
export const ADMIN_API = {
  dashboard: '/api/admin/dashboard',
  leads: '/api/admin/leads',
  leadFacets: '/api/admin/leads/facets',
  statistics: '/api/admin/statistics',
  contactMessages: '/api/admin/contact-messages',
  /** How many messages nobody has opened: the dashboard's figure. */
  contactMessageCounts: '/api/admin/contact-messages/counts',
  /** How much work waits for staff: the sidebar's counts; the screens that decide invalidate it. */
  waiting: '/api/admin/waiting',
  /** What is failing now: the banner across every admin page, and the dashboard. */
  alerts: '/api/admin/alerts',
  mail: '/api/admin/mail',
  alertEmails: '/api/admin/settings/alert-emails',
  leadBackendTest: '/api/admin/settings/lead-backend/test',
} as const;
