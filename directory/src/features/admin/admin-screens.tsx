/**
 * The admin screens, children of the admin layout route (/admin): one entry per screen, each a lazy page
 * module in its own feature folder under features/admin/ (admin-screen-modules.ts, loaded with the admin
 * area, so the public entry holds these paths and nothing of the screens). Only screens that exist are
 * registered.
 */
import type { RouteObject } from 'react-router-dom';
import type { AdminScreenPath } from './admin-screen-modules';

const screen =
  (name: AdminScreenPath): RouteObject['lazy'] =>
  async () => {
    const { ADMIN_SCREEN_MODULES } = await import('./admin-screen-modules');
    return { Component: (await ADMIN_SCREEN_MODULES[name]()).Component };
  };

export const adminScreens: RouteObject[] = [
  { index: true, lazy: screen('dashboard') },
  { path: 'leads', lazy: screen('leads') },
  { path: 'leads/:id', lazy: screen('leads/:id') },
  { path: 'deletion-requests', lazy: screen('deletion-requests') },
  { path: 'lead-returns', lazy: screen('lead-returns') },
  { path: 'messages', lazy: screen('messages') },
  { path: 'messages/:id', lazy: screen('messages/:id') },
  { path: 'mail', lazy: screen('mail') },
  { path: 'mail/:id', lazy: screen('mail/:id') },
  { path: 'statistics', lazy: screen('statistics') },
  { path: 'database', lazy: screen('database') },
  { path: 'settings', lazy: screen('settings') },
  { path: 'jobs', lazy: screen('jobs') },
  { path: 'jobs/:id', lazy: screen('jobs/:id') },
  { path: 'scripts', lazy: screen('scripts') },
  { path: 'scripts/run', lazy: screen('scripts/run') },
  { path: 'scripts/run/:id', lazy: screen('scripts/run/:id') },
  { path: 'scripts/schedule', lazy: screen('scripts/schedule') },
  { path: 'companies', lazy: screen('companies') },
  { path: 'companies/new', lazy: screen('companies/new') },
  { path: 'companies/applications', lazy: screen('companies/applications') },
  { path: 'companies/reviews', lazy: screen('companies/reviews') },
  { path: 'companies/:id', lazy: screen('companies/:id') },
  { path: 'upload', lazy: screen('upload') },
  { path: 'licensing', lazy: screen('licensing') },
  { path: 'licensing/red-flags', lazy: screen('licensing/red-flags') },
  { path: 'licensing/census', lazy: screen('licensing/census') },
  { path: 'seo-health', lazy: screen('seo-health') },
  { path: 'seo-health/tasks', lazy: screen('seo-health/tasks') },
  { path: 'seo-health/reports', lazy: screen('seo-health/reports') },
  { path: 'seo-health/analyzer', lazy: screen('seo-health/analyzer') },
  { path: 'audit', lazy: screen('audit') },
  { path: 'claims', lazy: screen('claims') },
  { path: 'qa-automation', lazy: screen('qa-automation') },
];
