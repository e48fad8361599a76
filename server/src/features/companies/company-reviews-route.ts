/**
 * GET /api/companies/:slug/reviews?page=n&sort=newest|highest|lowest&verified=true&hired=true: one page of a
 * listed company's published reviews in the order asked for (newest first by default), optionally only the
 * verified ones and only those whose writer hired the mover — what the profile's review pages beyond its
 * first, newest-first one (/company/{slug}?reviews=n&sort=…) are made of. A parameter we do not know, or a
 * value outside its choices, is a 400 naming it in words (the page answers such an address 404, as for a bad
 * page number); 404 for a company that is unknown or unlisted, as its profile, and for a page past the last.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { CompanyReviewsQuerySchema, reviewApiParams } from '@moveratlas/contracts';
import { notFound } from '../../lib/http-error';
import { EDITABLE_PUBLIC_CACHE_CONTROL } from '../../lib/http/cache-control';
import { parseInput } from '../../lib/validate';
import { findCompanyReviews } from './company-profile';
import { isCompanySlug } from './company-slug';
import { renamedCompanySlug } from './former-slugs';

export function companyReviewsRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const slug = String(req.params.slug);
    const { page, ...view } = parseInput(CompanyReviewsQuerySchema, req.query, 'query');
    const reviews = isCompanySlug(slug)
      ? await findCompanyReviews(db, slug, page, view)
      : undefined;
    const renamed = !reviews && isCompanySlug(slug) && (await renamedCompanySlug(db, slug));
    if (renamed) {
      // A renamed company's old slug: the same page of the same view at its current one (decision 028).
      res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
      const query = new URLSearchParams(reviewApiParams(view, page));
      res.redirect(301, `/api/companies/${renamed}/reviews?${query}`);
      return;
    }
    if (!reviews) {
      throw notFound(
        isCompanySlug(slug) && page > 1
          ? `No page ${page} of reviews for the company "${slug}"`
          : `No company with slug "${slug.slice(0, 160)}"`,
      );
    }
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(reviews);
  };
}
