/**
 * The directory's canonical page addresses, for the pages' links, the sitemaps and the QA suites alike.
 * State and city pages also answer under /moving-companies/…; the /states/… form is canonical (the
 * breadcrumbs' structured data points there too), so every link uses it (docs/decisions/008).
 */
export const statePath = (stateSlug: string): string => `/states/${stateSlug}`;

export const cityPath = (stateSlug: string, citySlug: string): string =>
  `/states/${stateSlug}/${citySlug}`;

/** A company's profile page, by its slug (or, for a company without one, its id). */
export const companyProfilePath = (slugOrId: string | number): string => `/company/${slugOrId}`;
