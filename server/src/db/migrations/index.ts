/**
 * The migration list. Listed explicitly (not read from the folder) so the same code runs under tsx,
 * a bundler and the tests; add a new migration with one import and one entry.
 */
import type { Knex } from 'knex';
import * as createStates from './20261123_01_create_states';
import * as createCities from './20261123_02_create_cities';
import * as createZipCodes from './20261123_03_create_zip_codes';
import * as createServices from './20261123_04_create_services';
import * as createCompanies from './20261123_05_create_companies';
import * as createCompanyServices from './20261123_06_create_company_services';
import * as createReviews from './20261123_07_create_reviews';
import * as createSearchTokens from './20261123_08_create_search_tokens';
import * as createAdminUsers from './20261123_09_create_admin_users';
import * as createSeedRuns from './20261123_10_create_seed_runs';

const migrations: Record<string, Knex.Migration> = {
  '20261123_01_create_states': createStates,
  '20261123_02_create_cities': createCities,
  '20261123_03_create_zip_codes': createZipCodes,
  '20261123_04_create_services': createServices,
  '20261123_05_create_companies': createCompanies,
  '20261123_06_create_company_services': createCompanyServices,
  '20261123_07_create_reviews': createReviews,
  '20261123_08_create_search_tokens': createSearchTokens,
  '20261123_09_create_admin_users': createAdminUsers,
  '20261123_10_create_seed_runs': createSeedRuns,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
