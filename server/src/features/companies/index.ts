/**
 * Moving companies: the public profile and lists, the admin screens, the CSV import, applications to be listed.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { companyImportHandlers } from './admin/import/import-job';
export { adminUploadRoutes } from './admin/import/routes';
export { adminCompaniesRoutes } from './admin/routes';
export { adminCompanyLicensingRoutes } from './admin/licensing/routes';
export { companyApplicationRoutes } from './applications/routes';
export { findCompanyProfile, findCompanyReviews } from './company-profile';
export { listFeaturedToday } from './featured-rotation';
export {
  companiesWithPlace,
  COMPANY_COLUMNS,
  type CompanyRow,
  servicesByCompany,
} from './company-row';
export { listCompanies } from './list-companies';
export { listedCompanyId } from './company-slug';
export { proReviewRoutes } from './pro/review-routes';
export { companyRoutes } from './routes';
export { companyMediaRoutes } from './media/media-routes';
export { proCompanyProfileRoutes } from './pro/routes';
export { countListedCompanies, listedCompanySlugs } from './sitemap-entries';
