/**
 * The admin screens, children of the admin layout route (/admin): one entry per screen, each a lazy page
 * module in its own feature folder under features/admin/. Only screens that exist are registered.
 */
import type { RouteObject } from 'react-router-dom';

export const adminScreens: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./dashboard/dashboard-page')).Component }),
  },
  {
    path: 'leads',
    lazy: async () => ({ Component: (await import('./leads/leads-page')).Component }),
  },
  {
    path: 'leads/:id',
    lazy: async () => ({ Component: (await import('./leads/lead-detail-page')).Component }),
  },
  {
    path: 'messages',
    lazy: async () => ({ Component: (await import('./messages/messages-page')).Component }),
  },
  {
    path: 'messages/:id',
    lazy: async () => ({ Component: (await import('./messages/message-page')).Component }),
  },
  {
    path: 'mail',
    lazy: async () => ({ Component: (await import('./mail/mail-page')).Component }),
  },
  {
    path: 'mail/:id',
    lazy: async () => ({ Component: (await import('./mail/mail-message-page')).Component }),
  },
  {
    path: 'statistics',
    lazy: async () => ({ Component: (await import('./statistics/statistics-page')).Component }),
  },
  {
    path: 'database',
    lazy: async () => ({ Component: (await import('./database/database-page')).Component }),
  },
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('./settings/settings-page')).Component }),
  },
  {
    path: 'jobs',
    lazy: async () => ({ Component: (await import('./jobs/jobs-page')).Component }),
  },
  {
    path: 'jobs/:id',
    lazy: async () => ({ Component: (await import('./jobs/job-detail-page')).Component }),
  },
  {
    path: 'scripts',
    lazy: async () => ({ Component: (await import('./scripts/scripts-page')).Component }),
  },
  {
    path: 'scripts/run',
    lazy: async () => ({ Component: (await import('./scripts/run-picker-page')).Component }),
  },
  {
    path: 'scripts/run/:id',
    lazy: async () => ({ Component: (await import('./scripts/run-script-page')).Component }),
  },
  {
    path: 'scripts/schedule',
    lazy: async () => ({ Component: (await import('./scripts/schedules-page')).Component }),
  },
  {
    path: 'companies',
    lazy: async () => ({ Component: (await import('./companies/companies-page')).Component }),
  },
  {
    path: 'companies/new',
    lazy: async () => ({ Component: (await import('./companies/company-new-page')).Component }),
  },
  {
    path: 'companies/applications',
    lazy: async () => ({ Component: (await import('./companies/applications-page')).Component }),
  },
  {
    path: 'companies/reviews',
    lazy: async () => ({ Component: (await import('./companies/reviews-page')).Component }),
  },
  {
    path: 'companies/:id',
    lazy: async () => ({ Component: (await import('./companies/company-edit-page')).Component }),
  },
  {
    path: 'upload',
    lazy: async () => ({ Component: (await import('./companies/import/upload-page')).Component }),
  },
  {
    path: 'seo-health',
    lazy: async () => ({
      Component: (await import('./seo-health/seo-dashboard-page')).Component,
    }),
  },
  {
    path: 'seo-health/tasks',
    lazy: async () => ({ Component: (await import('./seo-health/seo-tasks-page')).Component }),
  },
  {
    path: 'seo-health/reports',
    lazy: async () => ({ Component: (await import('./seo-health/seo-reports-page')).Component }),
  },
  {
    path: 'seo-health/analyzer',
    lazy: async () => ({
      Component: (await import('./seo-health/seo-analyzer-page')).Component,
    }),
  },
  {
    path: 'audit',
    lazy: async () => ({ Component: (await import('./audit/audit-page')).Component }),
  },
  {
    path: 'qa-automation',
    lazy: async () => ({ Component: (await import('./qa/qa-page')).Component }),
  },
];
