/**
 * The route as the server read it (issue 15): the places it found for what the visitor typed, put on the
 * form, and the message on a field whose text it could place nowhere. In the rules chunk: only matching and
 * Continue need it, never step 1.
 */
import type { MatchCompaniesResponse, QuoteFormState, RouteEnd } from '@moveratlas/contracts';
import type { StepErrors } from './validation';

export const PLACE_NOT_UNDERSTOOD =
  "We couldn't find that place. Pick a suggestion from the list, or type a ZIP code.";

/** The form fields of each end of the route. */
const ROUTE_FIELDS = {
  from: {
    text: 'movingFrom',
    zip: 'fromLocationZip',
    city: 'fromLocationCity',
    state: 'fromLocationState',
  },
  to: { text: 'movingTo', zip: 'toLocationZip', city: 'toLocationCity', state: 'toLocationState' },
} as const satisfies Record<RouteEnd, Record<string, keyof QuoteFormState>>;

/** The route texts the server could not place, as they were typed. */
export type UnplacedTexts = Partial<Record<RouteEnd, string>>;

export function unplacedTexts(form: QuoteFormState, ends: readonly RouteEnd[]): UnplacedTexts {
  return Object.fromEntries(ends.map((end) => [end, form[ROUTE_FIELDS[end].text].trim()]));
}

/** The message on each route field that still holds a text the server could not place. */
export function unplacedErrors(
  form: QuoteFormState,
  unplaced: UnplacedTexts | undefined,
): StepErrors {
  const errors: StepErrors = {};
  for (const end of ['from', 'to'] as const) {
    const field = ROUTE_FIELDS[end].text;
    if (unplaced?.[end] !== undefined && unplaced[end] === form[field].trim())
      errors[field] = PLACE_NOT_UNDERSTOOD;
  }
  return errors;
}

/** The ZIP, city and state the server read the route as, put where the form has none. */
export function withPlaces(
  form: QuoteFormState,
  places: Pick<MatchCompaniesResponse, 'from_place' | 'to_place'>,
): QuoteFormState {
  const next = { ...form };
  for (const end of ['from', 'to'] as const) {
    const place = end === 'from' ? places.from_place : places.to_place;
    if (!place) continue;
    for (const part of ['zip', 'city', 'state'] as const) {
      const field = ROUTE_FIELDS[end][part];
      if (next[field].trim() === '') next[field] = place[part];
    }
  }
  return next;
}
