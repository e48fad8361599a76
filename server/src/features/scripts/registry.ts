/**
 * The maintenance scripts an admin can run and schedule (/admin/scripts). Registering a script is one entry
 * here: its module defines the id, title, description, parameter schema and the work (see script.ts).
 */
import type { AdminScript } from '../../jobs/script';
import { purgeOldData } from './library/purge-old-data';
import { rebuildSearchIndex } from './library/rebuild-search-index';
import { checkSitemaps } from './library/check-sitemaps';
import { recomputeStatistics } from './library/recompute-statistics';
import { refreshCompanyRatings } from './library/refresh-company-ratings';
import { retryDeadLeads } from './library/retry-dead-leads';
import { seoCrawlScript } from '../seo-health';
import { qaSuitesScript } from '../qa';
import { checkAlertsScript } from '../alerts';
import { sendReviewRequestsScript } from '../reviews';
import { importFmcsaFilesScript } from '../licensing';

export const adminScripts: readonly AdminScript[] = [
  recomputeStatistics,
  checkSitemaps,
  rebuildSearchIndex,
  retryDeadLeads,
  purgeOldData,
  refreshCompanyRatings,
  seoCrawlScript,
  qaSuitesScript,
  checkAlertsScript,
  sendReviewRequestsScript,
  importFmcsaFilesScript,
];

export function findScript(id: string): AdminScript | undefined {
  return adminScripts.find((script) => script.id === id);
}
