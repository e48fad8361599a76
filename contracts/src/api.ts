import { z } from 'zod';
import { intParam } from './query-params';
import { SERVICE_IDS } from './services';
import { fieldLabel } from './text';

/** Query parameters arrive as strings; these schemas coerce and bound them and name the bad field. */
const slugParam = (name: string) =>
  z
    .string()
    .max(100, `${fieldLabel(name)} is too long`)
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      `${fieldLabel(name)} must be a lowercase slug such as "new-york"`,
    )
    .optional();

export const COMPANY_SORTS = ['featured', 'rating', 'reviews', 'name'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export const SEARCH_QUERY_MAX = 100;

export const CompanyListQuerySchema = z.strictObject({
  limit: intParam('limit', 1, 100, 20),
  offset: intParam('offset', 0, 1_000_000, 0),
  state: z
    .string()
    .max(100, 'State is too long')
    .regex(/^[A-Za-z -]+$/, 'State must be a state slug, name or abbreviation')
    .optional(),
  city: slugParam('city'),
  service: z
    .enum(SERVICE_IDS, { message: `Service must be one of: ${SERVICE_IDS.join(', ')}` })
    .optional(),
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX, `Search must be at most ${SEARCH_QUERY_MAX} characters`)
    .optional(),
  sort: z
    .enum(COMPANY_SORTS, { message: `Sort must be one of: ${COMPANY_SORTS.join(', ')}` })
    .optional()
    .default('featured'),
  featured: z.enum(['true', 'false'], { message: 'Featured must be true or false' }).optional(),
  /**
   * `interstate`: only companies FMCSA's files show with active for-hire authority, none of it revoked
   * (issue 20, contracts' authorityOf): the directory's "Licensed for interstate moves" filter.
   */
  licensed: z
    .enum(['interstate'], { message: 'The licensing filter must be interstate' })
    .optional(),
});
export type CompanyListQuery = z.infer<typeof CompanyListQuerySchema>;

/**
 * GET /api/companies/featured: the featured companies best ranked first, or with `rotation=day` today's share
 * of them, in a rotation that shows every featured company in turn (the home page's section).
 */
export const FeaturedQuerySchema = z.strictObject({
  limit: intParam('limit', 1, 100, 50),
  rotation: z.enum(['day'], { message: 'Rotation must be day' }).optional(),
});

export const SearchQuerySchema = z.strictObject({
  q: z
    .string({ message: 'Search is required' })
    .trim()
    .min(1, 'Search is required')
    .max(SEARCH_QUERY_MAX, `Search must be at most ${SEARCH_QUERY_MAX} characters`),
  limit: intParam('limit', 1, 50, 8),
  offset: intParam('offset', 0, 10_000, 0),
  type: z
    .enum(['all', 'companies', 'cities', 'states', 'zips'], {
      message: 'Type must be one of: all, companies, cities, states, zips',
    })
    .optional()
    .default('all'),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const PlaceQuerySchema = z.strictObject({
  q: z
    .string({ message: 'Search is required' })
    .trim()
    .min(1, 'Search is required')
    .max(60, 'Search must be at most 60 characters'),
  limit: intParam('limit', 1, 20, 8),
});

export const ZipParamSchema = z.string().regex(/^\d{5}$/, 'ZIP code must be five digits');
