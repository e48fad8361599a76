/**
 * API benchmark (issue 2): list, featured and search endpoints against a bare Express route on the same
 * server, at 50 connections, on a 10,000- and a 200,000-company SQLite seed — once as deployed (the
 * public-read cache on, API_CACHE_SECONDS=10) and once with every request going to the database.
 * Targets: each endpoint ≥ 0.5× the bare route's req/s, p99 ≤ 2× the bare p99; p99 at 200k ≤ 2× p99 at 10k.
 * Usage: npm run bench:api  [BENCH_SECONDS=10] [BENCH_SIZES=10000,200000]
 */
import { seededSqlite } from './support/seeded-database';
import { measure, printTable, startServer, type Measurement } from './support/load';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const sizes = (process.env.BENCH_SIZES ?? '10000,200000').split(',').map(Number);
const CONNECTIONS = 50;

const routes = [
  { label: 'GET /api/companies?limit=50', path: '/api/companies?limit=50' },
  { label: 'GET /api/companies/featured', path: '/api/companies/featured' },
  { label: 'GET /api/search?q=chi', path: '/api/search?q=chi' },
];

const modes = [
  { name: 'as deployed (public-read cache 10 s)', env: { API_CACHE_SECONDS: '10' } },
  { name: 'cache off (every request hits the database)', env: { API_CACHE_SECONDS: '0' } },
];

const results = new Map<string, Measurement[]>();
for (const size of sizes) {
  const database = await seededSqlite(size);
  if (database.client !== 'sqlite') throw new Error('benchmarks seed SQLite files');
  for (const mode of modes) {
    const server = await startServer(`sqlite:${database.filename}`, mode.env);
    try {
      const bare = await measure(
        server.port,
        'bare Express route (50 items)',
        '/__bench/bare',
        CONNECTIONS,
        seconds,
      );
      const rows = [bare];
      for (const route of routes)
        rows.push(await measure(server.port, route.label, route.path, CONNECTIONS, seconds));
      printTable(
        `SQLite, ${size.toLocaleString('en-US')} companies, ${mode.name}, ${CONNECTIONS} connections, ${seconds} s per route`,
        rows,
        bare,
      );
      results.set(`${size}/${mode.name}`, rows);
    } finally {
      await server.stop();
    }
  }
}

if (sizes.length > 1) {
  for (const mode of modes) {
    const small = results.get(`${sizes[0]}/${mode.name}`)!;
    const large = results.get(`${sizes.at(-1)}/${mode.name}`)!;
    console.info(
      `\np99 at ${sizes.at(-1)!.toLocaleString('en-US')} vs ${sizes[0]!.toLocaleString('en-US')} companies, ${mode.name} (target ≤ 2.00×)`,
    );
    for (let i = 1; i < small.length; i++) {
      console.info(
        `${small[i]!.label.padEnd(34)} ${(large[i]!.p99 / Math.max(1, small[i]!.p99)).toFixed(2)}×`,
      );
    }
  }
}
