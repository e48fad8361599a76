/**
 * /admin/settings: the site's name and contacts and the lead backend, who gets the failure alerts, when visitors are asked for a review, the partner sites (the widget's CORS
 * list), the admin users, and the signed-in admin's own password. Each section loads and fails on its own.
 */
import { AdminUsersPanel } from './admin-users-panel';
import { AlertEmailsPanel } from './alert-emails-panel';
import { PartnersPanel } from './partners-panel';
import { PasswordForm } from './password-form';
import { ReviewRequestsPanel } from './review-requests-panel';
import { SiteSettingsForm } from './site-settings-form';

const SECTIONS = [
  { id: 'site', label: 'Site' },
  { id: 'alerts', label: 'Failure alerts' },
  { id: 'reviews', label: 'Review requests' },
  { id: 'partners', label: 'Partner sites' },
  { id: 'admins', label: 'Admin users' },
  { id: 'password', label: 'Your password' },
];

export function Component() {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-slate-900">Settings</h2>
        <nav aria-label="Settings sections" className="mt-3">
          <ul className="flex flex-wrap gap-2 text-sm">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-slate-700 hover:bg-slate-100"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <SiteSettingsForm />
      <AlertEmailsPanel />
      <ReviewRequestsPanel />
      <PartnersPanel />
      <AdminUsersPanel />
      <PasswordForm />
    </div>
  );
}
