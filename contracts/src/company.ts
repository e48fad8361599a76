import { z } from 'zod';
import { isImageAddress } from './images';
import { intParam } from './query-params';
import { WeeklyHoursSchema } from './company-hours-schema';
import { REVIEW_SORTS, type ReviewSort } from './review-pages';
import { ReviewPhotoSchema } from './review-photo-schemas';
import { CompanyLicensingSchema, LicensingBadgeSchema } from './licensing';

export * from './review-pages';

/** A company as read by cards, profiles and SEO (spec section 3), plus the registry numbers a mover publishes. */
export const ServiceRefSchema = z.object({ id: z.string(), name: z.string() });

export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Only image addresses (images.ts): the server drops anything else it finds stored. */
  logo: z.string().refine(isImageAddress, 'Logo is not an image address').nullable(),
  photoUrls: z.array(z.string().refine(isImageAddress, 'A photo is not an image address')),
  street: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.object({ name: z.string(), slug: z.string() }),
  state: z.object({ name: z.string(), slug: z.string(), abbreviation: z.string() }),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  isFeatured: z.boolean(),
  isInList: z.boolean(),
  services: z.array(ServiceRefSchema),
  usdotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  foundedYear: z.number().int().nullable(),
  yearsInBusiness: z.number().int().nullable(),
  serviceArea: z.string().nullable(),
  serviceRadiusMiles: z.number().int().nullable(),
  /** What FMCSA's files say, as a card's badge (issue 20); absent where a screen does not read it. */
  licensing: LicensingBadgeSchema.optional(),
});
export type Company = z.infer<typeof CompanySchema>;
export type ServiceRef = z.infer<typeof ServiceRefSchema>;

export const ReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  text: z.string(),
  authorFirstName: z.string(),
  date: z.string(),
  /**
   * YYYY-MM-DD, the day of the request the review was written from (issue 19): shown as "Verified request
   * through {site} on {date}". Absent or null for reviews not tied to a request (the sample data).
   */
  verifiedRequestOn: z.string().nullable().optional(),
  /** The writer's photos, in their order (issue 19); absent or empty without any. */
  photos: z.array(ReviewPhotoSchema).optional(),
  /** The company's public answer, once staff published it (issue 17); absent or null without one. */
  reply: z
    .object({
      text: z.string(),
      /** YYYY-MM-DD: the day it was published. */
      date: z.string(),
    })
    .nullable()
    .optional(),
});
export type Review = z.infer<typeof ReviewSchema>;
export type ReviewReplyPublic = NonNullable<Review['reply']>;

/** GET /api/companies/:slug answers the company with its newest published reviews (the first page). */
export const CompanyProfileSchema = CompanySchema.extend({
  /** The weekly opening hours the company gave (the mover's profile editor); null or missing when none. */
  hours: WeeklyHoursSchema.nullable().optional(),
  reviews: z.array(ReviewSchema),
  /** Published reviews by stars, 5 to 1; their sum is the number of published reviews. */
  ratingDistribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
  /**
   * The Licensing panel (issue 20): what FMCSA's public files say, each fact with its source, and the red
   * flags. Beside `licensing` (the cards' badge), so that a profile stays a Company every card can draw.
   */
  licensingDetails: CompanyLicensingSchema,
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

/** A yes-only filter of the reviews API: `true` turns it on; absent, empty or `false` leaves it off. */
const reviewFilterParam = (message: string) =>
  z
    .enum(['true', 'false', ''], { message })
    .optional()
    .transform((value) => value === 'true');

/**
 * GET /api/companies/:slug/reviews?page=n&sort=…&verified=true&hired=true: one page of the company's published
 * reviews in an order (newest first by default), optionally only the verified ones (written from a request's
 * link) and only those whose writer hired the mover. A value we do not know is a 400 naming it, as for `page`.
 */
export const CompanyReviewsQuerySchema = z.strictObject({
  page: intParam('page', 1, 100_000, 1),
  sort: z
    .enum([...REVIEW_SORTS, ''], { message: `Sort must be one of: ${REVIEW_SORTS.join(', ')}` })
    .optional()
    .transform((value): ReviewSort => value || 'newest'),
  verified: reviewFilterParam('Verified only must be true or false'),
  hired: reviewFilterParam('Hired only must be true or false'),
});
export type CompanyReviewsQuery = z.output<typeof CompanyReviewsQuerySchema>;

export const CompanyReviewPageSchema = z.object({
  reviews: z.array(ReviewSchema),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(1),
  /** The published reviews the view lists (all of them without a filter). */
  total: z.number().int().min(0),
});
export type CompanyReviewPage = z.infer<typeof CompanyReviewPageSchema>;
