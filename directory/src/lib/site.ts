/** The site facts (name, canonical origin, year) the root route loads once for every page. */
import { useRouteLoaderData } from 'react-router-dom';
import type { SiteInfo } from '@moveratlas/contracts';

export const ROOT_ROUTE_ID = 'root';

/** The partner id (site_id) under which the directory itself embeds the quote widget, as any partner does. */
export const DIRECTORY_SITE_ID = 'moveratlas-directory';

/** Used only when the root loader itself failed, so that an error page can still be drawn. */
export const FALLBACK_SITE: SiteInfo = {
  siteName: 'MoverAtlas',
  origin: '',
  currentYear: new Date().getFullYear(),
};

export function useSite(): SiteInfo {
  return useRouteLoaderData<SiteInfo>(ROOT_ROUTE_ID) ?? FALLBACK_SITE;
}
