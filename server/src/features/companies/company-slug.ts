/** The shape of a company slug in a URL: anything else cannot name a company, so it is not looked up. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isCompanySlug = (slug: string): boolean => slug.length <= 160 && SLUG.test(slug);
