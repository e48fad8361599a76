/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built product: the server
 * in production mode on a fresh SQLite database, and the demo partner site on another port (another origin).
 * Run `npm run build` first.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
// Set once by the runner; its workers inherit these, so every process agrees on the ports and the database.
// run.sh sets the ports to two the system has free; these fallbacks are for `npx playwright test` alone.
process.env.E2E_PORT ??= String(3200 + (process.pid % 500));
process.env.E2E_DEMO_PORT ??= String(Number(process.env.E2E_PORT) + 1000);
// The product's database: a fresh SQLite file unless E2E_DATABASE_URL names another (mysql://… for MariaDB).
process.env.E2E_DATABASE_URL ??= path.join(os.tmpdir(), `moveratlas-e2e-${Date.now()}.sqlite`);

export const PRODUCT_URL = `http://localhost:${process.env.E2E_PORT}`;
export const DEMO_URL = `http://localhost:${process.env.E2E_DEMO_PORT}`;
/** The specs the `chromium-site-wide` project runs once every other spec has finished. */
const SITE_WIDE = /admin-seo-qa\.spec\.ts$/;
/**
 * Specs that hold an FMCSA census for a while: with one held, match_companies offers a move across state
 * lines only to movers with active authority (decision 042), which would change the movers other specs'
 * quotes are offered. They run after the main project, before the site-wide one.
 */
const LICENSING = /(admin-licensing|check-a-mover|licensing-profile)\.spec\.ts$/;

/**
 * Chromium 15x opens the address bar's suggestion popup as a WebUI page in a renderer of its own for every
 * window, even headless, where nobody sees it: one more renderer process for every browser context a test
 * opens. Switching it off took a third of the CPU of a page opened in a fresh context (24 to 15-18 CPU-s for 20
 * contexts, measured here). A second --disable-features replaces Playwright's own, so this one repeats
 * Playwright's list (playwright-core's chromiumSwitches.ts, less its Windows and Edge entries) before adding
 * the two popups.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** The admin the product server creates at start (ADMIN_USERNAME/ADMIN_PASSWORD), for the admin specs. */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'plum orbit kettle 42' };

export default defineConfig({
  testDir: './tests',
  // `npm test` runs these beside the server tests, so a two-core machine is busy: the walks over every page
  // (axe, no-JS) take 30-45 s on an idle one. A bound on a test, not a timed assertion.
  timeout: Number(process.env.E2E_TIMEOUT ?? 120_000),
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 2 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: DEMO_URL,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [SITE_WIDE, LICENSING],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium-licensing',
      testMatch: LICENSING,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // Specs that change the whole public site for a while (the SEO crawl renames it) run after the rest,
      // so no other spec sees the change.
      name: 'chromium-site-wide',
      testMatch: SITE_WIDE,
      dependencies: ['chromium-licensing'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      // The production entry itself, as `npm start` runs it (migrate, seed, admin, job worker, HTTP).
      command: 'npx tsx server/src/main.ts',
      cwd: repoRoot,
      url: `${PRODUCT_URL}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: process.env.E2E_PORT,
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        SEED_COMPANIES: '2000',
        CORS_ORIGINS: DEMO_URL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LEADS: '100000',
        RATE_LIMIT_SESSIONS: '100000',
        RATE_LIMIT_MATCHES: '100000',
        // The lead-delivery spec's stand-in webhook receiver listens on this machine, over http.
        WEBHOOK_ALLOW_LOOPBACK: '1',
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
      },
    },
    {
      command: 'npx tsx demo/serve.ts',
      cwd: repoRoot,
      url: `${DEMO_URL}/blank.html`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { DEMO_PORT: process.env.E2E_DEMO_PORT, WIDGET_ORIGIN: PRODUCT_URL },
    },
  ],
});
