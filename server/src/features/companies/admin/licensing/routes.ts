/**
 * /api/admin/licensing (behind the admin gate), the parts that read or write our companies (issue 20; the
 * imports themselves are features/licensing):
 *   GET  /licensing/red-flags?flag=&page=       listed companies with red flags, counted per flag
 *   GET  /licensing/census-carriers?state=&page= the state's for-hire carriers no company is matched to
 *   GET  /licensing/cities?state=               our cities of a state, the listing form's choices
 *   POST /licensing/census-listings             carriers staff reviewed, created as listed companies
 * Unlisting from the report is POST /companies/bulk with a reason (companies-bulk-route.ts).
 */
import { Router } from 'express';
import {
  CENSUS_CARRIERS_PAGE_SIZE,
  CensusCarriersQuerySchema,
  CensusListingRequestSchema,
  RedFlagReportQuerySchema,
  StateCitiesQuerySchema,
  type CensusListingResult,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../../app-context';
import { parseInput } from '../../../../lib/validate';
import { auditedChange } from '../../../audit';
import { censusCarriersOfState, citiesOfState, refreshCompanyMatches } from '../../../licensing';
import { clearPublicReads } from '../public-cache';
import { createCensusListings } from './census-listings';
import { redFlagReport } from './red-flags';

export function adminCompanyLicensingRoutes(ctx: AdminContext): Router {
  const { db } = ctx;
  const router = Router();

  router.get('/licensing/red-flags', async (req, res) => {
    const query = parseInput(RedFlagReportQuerySchema, req.query, 'query');
    res.json(await redFlagReport(db, query));
  });

  router.get('/licensing/census-carriers', async (req, res) => {
    const { state, page } = parseInput(CensusCarriersQuerySchema, req.query, 'query');
    res.json(await censusCarriersOfState(db, state, page, CENSUS_CARRIERS_PAGE_SIZE));
  });

  router.get('/licensing/cities', async (req, res) => {
    const { state } = parseInput(StateCitiesQuerySchema, req.query, 'query');
    res.json({ items: await citiesOfState(db, state) });
  });

  router.post('/licensing/census-listings', async (req, res) => {
    const { listings } = parseInput(CensusListingRequestSchema, req.body, 'body');
    const created = await auditedChange(db, req, res, (trx, audit) =>
      createCensusListings(trx, listings, audit),
    );
    // Matched once committed: the match reads the census through the pool, as every refresh does.
    const ids = created.map((c) => c.id);
    await refreshCompanyMatches(db, { companyIds: ids });
    const matched = new Set(
      (
        (await db('licensing_company_matches')
          .whereIn('company_id', ids)
          .pluck('company_id')) as number[]
      ).map(Number),
    );
    await clearPublicReads(req, db);
    const answer: CensusListingResult = {
      created: created.map((c) => ({ ...c, matched: matched.has(c.id) })),
    };
    res.status(201).json(answer);
  });

  return router;
}
