/**
 * The query string of a company list (directory, state and city pages): ?page, ?service, ?featured,
 * ?licensed, ?sort and, on the directory, ?state. Read strictly so that every list page has exactly one canonical URL; a value that is
 * not one of ours is a 404 rather than a silently different page.
 */
import { SERVICES, type CompanySort, type ServiceId } from '@moveratlas/contracts';

export const LIST_PAGE_SIZE = 12;

/** Sorts a visitor can choose on a list page (the API's 'featured' is the default order). */
export const SORT_OPTIONS: ReadonlyArray<{ id: CompanySort; label: string }> = [
  { id: 'featured', label: 'Recommended' },
  { id: 'rating', label: 'Highest rated' },
  { id: 'reviews', label: 'Most reviews' },
  { id: 'name', label: 'Name (A–Z)' },
];

export interface ListParams {
  page: number;
  service?: ServiceId;
  /** Featured movers only (?featured=true); the home page's featured section links to them. */
  featured?: true;
  /** Licensed for interstate moves only (?licensed=interstate, issue 20). */
  licensed?: 'interstate';
  sort: CompanySort;
  state?: string;
}

const isService = (value: string): value is ServiceId => SERVICES.some((s) => s.id === value);
// Checked against SORT_OPTIONS (typed by the contracts' CompanySort) rather than COMPANY_SORTS, whose
// module also builds the API's zod schemas, which the browser bundle should not carry.
const isSort = (value: string): value is CompanySort =>
  SORT_OPTIONS.some((option) => option.id === value);

/** The list parameters of a URL, or undefined when one of them is not valid. */
export function readListParams(search: URLSearchParams): ListParams | undefined {
  const pageText = search.get('page');
  const service = search.get('service') || undefined;
  const sort = search.get('sort') || 'featured';
  const state = search.get('state') || undefined;
  const featured = search.get('featured') || undefined;
  const licensed = search.get('licensed') || undefined;
  let page = 1;
  if (pageText !== null && pageText !== '') {
    if (!/^\d{1,5}$/.test(pageText) || Number(pageText) < 1) return undefined;
    page = Number(pageText);
  }
  if (service !== undefined && !isService(service)) return undefined;
  if (!isSort(sort)) return undefined;
  if (featured !== undefined && featured !== 'true') return undefined;
  if (licensed !== undefined && licensed !== 'interstate') return undefined;
  return {
    page,
    service,
    ...(featured ? { featured: true } : {}),
    ...(licensed ? { licensed } : {}),
    sort,
    state,
  };
}

/** The query string of a list page in one fixed order, defaults left out ('' for the first, plain page). */
export function listQueryString(params: ListParams): string {
  const search = new URLSearchParams();
  if (params.state) search.set('state', params.state);
  if (params.service) search.set('service', params.service);
  if (params.featured) search.set('featured', 'true');
  if (params.licensed) search.set('licensed', params.licensed);
  if (params.sort !== 'featured') search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Pages beyond the first and filtered or re-sorted views repeat the first page's title and description
 * with other companies: they stay out of the index (their links are followed) rather than compete with it.
 */
export function isListVariant(params: ListParams): boolean {
  return (
    params.page > 1 ||
    params.sort !== 'featured' ||
    params.service !== undefined ||
    params.featured === true ||
    params.licensed !== undefined ||
    !!params.state
  );
}

export const totalPagesOf = (total: number): number =>
  Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
