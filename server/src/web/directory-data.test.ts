import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { openDatabase } from '../db/connection';
import { testDatabases } from '../../test/databases';
import { createDirectoryData } from './directory-data';

const SITE = { siteName: 'MoverAtlas', origin: 'https://movers.test', currentYear: 2026 };

describe.each(testDatabases())('createDirectoryData on $name', ({ config }) => {
  let db: Knex;
  beforeAll(() => {
    db = openDatabase(config);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('answers the site facts it was given', () => {
    expect(createDirectoryData(db, SITE).site()).toEqual(SITE);
  });

  it('lists all 51 states with company counts and the five major cities, as the API does', async () => {
    const data = createDirectoryData(db, SITE);
    const states = await data.listStates();
    expect(states).toHaveLength(51);
    expect(states.reduce((sum, s) => sum + s.companyCount, 0)).toBeGreaterThan(0);
    const cities = await data.majorCities();
    expect(cities.map((c) => c.name)).toEqual([
      'New York',
      'Los Angeles',
      'Chicago',
      'Houston',
      'Phoenix',
    ]);
  });

  it('pages companies with the API defaults and its validation', async () => {
    const data = createDirectoryData(db, SITE);
    const page = await data.listCompanies({ state: 'illinois', limit: 3 });
    expect(page.companies).toHaveLength(3);
    expect(page.companies.every((c) => c.state.slug === 'illinois')).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const featured = await data.featuredCompaniesToday(2);
    expect(featured).toHaveLength(2);
    expect(featured.every((c) => c.isFeatured)).toBe(true);
  });

  it('turns a rejected filter into a 400 answer for the router', async () => {
    const data = createDirectoryData(db, SITE);
    const failure = await data
      .listCompanies({ state: 'atlantis' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Response);
    expect((failure as Response).status).toBe(400);
    const tooMany = await data.listCompanies({ limit: 1000 }).catch((error: unknown) => error);
    expect((tooMany as Response).status).toBe(400);
  });

  it('finds states, cities and companies by any spelling, and undefined for unknown ones', async () => {
    const data = createDirectoryData(db, SITE);
    const state = await data.stateDetail('IL');
    expect(state?.slug).toBe('illinois');
    expect(state?.cities.length).toBeGreaterThan(0);
    expect(await data.stateDetail('atlantis')).toBeUndefined();
    const city = await data.cityDetail('Illinois', 'chicago');
    expect(city?.name).toBe('Chicago');
    expect(await data.cityDetail('illinois', 'Not A Slug')).toBeUndefined();
    expect(await data.cityDetail('illinois', 'no-such-city-here')).toBeUndefined();
    const { companies } = await data.listCompanies({ limit: 1 });
    const profile = await data.companyProfile(companies[0]!.slug);
    expect(profile?.id).toBe(companies[0]!.id);
    expect(profile?.ratingDistribution).toHaveLength(5);
    expect(await data.companyProfile('../etc')).toBeUndefined();
  });

  it('searches with the API rules and knows the national figures and lead destinations', async () => {
    const data = createDirectoryData(db, SITE);
    const results = await data.search({ q: 'chicago', limit: 3 });
    expect(results.cities[0]?.slug).toBe('chicago');
    const bad = await data.search({ q: '' }).catch((error: unknown) => error);
    expect((bad as Response).status).toBe(400);
    const statistics = await data.nationalStatistics();
    expect(statistics.companyCount).toBeGreaterThan(0);
    // The leads table exists (possibly empty): an array, never an error.
    expect(Array.isArray(await data.moveDestinations('illinois'))).toBe(true);
    expect(Array.isArray(await data.moveDestinations('IL', 'chicago'))).toBe(true);
    expect(await data.moveDestinations('atlantis')).toBeUndefined();
    expect(await data.moveDestinations('illinois', 'gotham')).toBeUndefined();
    expect(await data.moveDestinations('illinois', '../etc')).toBeUndefined();
  });
});
