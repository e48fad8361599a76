/**
 * The route a lead carries, completed from what the visitor typed (issue 15): a visitor who picked no
 * suggestion sends only "Seattle, WA", and a typed or prefilled ZIP comes without its city and state. Each
 * end's empty ZIP, city and state are filled from the place its fields name, so the lead we store and forward
 * says where the move is; what the form did send is never replaced.
 */
import type { Knex } from 'knex';
import type { RouteEnd } from '@moveratlas/contracts';
import { resolveRoutePlace } from '../geo';

type RouteField = `${RouteEnd}_${'zip' | 'city' | 'state' | 'location'}`;
type RouteForm<P extends string> = Record<`${P}${RouteField}`, string>;

/**
 * The form with both ends completed. `prefix` names the fields of the analytics copy ("lead_from_zip"). A
 * lookup that fails leaves the form as it came: a lead is never lost to its place.
 */
export async function completeRoute<P extends string, F extends RouteForm<P>>(
  db: Knex,
  form: F,
  prefix: P,
  onError: (error: unknown) => void,
): Promise<F> {
  const completed = { ...form };
  for (const end of ['from', 'to'] as const) {
    const key = (field: 'zip' | 'city' | 'state' | 'location') =>
      `${prefix}${end}_${field}` as const;
    const fields = {
      zip: form[key('zip')].trim(),
      city: form[key('city')].trim(),
      state: form[key('state')].trim(),
      location: form[key('location')].trim(),
    };
    if (fields.zip !== '' && fields.city !== '' && fields.state !== '') continue;
    try {
      const place = await resolveRoutePlace(db, fields);
      if (!place) continue;
      for (const field of ['zip', 'city', 'state'] as const)
        if (fields[field] === '') (completed as RouteForm<P>)[key(field)] = place[field];
    } catch (error) {
      onError(error);
    }
  }
  return completed;
}
