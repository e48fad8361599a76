/**
 * GET /api/companies/:slug/reviews?page=n: one page of a listed company's published reviews, newest first —
 * what the profile's later review pages (/company/{slug}?reviews=n) are made of. 404 for a company that is
 * unknown or unlisted, as its profile, and for a page past the last.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { CompanyReviewsQuerySchema } from '@moveratlas/contracts';
import { notFound } from '../../lib/http-error';
import { EDITABLE_PUBLIC_CACHE_CONTROL } from '../../lib/http/cache-control';
import { parseInput } from '../../lib/validate';
import { findCompanyReviews } from './company-profile';
import { isCompanySlug } from './company-slug';
import { renamedCompanySlug } from './former-slugs';

export function companyReviewsRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const slug = String(req.params.slug);
    const { page } = parseInput(CompanyReviewsQuerySchema, req.query, 'query');
    const reviews = isCompanySlug(slug) ? await findCompanyReviews(db, slug, page) : undefined;
    const renamed = !reviews && isCompanySlug(slug) && (await renamedCompanySlug(db, slug));
    if (renamed) {
      // A renamed company's old slug: the same page at its current one (decision 028).
      res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
      res.redirect(301, `/api/companies/${renamed}/reviews?page=${page}`);
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
