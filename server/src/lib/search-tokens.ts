/** Word tokens for the company search index and for search queries: lowercase ASCII words, common filler words dropped. */
const STOP_WORDS = new Set(['and', 'the', 'of', 'llc', 'inc', 'co', 'a', '&']);

export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/'/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** The distinct tokens a company name is indexed under (at most 64 characters each, the column's width). */
export function companySearchTokens(name: string): string[] {
  const words = searchWords(name).filter((w) => !STOP_WORDS.has(w));
  return [...new Set(words.map((w) => w.slice(0, 64)))];
}

/** The exclusive upper bound of a prefix range: 'chi' → 'chj', so `token >= 'chi' AND token < 'chj'` uses the index. */
export function prefixUpperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** The form cities are stored under in cities.search_name: 'St. Louis' → 'st louis'. */
export function citySearchName(name: string): string {
  return searchWords(name).join(' ');
}

/**
 * Words our place data writes both ways: "Saint Louis" and "Fort Worth" are spelled out, but "St John" (KS),
 * "Mt Baldy" (CA) and "Ft Mitchell" (KY) are not, so a typed name is looked up in every form.
 */
const PLACE_WORD_FORMS: ReadonlyArray<readonly [short: string, long: string]> = [
  ['st', 'saint'],
  ['ste', 'sainte'],
  ['ft', 'fort'],
  ['mt', 'mount'],
];
const SPELLED_OUT = new Map(PLACE_WORD_FORMS);
const ABBREVIATED = new Map(PLACE_WORD_FORMS.map(([short, long]) => [long, short]));

/**
 * The cities.search_name forms a typed city may be stored under: as typed, with "st", "ft", "mt" spelled out
 * and with "saint", "fort", "mount" abbreviated ('St. Louis' → 'st louis', 'saint louis'). Empty for no words.
 */
export function citySearchNameSpellings(name: string): string[] {
  const words = searchWords(name);
  if (words.length === 0) return [];
  const forms = [
    words,
    words.map((w) => SPELLED_OUT.get(w) ?? w),
    words.map((w) => ABBREVIATED.get(w) ?? w),
  ];
  return [...new Set(forms.map((f) => f.join(' ')))];
}
