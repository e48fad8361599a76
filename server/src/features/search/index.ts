/**
 * Site search over companies, cities, states and ZIP codes.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { companiesMatchingWords, companyIdsMatchingWords } from './company-matches';
export { searchRoutes } from './routes';
export { siteSearch } from './site-search';
