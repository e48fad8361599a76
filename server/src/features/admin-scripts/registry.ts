/**
 * The maintenance scripts an admin can run and schedule (/admin/scripts). Registering a script is one entry
 * here: its module defines the id, title, description, parameter schema and the work (see script.ts).
 */
import type { AdminScript } from './script';
import { purgeOldData } from './scripts/purge-old-data';
import { rebuildSearchIndex } from './scripts/rebuild-search-index';
import { rebuildSitemap } from './scripts/rebuild-sitemap';
import { recomputeStatistics } from './scripts/recompute-statistics';
import { refreshCompanyRatings } from './scripts/refresh-company-ratings';
import { retryDeadLeads } from './scripts/retry-dead-leads';
import { seoCrawlScript } from '../seo-health/crawl-script';
import { qaSuitesScript } from '../qa/qa-script';

export const adminScripts: readonly AdminScript[] = [
  recomputeStatistics,
  rebuildSitemap,
  rebuildSearchIndex,
  retryDeadLeads,
  purgeOldData,
  refreshCompanyRatings,
  seoCrawlScript,
  qaSuitesScript,
];
