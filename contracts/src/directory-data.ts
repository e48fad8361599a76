/**
 * What the directory's loaders read, and who provides it: the server implements this interface with the
 * same query functions the JSON API uses (server/src/web/directory-data.ts), the browser over fetch to /api/*
 * (directory/src/app/api-directory-data.ts). The one definition of the directory↔server data port.
 * Type-only and free of React and router imports, so the server can import it.
 */
import type { CompanySort } from './api';
import type { Company, CompanyProfile, CompanyReviewPage } from './company';
import type { ReviewView } from './review-pages';
import type { ContentCollection, ContentDocument, ContentSummary } from './content';
import type {
  CityDetail,
  DirectoryStatistics,
  MajorCity,
  SearchResults,
  StateDetail,
  StateSummary,
  ZipPlace,
} from './geo';
import type { ServiceId } from './services';
import type { CarrierCheckAnswer, LicensingFileDates } from './licensing';

/** Site-wide facts the pages need; the same object on the server and, through hydration, in the browser. */
export interface SiteInfo {
  /** SITE_NAME from the server's configuration. */
  siteName: string;
  /** Scheme, host and port that canonical addresses start with: PUBLIC_URL, else the request's own host. */
  origin: string;
  /** The copyright year, fixed by the server so the hydrated footer matches the rendered one. */
  currentYear: number;
}

/** The filters of GET /api/companies; anything left out takes the API's default. */
export interface CompanyQuery {
  limit?: number;
  offset?: number;
  state?: string;
  city?: string;
  service?: ServiceId;
  q?: string;
  sort?: CompanySort;
  featured?: boolean;
  /** Only companies with active interstate for-hire authority in FMCSA's files (issue 20). */
  licensed?: 'interstate';
}

export interface CompanyPage {
  companies: Company[];
  total: number;
}

/** The groups of GET /api/search. */
export type SearchType = 'all' | 'companies' | 'cities' | 'states' | 'zips';

export interface SearchRequest {
  q: string;
  type?: SearchType;
  limit?: number;
  offset?: number;
}

/** A destination state of quote requests that start in a state or city, with how many there were. */
export interface MoveDestination {
  name: string;
  slug: string;
  abbreviation: string;
  count: number;
}

/**
 * "Check a mover" (GET /api/licensing/check): the answer, or the server's refusal of the query in its own
 * words (a name too short, too many checks from one address), which the page shows beside its form.
 */
export interface CarrierCheckOutcome {
  answer: CarrierCheckAnswer | null;
  refused: string | null;
}

export interface DirectoryData {
  site(): SiteInfo;
  /** All 50 states and DC with their live company counts. */
  listStates(): Promise<StateSummary[]>;
  /** The hero's major cities with live counts. */
  majorCities(): Promise<MajorCity[]>;
  /**
   * Today's share of the featured companies (GET /api/companies/featured?rotation=day), best ranked first:
   * a rotation that shows every featured company in turn.
   */
  featuredCompaniesToday(limit: number): Promise<Company[]>;
  listCompanies(query: CompanyQuery): Promise<CompanyPage>;
  /** A state by slug, name, abbreviation or other spelling; undefined when there is no such state. */
  stateDetail(state: string): Promise<StateDetail | undefined>;
  /** A city of a state by its slug; undefined when either is unknown. */
  cityDetail(state: string, citySlug: string): Promise<CityDetail | undefined>;
  /** A company with its newest reviews (the first page); undefined when no listed company has that slug. */
  companyProfile(slug: string): Promise<CompanyProfile | undefined>;
  /**
   * Page `page` of a company's published reviews in a view — an order and filters; newest first, unfiltered
   * without one (GET /api/companies/{slug}/reviews); undefined when no listed company has that slug or the
   * page is past the last.
   */
  companyReviews(
    slug: string,
    page: number,
    view?: ReviewView,
  ): Promise<CompanyReviewPage | undefined>;
  search(query: SearchRequest): Promise<SearchResults>;
  /** Figures for the whole directory (GET /api/statistics/national). */
  nationalStatistics(): Promise<DirectoryStatistics>;
  /**
   * Where quote requests from a state, or one of its cities, go (GET /api/states/{state}/move-destinations);
   * empty while there are none, undefined when the state or city is unknown.
   */
  moveDestinations(state: string, citySlug?: string): Promise<MoveDestination[] | undefined>;
  /** The summaries of a content collection (blog, guides, …), in the order its list page shows them. */
  listContent(collection: ContentCollection): Promise<ContentSummary[]>;
  /** One rendered content document with its related documents; undefined when there is no such slug. */
  contentDocument(
    collection: ContentCollection,
    slug: string,
  ): Promise<ContentDocument | undefined>;
  /** A ZIP code's place and coordinates; undefined when the ZIP is unknown. */
  zipPlace(zip: string): Promise<ZipPlace | undefined>;
  /** What FMCSA's public files say about a USDOT number, an MC number or a name ("Check a mover"). */
  checkCarrier(q: string): Promise<CarrierCheckOutcome>;
  /** The dates of the FMCSA files "Check a mover" reads (GET /api/licensing/files). */
  licensingFileDates(): Promise<LicensingFileDates>;
}
