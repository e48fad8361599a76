/** The 50 states plus the District of Columbia (spec section 3), with the census region the home page groups them by. */
export type Region = 'Northeast' | 'Midwest' | 'South' | 'West';

export interface UsState {
  name: string;
  abbreviation: string;
  slug: string;
  region: Region;
}

const state = (name: string, abbreviation: string, region: Region): UsState => ({
  name,
  abbreviation,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  region,
});

export const US_STATES: readonly UsState[] = [
  state('Alabama', 'AL', 'South'),
  state('Alaska', 'AK', 'West'),
  state('Arizona', 'AZ', 'West'),
  state('Arkansas', 'AR', 'South'),
  state('California', 'CA', 'West'),
  state('Colorado', 'CO', 'West'),
  state('Connecticut', 'CT', 'Northeast'),
  state('Delaware', 'DE', 'South'),
  state('District of Columbia', 'DC', 'South'),
  state('Florida', 'FL', 'South'),
  state('Georgia', 'GA', 'South'),
  state('Hawaii', 'HI', 'West'),
  state('Idaho', 'ID', 'West'),
  state('Illinois', 'IL', 'Midwest'),
  state('Indiana', 'IN', 'Midwest'),
  state('Iowa', 'IA', 'Midwest'),
  state('Kansas', 'KS', 'Midwest'),
  state('Kentucky', 'KY', 'South'),
  state('Louisiana', 'LA', 'South'),
  state('Maine', 'ME', 'Northeast'),
  state('Maryland', 'MD', 'South'),
  state('Massachusetts', 'MA', 'Northeast'),
  state('Michigan', 'MI', 'Midwest'),
  state('Minnesota', 'MN', 'Midwest'),
  state('Mississippi', 'MS', 'South'),
  state('Missouri', 'MO', 'Midwest'),
  state('Montana', 'MT', 'West'),
  state('Nebraska', 'NE', 'Midwest'),
  state('Nevada', 'NV', 'West'),
  state('New Hampshire', 'NH', 'Northeast'),
  state('New Jersey', 'NJ', 'Northeast'),
  state('New Mexico', 'NM', 'West'),
  state('New York', 'NY', 'Northeast'),
  state('North Carolina', 'NC', 'South'),
  state('North Dakota', 'ND', 'Midwest'),
  state('Ohio', 'OH', 'Midwest'),
  state('Oklahoma', 'OK', 'South'),
  state('Oregon', 'OR', 'West'),
  state('Pennsylvania', 'PA', 'Northeast'),
  state('Rhode Island', 'RI', 'Northeast'),
  state('South Carolina', 'SC', 'South'),
  state('South Dakota', 'SD', 'Midwest'),
  state('Tennessee', 'TN', 'South'),
  state('Texas', 'TX', 'South'),
  state('Utah', 'UT', 'West'),
  state('Vermont', 'VT', 'Northeast'),
  state('Virginia', 'VA', 'South'),
  state('Washington', 'WA', 'West'),
  state('West Virginia', 'WV', 'South'),
  state('Wisconsin', 'WI', 'Midwest'),
  state('Wyoming', 'WY', 'West'),
];

export const REGIONS: readonly Region[] = ['Northeast', 'Midwest', 'South', 'West'];

/** Folds case, punctuation and spacing so 'New_York', 'new york' and 'NEW-YORK' compare equal. */
const fold = (text: string): string => text.toLowerCase().replace(/[^a-z]/g, '');

const byFoldedKey = new Map<string, UsState>();
for (const s of US_STATES) {
  byFoldedKey.set(fold(s.name), s);
  byFoldedKey.set(fold(s.abbreviation), s);
}
byFoldedKey.set(
  'washingtondc',
  US_STATES.find((s) => s.abbreviation === 'DC')!,
);

/** Finds a state from a slug, name, abbreviation or a differently spelled form of the name. */
export function findState(segment: string): UsState | undefined {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a malformed escape is just an unknown state
  }
  return byFoldedKey.get(fold(decoded));
}

/** The two-letter abbreviation of a state however it was written ("IL", "Illinois", "illinois"), or undefined. */
export function stateAbbreviation(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== ''
    ? findState(value.trim())?.abbreviation
    : undefined;
}

export function stateBySlug(slug: string): UsState | undefined {
  return US_STATES.find((s) => s.slug === slug);
}

export function stateByAbbreviation(abbreviation: string): UsState | undefined {
  const upper = abbreviation.toUpperCase();
  return US_STATES.find((s) => s.abbreviation === upper);
}
