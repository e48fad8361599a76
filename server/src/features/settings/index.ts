/**
 * Site settings stored in the database, and the admin Settings screen.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { adminSettingsRoutes } from './admin/routes';
export { SettingLeadBackend } from './lead-backend-setting';
export { SiteSettings, siteSettingDefaults } from './site-settings';
export { adminAlertSettingsRoutes } from './admin/alert-settings-routes';
export { alertEmails } from './alert-emails';
export { reviewRequestSettings } from './review-request-setting';
