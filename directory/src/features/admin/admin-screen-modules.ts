/**
 * Each admin screen's page module, by its path under /admin. Loaded with the admin area, not with the public
 * site's entry: every dynamic import carries its file names and their dependencies' into the module that
 * makes it, and the public pages' first JavaScript has a 130 KB budget (issue 5; bench/bundle-size.ts).
 */
import type { ComponentType } from 'react';

export const ADMIN_SCREEN_MODULES = {
  dashboard: () => import('./dashboard/dashboard-page'),
  leads: () => import('./leads/leads-page'),
  'leads/:id': () => import('./leads/lead-detail-page'),
  'deletion-requests': () => import('./deletion-requests/deletion-requests-page'),
  'lead-returns': () => import('./lead-returns/lead-returns-page'),
  messages: () => import('./messages/messages-page'),
  'messages/:id': () => import('./messages/message-page'),
  mail: () => import('./mail/mail-page'),
  'mail/:id': () => import('./mail/mail-message-page'),
  statistics: () => import('./statistics/statistics-page'),
  database: () => import('./database/database-page'),
  settings: () => import('./settings/settings-page'),
  jobs: () => import('./jobs/jobs-page'),
  'jobs/:id': () => import('./jobs/job-detail-page'),
  scripts: () => import('./scripts/scripts-page'),
  'scripts/run': () => import('./scripts/run-picker-page'),
  'scripts/run/:id': () => import('./scripts/run-script-page'),
  'scripts/schedule': () => import('./scripts/schedules-page'),
  companies: () => import('./companies/companies-page'),
  'companies/new': () => import('./companies/company-new-page'),
  'companies/applications': () => import('./companies/applications-page'),
  'companies/reviews': () => import('./companies/reviews-page'),
  'companies/:id': () => import('./companies/company-edit-page'),
  upload: () => import('./companies/import/upload-page'),
  licensing: () => import('./licensing/imports-page'),
  'licensing/red-flags': () => import('./licensing/red-flags-page'),
  'licensing/census': () => import('./licensing/census-page'),
  'seo-health': () => import('./seo-health/seo-dashboard-page'),
  'seo-health/tasks': () => import('./seo-health/seo-tasks-page'),
  'seo-health/reports': () => import('./seo-health/seo-reports-page'),
  'seo-health/analyzer': () => import('./seo-health/seo-analyzer-page'),
  audit: () => import('./audit/audit-page'),
  claims: () => import('./claims/claims-page'),
  'qa-automation': () => import('./qa/qa-page'),
} satisfies Record<string, () => Promise<{ Component: ComponentType }>>;

export type AdminScreenPath = keyof typeof ADMIN_SCREEN_MODULES;
