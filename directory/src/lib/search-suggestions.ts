/** Turns grouped search results into one list of suggestions, each with the page it opens. */
import { cityPath, statePath, companyProfilePath } from '@moveratlas/contracts';
import type { SearchResults } from '@moveratlas/contracts';

export interface Suggestion {
  id: string;
  label: string;
  /** What kind of result it is, read out after the label. */
  kind: 'Company' | 'City' | 'State' | 'ZIP code';
  detail?: string;
  href: string;
}

export function suggestionsOf(results: SearchResults): Suggestion[] {
  return [
    ...results.states.map((s) => ({
      id: `state-${s.slug}`,
      label: s.name,
      kind: 'State' as const,
      detail: `${s.companyCount.toLocaleString('en-US')} movers`,
      href: statePath(s.slug),
    })),
    ...results.cities.map((c) => ({
      id: `city-${c.state.slug}-${c.slug}`,
      label: `${c.name}, ${c.state.abbreviation}`,
      kind: 'City' as const,
      detail: `${c.companyCount.toLocaleString('en-US')} movers`,
      href: cityPath(c.state.slug, c.slug),
    })),
    ...results.zips.map((z) => ({
      id: `zip-${z.zip}`,
      label: z.zip,
      kind: 'ZIP code' as const,
      detail: `${z.city.name}, ${z.state.abbreviation}`,
      href: cityPath(z.state.slug, z.city.slug),
    })),
    ...results.companies.map((c) => ({
      id: `company-${c.id}`,
      label: c.name,
      kind: 'Company' as const,
      detail: `${c.city}, ${c.state}`,
      href: companyProfilePath(c.slug),
    })),
  ];
}
