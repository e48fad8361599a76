import { Router } from 'express';
import type { Knex } from 'knex';
import { CompanyListQuerySchema, FeaturedQuerySchema } from '@moveratlas/contracts';
import { notFound } from '../../lib/http-error';
import { EDITABLE_PUBLIC_CACHE_CONTROL } from '../../lib/http/cache-control';
import { parseInput } from '../../lib/validate';
import { listCompanies } from './list-companies';
import { findCompanyProfile, listFeaturedCompanies } from './company-profile';
import { listFeaturedToday } from './featured-rotation';
import { companyReviewsRoute } from './company-reviews-route';
import { isCompanySlug } from './company-slug';

export function companyRoutes(db: Knex): Router {
  const router = Router();

  router.get('/companies', async (req, res) => {
    const query = parseInput(CompanyListQuerySchema, req.query, 'query');
    const page = await listCompanies(db, query);
    res.set('X-Total-Count', String(page.total));
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(page.companies);
  });

  router.get('/companies/featured', async (req, res) => {
    const { limit, rotation } = parseInput(FeaturedQuerySchema, req.query, 'query');
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(
      rotation === 'day'
        ? await listFeaturedToday(db, limit)
        : await listFeaturedCompanies(db, limit),
    );
  });

  router.get('/companies/:slug', async (req, res) => {
    const slug = req.params.slug;
    const profile = isCompanySlug(slug) ? await findCompanyProfile(db, slug) : undefined;
    if (!profile) throw notFound(`No company with slug "${slug.slice(0, 160)}"`);
    // Cached no longer than the answer itself: the company may change its slug again, or take this one back.
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    // An old slug of a renamed company: its current address (decision 028).
    if (profile.slug !== slug) {
      res.redirect(301, `/api/companies/${profile.slug}`);
      return;
    }
    res.json(profile);
  });

  router.get('/companies/:slug/reviews', companyReviewsRoute(db));

  return router;
}
