/**
 * The hero's major cities (spec section 3). `count` is the number the spec quotes; the seed creates
 * exactly that many companies there and the API answers live counts.
 */
export const MAJOR_CITIES = [
  {
    name: 'New York',
    stateSlug: 'new-york',
    citySlug: 'new-york',
    stateAbbreviation: 'NY',
    count: 102,
  },
  {
    name: 'Los Angeles',
    stateSlug: 'california',
    citySlug: 'los-angeles',
    stateAbbreviation: 'CA',
    count: 87,
  },
  {
    name: 'Chicago',
    stateSlug: 'illinois',
    citySlug: 'chicago',
    stateAbbreviation: 'IL',
    count: 64,
  },
  { name: 'Houston', stateSlug: 'texas', citySlug: 'houston', stateAbbreviation: 'TX', count: 59 },
  {
    name: 'Phoenix',
    stateSlug: 'arizona',
    citySlug: 'phoenix',
    stateAbbreviation: 'AZ',
    count: 41,
  },
] as const;
