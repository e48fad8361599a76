/**
 * A route field's text as visitors type it, read to a place of our own tables (issue 15), on both engines: the
 * forms the quote form's placeholder invites, the "Saint"/"St." spellings both ways our data writes them, a ZIP
 * alone or with its city, and text that names no place.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { resolveRoutePlace, resolveTypedPlace } from '../../src/features/geo';
import { testDatabases } from '../databases';

describe.each(testDatabases())('typed places on $name', (database) => {
  let db: Knex;
  /** The ZIP a city is given: its lowest, as the autocomplete's suggestion for the city shows. */
  // A city's main ZIP: its lowest residential one (Chicago's 60601, never the P.O.-box 60290).
  const lowestZip = async (city: string, state: string): Promise<string> => {
    const row = (await db('zip_codes as z')
      .join('cities as ci', 'ci.id', 'z.city_id')
      .join('states as s', 's.id', 'ci.state_id')
      .where({ 'ci.name': city, 's.abbreviation': state, 'z.kind': 'standard' })
      .min({ zip: 'z.zip' })
      .first()) as { zip: string | null };
    expect(row.zip, `${city}, ${state} has ZIP codes`).toBeTruthy();
    return row.zip!;
  };

  beforeAll(() => {
    db = openDatabase(database.config);
  });
  afterAll(() => db.destroy());

  it.each([
    ['Seattle, WA', 'Seattle', 'WA'],
    ['seattle wa', 'Seattle', 'WA'],
    ['SEATTLE,WA', 'Seattle', 'WA'],
    ['Seattle, Washington, USA', 'Seattle', 'WA'],
    ['Seattle', 'Seattle', 'WA'],
    ['Portland, Oregon', 'Portland', 'OR'],
    ['Portland OR', 'Portland', 'OR'],
    ['Portland, Maine', 'Portland', 'ME'],
    ['St. Louis, MO', 'Saint Louis', 'MO'],
    ['Saint Louis MO', 'Saint Louis', 'MO'],
    ['st louis, mo', 'Saint Louis', 'MO'],
    ['St Louis, Missouri', 'Saint Louis', 'MO'],
    ['Saint Paul MN', 'Saint Paul', 'MN'],
    ['St. Paul, MN', 'Saint Paul', 'MN'],
    // Our data writes this one abbreviated: the spelled-out form finds it too.
    ['Saint John, KS', 'St John', 'KS'],
    ['Mount Baldy, CA', 'Mt Baldy', 'CA'],
    ['Kansas City, Missouri', 'Kansas City', 'MO'],
  ])('%j is %s, %s with its lowest ZIP', async (text, city, state) => {
    expect(await resolveTypedPlace(db, text)).toMatchObject({
      zip: await lowestZip(city, state),
      city,
      state,
    });
  });

  it.each([
    ['98101', { zip: '98101', city: 'Seattle', state: 'WA' }],
    ['98101-1234', { zip: '98101', city: 'Seattle', state: 'WA' }],
    ['Chicago, IL 60601', { zip: '60601', city: 'Chicago', state: 'IL' }],
    ['60614', { zip: '60614', city: 'Chicago', state: 'IL' }],
    ['63101 Saint Louis', { zip: '63101', city: 'Saint Louis', state: 'MO' }],
  ])('%j is the ZIP named', async (text, place) => {
    expect(await resolveTypedPlace(db, text)).toMatchObject(place);
  });

  it('places a ZIP we do not know by the city typed with it', async () => {
    expect(await resolveTypedPlace(db, 'Seattle, WA 00000')).toMatchObject({
      zip: await lowestZip('Seattle', 'WA'),
      city: 'Seattle',
    });
  });

  it.each([
    '',
    '   ',
    'asdf qwerty',
    'Nowhereville, ZZ',
    'Seattle, OR',
    '00000',
    '12345678',
    // A name several states share, with no state: the visitor picks one.
    'Portland',
    'Springfield',
  ])('%j is not understood', async (text) => {
    expect(await resolveTypedPlace(db, text)).toBeUndefined();
  });

  it('reads the ZIP first, then the city and state of a suggestion, then the text typed', async () => {
    const seattle = { zip: '', city: '', state: '', location: 'Seattle, WA' };
    expect(await resolveRoutePlace(db, seattle)).toMatchObject({ city: 'Seattle', state: 'WA' });
    expect(
      await resolveRoutePlace(db, { ...seattle, zip: '60601', city: 'Chicago', state: 'IL' }),
    ).toMatchObject({ zip: '60601', city: 'Chicago' });
    expect(
      await resolveRoutePlace(db, { ...seattle, city: 'Saint Louis', state: 'Missouri' }),
    ).toMatchObject({ city: 'Saint Louis', state: 'MO' });
    // A structured field that names nothing falls through to what was typed.
    expect(
      await resolveRoutePlace(db, { ...seattle, city: 'Atlantis', state: 'WA' }),
    ).toMatchObject({ city: 'Seattle' });
    expect(
      await resolveRoutePlace(db, { zip: '', city: '', state: 'WA', location: 'nowhere' }),
    ).toBeUndefined();
  });
});
