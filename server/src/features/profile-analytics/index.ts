/**
 * Profile analytics: how often each company's public profile is viewed and its Get Quote, phone and website
 * links used, counted on the server per company per UTC day (docs/decisions/033).
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { profileActivityRoutes } from './routes';
export { adminProfileActivityRoutes } from './admin/routes';
export { proOverviewRoutes } from './pro/routes';
