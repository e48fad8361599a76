import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { SERVER_TEST_WORKERS } from './server/test/databases';

/**
 * Server test files that time something of their own — deadlines a fleet of spawned servers must keep while
 * its database hangs, a lease outliving a killed process, the event loop's longest stall during a hostile
 * upload — run one at a time, after the rest: beside another file's processes on two cores their bounds
 * measured the neighbour (decision 032). A bound, not a speed target: bench/ measures speed.
 */
const SERVER_TESTS_ALONE = [
  'server/src/lib/event-loop-monitor.test.ts',
  'server/test/api/database-outage.test.ts',
  'server/test/deliveries/crash-and-fleet.test.ts',
  'server/test/deliveries/webhook-sender.test.ts',
  'server/test/fuzz/hostile-input.test.ts',
  'server/test/hardening/auth-hardening.test.ts',
  'server/test/hardening/upload-stall.test.ts',
  'server/test/jobs/multi-process.test.ts',
  'server/test/leads/crash-restart.test.ts',
  'server/test/lifecycle/fleet-outage.test.ts',
  'server/test/lifecycle/production-start.test.ts',
  'server/test/lifecycle/shared-caches.test.ts',
  'server/test/lifecycle/start-and-drain.test.ts',
  'server/test/profile-analytics/two-processes.test.ts',
];

/** What both server projects share. */
const serverTests = {
  environment: 'node',
  globalSetup: ['server/test/global-setup.ts'],
  // A guard against a hung test, not a speed check (bench/ measures speed): in CI these run beside the
  // Node 24 stage's install on two cores, where a walk of every page type took 30 s.
  testTimeout: 90_000,
  hookTimeout: 300_000,
  // One module graph for every file: each file builds its own app and databases, and no file mocks a
  // module, so re-importing the server for each of 110 files only cost time (about 100 s of CPU).
  isolate: false,
} as const;

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a two-core machine, where the unit
    // tests, run last by `npm test` (scripts/test.sh), would leave a core idle. The server tests have their
    // own count (below).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['contracts/src/**/*.test.ts'],
          environment: 'node',
          // Worker threads start faster than child processes: 11% less CPU for the unit tests, measured.
          pool: 'threads',
          // Pure functions and schemas: one module graph per worker. (The component tests stay isolated:
          // their stores - toasts, sessions, drafts - are module state, and sharing it made them depend on
          // which file ran before.)
          isolate: false,
        },
      },
      {
        // The component tests run in VM contexts ('vmThreads'): each file still gets a fresh module graph and
        // a fresh jsdom (their stores are module state), but a worker loads jsdom and the environment once
        // instead of once per file. Measured on the same idle machine: 105 s and 165 s of CPU instead of 214 s
        // and 384 s, the same 731 tests passing (decision 032). In a VM context a CommonJS package cannot
        // require() an ES module, which react-router-dom's CommonJS build does (react-router/dom is .mjs
        // under Node's conditions): these aliases hand the tests the packages' own ESM builds.
        resolve: {
          alias: [
            {
              find: /^react-router-dom$/,
              replacement: new URL(
                './node_modules/react-router-dom/dist/index.mjs',
                import.meta.url,
              ).pathname,
            },
            {
              find: /^react-router\/dom$/,
              replacement: new URL(
                './node_modules/react-router/dist/development/dom-export.mjs',
                import.meta.url,
              ).pathname,
            },
            {
              find: /^react-router$/,
              replacement: new URL(
                './node_modules/react-router/dist/development/index.mjs',
                import.meta.url,
              ).pathname,
            },
          ],
        },
        test: {
          name: 'directory',
          include: ['directory/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'vmThreads',
          setupFiles: ['directory/src/test-setup.ts'],
          // user-event types key by key, as a person does: on a busy two-core CI machine a form-filling
          // test can pass 5 s, the default, without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'widget',
          include: ['widget/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // VM contexts, as the directory's component tests (above).
          pool: 'vmThreads',
          setupFiles: ['widget/src/test-setup.ts'],
          // user-event types key by key, as a person does: on a busy two-core CI machine a form-filling
          // test can pass 5 s, the default, without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          ...serverTests,
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER_TESTS_ALONE],
          // Files run side by side, each worker on its own seeded databases (server/test/databases.ts): they
          // mostly wait on round trips, timers and child processes, so one at a time left a core idle
          // (docs/decisions/032). Its own group: its worker count differs from the other projects'.
          maxWorkers: SERVER_TEST_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...serverTests,
          name: 'server-alone',
          include: SERVER_TESTS_ALONE,
          // After the others, one file at a time: what these measure is their own processes' timing.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
