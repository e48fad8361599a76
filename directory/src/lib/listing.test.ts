import { describe, expect, it } from 'vitest';
import { ALL_FEATURED_PATH } from './companies';
import { isListVariant, listQueryString, readListParams } from './listing';

const read = (query: string) => readListParams(new URLSearchParams(query));

describe('the featured filter of a company list', () => {
  it('reads ?featured=true, keeps it in the one canonical query string, and keeps it out of the index', () => {
    const params = read('sort=rating&featured=true&page=2');
    expect(params).toEqual({
      page: 2,
      featured: true,
      sort: 'rating',
      service: undefined,
      state: undefined,
    });
    expect(listQueryString(params!)).toBe('?featured=true&sort=rating&page=2');
    expect(isListVariant({ ...params!, page: 1, sort: 'featured' })).toBe(true);
  });

  it('answers any other value with no page (a 404), and an empty one as no filter', () => {
    expect(read('featured=yes')).toBeUndefined();
    expect(read('featured=')).toEqual({
      page: 1,
      sort: 'featured',
      service: undefined,
      state: undefined,
    });
  });

  it('is where the home page sends a visitor for every featured mover', () => {
    const [path, query] = ALL_FEATURED_PATH.split('?');
    expect(path).toBe('/moving-companies');
    expect(listQueryString(read(query!)!)).toBe(`?${query}`);
  });
});

describe('the “Licensed for interstate moves” filter of a company list (issue 20)', () => {
  it('reads ?licensed=interstate, keeps it in the canonical query string, and keeps it out of the index', () => {
    const params = read('licensed=interstate&service=long-distance-moving&sort=name');
    expect(params).toEqual({
      page: 1,
      licensed: 'interstate',
      service: 'long-distance-moving',
      sort: 'name',
      state: undefined,
    });
    expect(listQueryString(params!)).toBe(
      '?service=long-distance-moving&licensed=interstate&sort=name',
    );
    expect(isListVariant({ page: 1, sort: 'featured', licensed: 'interstate' })).toBe(true);
  });

  it('answers any other value with no page (a 404), and an empty one as no filter', () => {
    expect(read('licensed=yes')).toBeUndefined();
    expect(read('licensed=true')).toBeUndefined();
    expect(read('licensed=')).not.toHaveProperty('licensed');
  });
});
