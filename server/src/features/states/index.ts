/**
 * States and cities: lists, details, move destinations, directory statistics.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { cityNameOf, moveDestinations } from './move-destinations';
export {
  cityDetail,
  companyCountsByState,
  listStates,
  majorCities,
  stateDetail,
} from './place-queries';
export { stateRoutes } from './routes';
export { citySlugsWithCompanies, countCitiesWithCompanies } from './sitemap-entries';
export { loadStates, resolveState } from './state-lookup';
export { directoryStatistics, forgetDirectoryStatistics } from './statistics';
