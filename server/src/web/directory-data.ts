/**
 * The directory's loaders, served in process: DirectoryData implemented with the same query functions the
 * JSON API calls. Failures the API would answer with a status (a bad filter, the database being down)
 * become thrown web Responses, which the router turns into that status and the error page.
 */
import type { Knex } from 'knex';
import { CompanyListQuerySchema } from '@moveratlas/contracts';
import type {
  CompanyQuery,
  DirectoryData,
  SiteInfo,
} from '../../../directory/src/app/data-context';
import { listCompanies } from '../features/companies/list-companies';
import { listFeaturedCompanies } from '../features/companies/company-profile';
import { listStates, majorCities } from '../features/states/place-queries';
import { HttpError } from '../lib/http-error';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { parseInput } from '../lib/validate';

async function answer<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    if (isDatabaseUnavailable(error)) {
      throw new Response('The service is temporarily unavailable', {
        status: 503,
        headers: { 'Retry-After': '5' },
      });
    }
    throw error;
  }
}

/** The same validation and defaults as GET /api/companies, from the query string form the schema reads. */
function companyListQuery(query: CompanyQuery) {
  const raw: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) raw[name] = String(value);
  }
  return parseInput(CompanyListQuerySchema, raw, 'query');
}

export function createDirectoryData(db: Knex, site: SiteInfo): DirectoryData {
  return {
    site: () => site,
    listStates: () => answer(() => listStates(db)),
    majorCities: () => answer(() => majorCities(db)),
    featuredCompanies: (limit) => answer(() => listFeaturedCompanies(db, limit)),
    listCompanies: (query) => answer(() => listCompanies(db, companyListQuery(query))),
  };
}
