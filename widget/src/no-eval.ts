/**
 * zod compiles object parsers with `new Function` when it may, and probes for that when a schema is built;
 * on a partner page whose CSP forbids eval the probe alone is reported as a violation. Import this module
 * before anything that builds schemas (the contracts), so zod never probes.
 */
import { config } from 'zod';

config({ jitless: true });
