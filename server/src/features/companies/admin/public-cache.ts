/**
 * After an admin write, the public directory should show it: this process's public read cache (app.ts keeps
 * it in app.locals.publicReads) and the company-list totals are cleared. Other processes' caches expire by
 * themselves within API_CACHE_SECONDS; the states' and statistics' counts within their own minute.
 */
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { ResponseCache } from '../../../lib/response-cache';
import { clearCompanyCountCache } from '../list-companies';

export function clearPublicReads(req: Pick<Request, 'app'>, db: Knex): void {
  const cache = req.app.locals.publicReads as ResponseCache | undefined;
  cache?.clear();
  // The directory's rendered pages (decision 013) are built from the same reads.
  (req.app.locals.renderedPages as { clear(): void } | undefined)?.clear();
  clearCompanyCountCache(db);
}
