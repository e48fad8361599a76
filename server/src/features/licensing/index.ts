/**
 * Licensing: FMCSA's public files (the motor carrier census, L&I revocations) imported into our database and
 * matched to our companies (issue 20, docs/decisions/040). What the rest of the server may use of this
 * resource; everything else in the folder is its own (docs/decisions/015).
 */
export { adminLicensingRoutes } from './routes';
export { licensingImportHandlers, LICENSING_IMPORT_JOB } from './import-job';
export { refreshCompanyMatches } from './company-matches';
export { nameKey, parseDocket, parseFmcsaDate, parseUsdot } from './fmcsa-values';
export { FMCSA_FILES } from './files';
export { companyLicensing, licensingBadges, todayIso } from './company-licensing';
export {
  carriersByDot,
  factsFrom,
  factsOfCompanies,
  newestCensusDate,
  revocationsOf,
  type CompanyNumbers,
} from './carrier-facts';
export { censusCarriersForListing, censusCarriersOfState, citiesOfState } from './census-carriers';
export { publicLicensingRoutes } from './public/routes';
export { checkCarrier } from './public/check-carrier';
export { licensingFileDates } from './public/file-dates';
export { importFmcsaFilesScript, IMPORT_FMCSA_FILES_SCRIPT_ID } from './import-fmcsa-files-script';
