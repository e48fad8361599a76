/** The figures the directory's pages show after a client-side navigation: national statistics and lead destinations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DirectoryStatisticsSchema } from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

const MoveDestinationsSchema = z.array(
  z.strictObject({
    name: z.string(),
    slug: z.string(),
    abbreviation: z.string().length(2),
    count: z.number().int().positive(),
  }),
);

/** Quote requests from Wyoming, a state no other test sends leads from; removed again afterwards. */
const MARK = 'stats-test-';
const TRIPS: Array<{ fromCity: string; fromState: string; toState: string | null }> = [
  { fromCity: 'Cheyenne', fromState: 'WY', toState: 'CO' },
  { fromCity: 'Cheyenne', fromState: 'Wyoming', toState: 'Colorado' },
  { fromCity: 'Cheyenne', fromState: 'WY', toState: 'TX' },
  { fromCity: 'Casper', fromState: 'WY', toState: 'CO' },
  { fromCity: 'Casper', fromState: 'wyoming', toState: 'MT' },
  { fromCity: 'Casper', fromState: 'WY', toState: 'MT' },
  { fromCity: 'Casper', fromState: 'WY', toState: null },
  { fromCity: 'Casper', fromState: 'WY', toState: 'Atlantis' },
];

describe.each(testDatabases())('statistics and move-destination API on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(database.config);
    await app.db('leads').where('lead_uuid', 'like', `${MARK}%`).delete();
    await app.db('leads').insert(
      TRIPS.map((trip, index) => ({
        public_id: `st${index}`.padEnd(12, 'x'),
        lead_uuid: `${MARK}${index}`,
        site_id: 'stats-test',
        first_name: 'Test',
        last_name: 'Lead',
        email: 'test@example.com',
        phone: '3125550100',
        from_city: trip.fromCity,
        from_state: trip.fromState,
        from_location: `${trip.fromCity}, ${trip.fromState}`,
        to_state: trip.toState,
        to_location: trip.toState ?? '',
        move_date: '',
        number_of_rooms: 3,
        selected_companies: '[]',
        wire: '{}',
        ip_address: '127.0.0.1',
        user_agent: 'statistics.test',
      })),
    );
  });
  afterAll(async () => {
    await app.db('leads').where('lead_uuid', 'like', `${MARK}%`).delete();
    await app.close();
  });

  const json = async (path: string, status = 200): Promise<unknown> => {
    const res = await app.get(path);
    expect(res.status, path).toBe(status);
    return res.json();
  };

  it('answers the national statistics, adding up to the states', async () => {
    const res = await app.get('/api/statistics/national');
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=10, stale-while-revalidate=20',
    );
    const national = DirectoryStatisticsSchema.strict().parse(await res.json());
    const states = z.array(z.object({ companyCount: z.number() })).parse(await json('/api/states'));
    expect(national.companyCount).toBe(states.reduce((sum, s) => sum + s.companyCount, 0));
    expect(national.averageRating).toBeGreaterThan(1);
    expect(national.averageRating).toBeLessThanOrEqual(5);
    expect(national.reviewCount).toBeGreaterThan(0);
    expect(national.ratingDistribution.map((bucket) => bucket.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(national.serviceMix.length).toBeGreaterThan(0);
    expect(await json('/api/statistics/national?extra=1')).toEqual(national);
  });

  it('counts destination states of a state’s quote requests, every spelling of a state as one', async () => {
    const destinations = MoveDestinationsSchema.parse(
      await json('/api/states/wyoming/move-destinations'),
    );
    expect(destinations).toEqual([
      { name: 'Colorado', slug: 'colorado', abbreviation: 'CO', count: 3 },
      { name: 'Montana', slug: 'montana', abbreviation: 'MT', count: 2 },
      { name: 'Texas', slug: 'texas', abbreviation: 'TX', count: 1 },
    ]);
    // The state may be named as on every other state route.
    expect(await json('/api/states/WY/move-destinations')).toEqual(destinations);
  });

  it('narrows to one city by its slug', async () => {
    expect(await json('/api/states/wyoming/move-destinations?city=cheyenne')).toEqual([
      { name: 'Colorado', slug: 'colorado', abbreviation: 'CO', count: 2 },
      { name: 'Texas', slug: 'texas', abbreviation: 'TX', count: 1 },
    ]);
  });

  it('answers an empty list where no quote request started', async () => {
    expect(await json('/api/states/vermont/move-destinations')).toEqual([]);
  });

  it('answers 404 for an unknown state or city and 400 for a malformed query', async () => {
    expect(await json('/api/states/atlantis/move-destinations', 404)).toEqual({
      error: 'No US state "atlantis"',
    });
    expect(await json('/api/states/wyoming/move-destinations?city=gotham', 404)).toEqual({
      error: 'No city "gotham" in Wyoming',
    });
    expect(await json('/api/states/wyoming/move-destinations?city=Not%20A%20Slug', 400)).toEqual({
      error: 'City must be a city slug',
    });
    expect(await json('/api/states/wyoming/move-destinations?town=casper', 400)).toEqual({
      error: 'Unknown query parameter: town',
    });
  });
});
