/**
 * What the directory's loaders read, and who provides it: the server implements this interface with the
 * same query functions the JSON API uses (server/src/web), the browser over fetch to /api/*.
 * Type-only and free of React and router imports, so the server can import it.
 */
import type {
  Company,
  CompanySort,
  MajorCity,
  ServiceId,
  StateSummary,
} from '@moveratlas/contracts';

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
}

export interface CompanyPage {
  companies: Company[];
  total: number;
}

export interface DirectoryData {
  site(): SiteInfo;
  /** All 50 states and DC with their live company counts. */
  listStates(): Promise<StateSummary[]>;
  /** The hero's major cities with live counts. */
  majorCities(): Promise<MajorCity[]>;
  featuredCompanies(limit: number): Promise<Company[]>;
  listCompanies(query: CompanyQuery): Promise<CompanyPage>;
}
