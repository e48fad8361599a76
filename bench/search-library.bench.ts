/**
 * Our company search against an in-process search library (issue 15: "keep it on our own index on both
 * engines, or choose a well-kept search library — measure both and say why"; decision 021).
 * On the same seeded SQLite database (BENCH_COMPANIES, default 200,000 companies), in this one process:
 * - ours: the companies group of GET /api/search (siteSearch with type=companies: the word index
 *   company_search_tokens, prefix ranges, relevance order), as the server runs it;
 * - MiniSearch (the most used in-process library on npm): an index of every listed company's name, city and
 *   state, prefix search and fuzzy matching of 0.2 as its documentation suggests, boosted by name.
 * Prints, for each: the time to build (ours is kept up to date by the database on every save), the memory it
 * holds (V8 heap after a full GC; ours holds none beyond the database's own page cache), and p50/p99 query
 * times over typical queries; then the first three names each returns for a few queries, to compare relevance.
 * Every server process of a fleet would hold its own copy of the library's index and rebuild it on every
 * change (decision 018), which this prints as the cost per process.
 * Usage: npm run bench:search  [BENCH_COMPANIES=200000] [BENCH_ROUNDS=200]
 */
import MiniSearch from 'minisearch';
import { openDatabase } from '../server/src/db/connection';
import { siteSearch } from '../server/src/features/search';
import { seededSqlite } from './support/seeded-database';

const companies = Number(process.env.BENCH_COMPANIES ?? 200_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const QUERIES = [
  'chi',
  'atlas',
  'two men',
  'houston movers',
  'moving and storage',
  'allied van',
  'premier reloc',
  'budget',
  'seattle',
  'mayflower',
];

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run it as npm run bench:search, which gives node --expose-gc');
  process.exit(1);
}
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function timeQueries(run: (q: string) => Promise<unknown> | unknown) {
  for (const q of QUERIES) await run(q); // warm-up
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const q of QUERIES) {
      const started = performance.now();
      await run(q);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), count: times.length };
}

const config = await seededSqlite(companies);
const db = openDatabase(config);
try {
  // Ours.
  const ours = await timeQueries((q) =>
    siteSearch(db, { q, limit: 8, offset: 0, type: 'companies' }),
  );

  // MiniSearch.
  const before = heapAfterGc();
  const loadStarted = performance.now();
  const rows = (await db({ c: 'companies' })
    .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
    .join({ s: 'states' }, 's.id', 'c.state_id')
    .where('c.is_in_list', true)
    .select('c.id', 'c.name', 'ci.name as city', 's.abbreviation as state')) as Array<{
    id: number;
    name: string;
    city: string;
    state: string;
  }>;
  const loadMs = performance.now() - loadStarted;
  const buildStarted = performance.now();
  const index = new MiniSearch<(typeof rows)[number]>({
    fields: ['name', 'city', 'state'],
    storeFields: ['name', 'city', 'state'],
    searchOptions: { prefix: true, fuzzy: 0.2, boost: { name: 2 } },
  });
  index.addAll(rows);
  const buildMs = performance.now() - buildStarted;
  rows.length = 0;
  const held = heapAfterGc() - before;
  const library = await timeQueries((q) => index.search(q).slice(0, 8));

  console.info(
    `\nCompany search, ${companies.toLocaleString('en-US')} companies (SQLite), ${QUERIES.length} queries × ${rounds} rounds, one process`,
  );
  console.info(
    [
      'engine'.padEnd(44),
      'build'.padStart(12),
      'memory'.padStart(10),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
    ].join(' '),
  );
  console.info(
    [
      'ours (word index in the database)'.padEnd(44),
      'on save'.padStart(12),
      '0 MB'.padStart(10),
      ours.p50.toFixed(2).padStart(8),
      ours.p99.toFixed(2).padStart(8),
    ].join(' '),
  );
  console.info(
    [
      `MiniSearch (prefix, fuzzy 0.2)`.padEnd(44),
      `${((loadMs + buildMs) / 1000).toFixed(1)} s`.padStart(12),
      `${(held / 1e6).toFixed(0)} MB`.padStart(10),
      library.p50.toFixed(2).padStart(8),
      library.p99.toFixed(2).padStart(8),
    ].join(' '),
  );
  console.info(
    `  (MiniSearch: read ${(loadMs / 1000).toFixed(1)} s + index ${(buildMs / 1000).toFixed(1)} s, per process, again after every change)`,
  );

  console.info('\nFirst three names for each query');
  for (const q of ['two men', 'houston movers', 'premier reloc', 'mayflower']) {
    const a = await siteSearch(db, { q, limit: 3, offset: 0, type: 'companies' });
    const b = index.search(q).slice(0, 3);
    console.info(`  ${JSON.stringify(q)}`);
    console.info(
      `    ours:       ${a.companies.map((c) => `${c.name} (${c.city}, ${c.state})`).join(' | ') || '—'}`,
    );
    console.info(
      `    MiniSearch: ${b.map((r) => `${String(r.name)} (${String(r.city)}, ${String(r.state)})`).join(' | ') || '—'}`,
    );
  }
} finally {
  await db.destroy();
}
