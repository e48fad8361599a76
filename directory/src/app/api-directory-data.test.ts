import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { TEST_SITE, TEST_STATISTICS } from '../test/fixtures';
import { createApiDirectoryData } from './api-directory-data';

function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      requested.push(path);
      const answer = answers[path] ?? { status: 404, body: { error: 'Not found' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requested;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createApiDirectoryData', () => {
  it('reads the national statistics from the API, as the server does in process', async () => {
    const requested = stubApi({
      '/api/statistics/national': { status: 200, body: TEST_STATISTICS },
    });
    const data = createApiDirectoryData(createQueryClient(), TEST_SITE);
    expect(await data.nationalStatistics()).toEqual(TEST_STATISTICS);
    expect(requested).toEqual(['/api/statistics/national']);
  });

  it('reads move destinations of a state or one of its cities; an unknown place is undefined', async () => {
    const illinois = [{ name: 'Texas', slug: 'texas', abbreviation: 'TX', count: 3 }];
    const chicago = [{ name: 'Indiana', slug: 'indiana', abbreviation: 'IN', count: 1 }];
    const requested = stubApi({
      '/api/states/illinois/move-destinations': { status: 200, body: illinois },
      '/api/states/illinois/move-destinations?city=chicago': { status: 200, body: chicago },
    });
    const data = createApiDirectoryData(createQueryClient(), TEST_SITE);
    expect(await data.moveDestinations('illinois')).toEqual(illinois);
    expect(await data.moveDestinations('illinois', 'chicago')).toEqual(chicago);
    expect(await data.moveDestinations('illinois', 'gotham')).toBeUndefined();
    expect(requested).toEqual([
      '/api/states/illinois/move-destinations',
      '/api/states/illinois/move-destinations?city=chicago',
      '/api/states/illinois/move-destinations?city=gotham',
    ]);
  });
});
