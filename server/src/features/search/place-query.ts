/**
 * What a search for a place looks like as people type it (issue 15): "Houston, TX", "houston tx",
 * "Portland Oregon", "St Louis", "ft worth", "houston movers", "moving companies in Chicago". The words that
 * only say what is searched for (movers, moving companies, near, in) go; a state at the end, after a comma or
 * not, becomes a filter; "St", "Ft" and "Mt" are read both ways, as our place data writes some names each way
 * ("Saint Louis", but "St James").
 */
import { findState, type UsState } from '@moveratlas/contracts';
import { citySearchNameSpellings, searchWords } from '../../lib/search-tokens';

/** Words that say what is looked for, not where. */
const GENERIC = new Set([
  'mover',
  'movers',
  'moving',
  'company',
  'companies',
  'service',
  'services',
  'in',
  'near',
  'me',
  'best',
  'top',
  'local',
]);

export interface PlaceQuery {
  /** The place's name in cities.search_name form ("st louis"); empty when only a state was named. */
  name: string;
  /** Every form the name may be stored under ("st louis", "saint louis"): citySearchNameSpellings. */
  spellings: string[];
  /** The state the query names after the place (or alone). */
  state: UsState | undefined;
  /** Whether the query had words only a search for places has (movers, in, a state after a comma). */
  saysPlace: boolean;
}

/** The state named by the last one or two words of `words`, and how many words it took. */
function trailingState(words: string[]): { state: UsState; count: number } | undefined {
  for (const count of [2, 1]) {
    if (words.length <= count) continue;
    const state = findState(words.slice(-count).join(' '));
    if (state) return { state, count };
  }
  return undefined;
}

export function understandPlaceQuery(q: string): PlaceQuery {
  const comma = q.lastIndexOf(',');
  let state: UsState | undefined;
  let place = q;
  if (comma !== -1) {
    // "Houston, TX" and "Chicago, IL 60601": the state is the first word or two after the comma.
    const after = searchWords(q.slice(comma + 1)).filter((w) => !/^\d+$/.test(w));
    state = findState(after.slice(0, 2).join(' ')) ?? findState(after[0] ?? '');
    if (state) place = q.slice(0, comma);
  }
  let words = searchWords(place);
  const generic = words.filter((w) => GENERIC.has(w)).length;
  const specific = words.filter((w) => !GENERIC.has(w));
  // "Moving companies" alone is a search for companies, not a place.
  if (specific.length > 0) words = specific;
  if (!state) {
    const trailing = trailingState(words);
    if (trailing) {
      state = trailing.state;
      words = words.slice(0, -trailing.count);
    }
  }
  const name = words.join(' ');
  return {
    name,
    spellings: citySearchNameSpellings(name),
    state,
    saysPlace: comma !== -1 || (generic > 0 && specific.length > 0),
  };
}
