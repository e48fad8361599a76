/**
 * The admin lists keep their filters, sort and page in the URL, so a view can be bookmarked, shared and
 * reached again with Back. These read and change those parameters.
 */

/** The named URL parameters that have a value, for a query key or an API request. */
export function pick(search: URLSearchParams, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = search.get(name);
    if (value) picked[name] = value;
  }
  return picked;
}

/** The current query with some parameters changed (null or '' removes one), as a link target. */
export function withParams(
  search: URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  const text = next.toString();
  return text === '' ? '?' : `?${text}`;
}

/** ?page=, a whole number from 1; anything else is the first page. */
export const pageParam = (search: URLSearchParams): number =>
  Math.max(1, Math.floor(Number(search.get('page') ?? 1)) || 1);
