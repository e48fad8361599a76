/**
 * The deterministic directory seed: the same seed and company count give byte-identical data on
 * SQLite and MySQL. It expects freshly migrated, empty tables and writes everything in one
 * transaction, so a crash part-way leaves the database empty rather than half seeded.
 */
import type { Knex } from 'knex';
import { SERVICES } from '@moveratlas/contracts';
import { dialectOf } from '../dialect';
import { allocateCompanies } from './allocation';
import { companyRows, newCompanyBuildState, planProfiles, selectFeatured } from './companies';
import { loadGeography } from './geography';
import { Random } from './random';
import { TextBudget } from './review-text';
import { planReviews, reviewRows } from './reviews';

export interface SeedOptions {
  companies: number;
  seed: number;
}

export interface SeedSummary {
  states: number;
  cities: number;
  zipCodes: number;
  companies: number;
  featured: number;
  reviews: number;
  ms: number;
}

export const SEED_RUN_NAME = 'directory';

/** Companies generated and written per round: bounds memory at 200,000 companies and more. */
const COMPANY_BATCH = 2000;

export async function seedDatabase(
  db: Knex,
  options: SeedOptions,
  log: (msg: string) => void = () => {},
): Promise<SeedSummary> {
  const started = performance.now();
  const total = options.companies;
  if (!Number.isInteger(total) || total < 1)
    throw new RangeError(`Seed: companies must be a positive integer, got ${total}`);
  const seed = options.seed >>> 0;
  const dialect = dialectOf(db);
  const geo = loadGeography();

  // Every part draws from its own named stream (see Random.derive).
  const cities = allocateCompanies(geo, total, Random.derive(seed, 'allocation'));
  const profiles = planProfiles(Random.derive(seed, 'profiles'), cities, geo);
  const plan = planReviews(
    Random.derive(seed, 'review-plan'),
    profiles.map((p) => ({ earliestDay: p.listedDay, popularity: p.popularity })),
  );
  const featured = selectFeatured(Random.derive(seed, 'featured'), profiles, plan);
  const companyRng = Random.derive(seed, 'companies');
  const reviewRng = Random.derive(seed, 'review-text');
  const reviewBudget = new TextBudget();
  const build = newCompanyBuildState(geo);
  log(`seed: planned ${total} companies, ${plan.stars.length} reviews, ${featured.size} featured`);

  await db.transaction(async (trx) => {
    await dialect.batchInsert(trx, 'states', geo.states);
    await dialect.batchInsert(trx, 'cities', geo.cities);
    await dialect.batchInsert(trx, 'zip_codes', geo.zips);
    await dialect.batchInsert(
      trx,
      'services',
      SERVICES.map((s, i) => ({ id: s.id, name: s.name, sort_order: i + 1 })),
    );
    log(
      `seed: ${geo.states.length} states, ${geo.cities.length} cities, ${geo.zips.length} ZIP codes`,
    );

    for (let from = 0; from < total; from += COMPANY_BATCH) {
      const to = Math.min(total, from + COMPANY_BATCH);
      const batch = companyRows(companyRng, profiles, plan, featured, geo, build, from, to);
      await dialect.batchInsert(trx, 'companies', batch.companies);
      await dialect.batchInsert(trx, 'company_services', batch.services);
      await dialect.batchInsert(trx, 'company_search_tokens', batch.tokens);
      await dialect.batchInsert(
        trx,
        'reviews',
        reviewRows(reviewRng, plan, from, to, (i) => profiles[i]?.city.name ?? '', reviewBudget),
      );
      if (to % 50_000 === 0 && to < total) log(`seed: ${to} of ${total} companies written`);
    }

    // seed_runs.completed_at keeps its default (the real completion time): it records when, not what.
    await trx('seed_runs').insert({
      name: SEED_RUN_NAME,
      seed: options.seed,
      company_count: total,
    });
  });

  const summary: SeedSummary = {
    states: geo.states.length,
    cities: geo.cities.length,
    zipCodes: geo.zips.length,
    companies: total,
    featured: featured.size,
    reviews: plan.stars.length,
    ms: Math.round(performance.now() - started),
  };
  log(
    `seed: done in ${summary.ms} ms (${summary.companies} companies, ${summary.reviews} reviews)`,
  );
  return summary;
}
