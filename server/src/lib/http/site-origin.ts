/** Where this site's canonical addresses start, for pages, sitemaps and robots.txt alike. */
import type { Request } from 'express';
import type { Config } from '../../config';

// A Host header is the client's to choose: only a plain host name (and port) may reach canonical addresses.
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** PUBLIC_URL's origin when configured, else the scheme and host of this request. */
export function siteOrigin(config: Config, req: Request): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const host = req.get('host') ?? '';
  return `${req.protocol}://${SAFE_HOST.test(host) ? host : 'localhost'}`;
}
