/**
 * zod compiles object parsers with `new Function` when it may, and probes for that on first use; under the
 * site's Content-Security-Policy (no 'unsafe-eval') the probe alone is reported as a violation. In the
 * browser, zod is told never to try (as the widget does). The server keeps the faster compiled parsers.
 *
 * Through zod's global configuration object rather than `import { config } from 'zod'`, which would pull
 * zod into every page's entry script (4 KB gzipped). zod keeps that object on globalThis so that every
 * copy of it shares one; creating it first, or adding to it after, both work (no-eval.test.ts checks).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
if (typeof window !== 'undefined') (holder.__zod_globalConfig ??= {}).jitless = true;
