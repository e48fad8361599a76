/**
 * Which site the SEO crawl and the QA suites check: this server itself, over loopback on the port it listens
 * on (what it serves, without a CDN or load balancer in between, reachable wherever the job runs), judged
 * against PUBLIC_URL's origin when one is set — canonical links and sitemaps use that origin.
 */
import type { Config } from '../../config';

export interface SiteTarget {
  /** Where requests go. */
  base: string;
  /** The origin the site's own addresses use. */
  siteOrigin: string;
}

/** Addresses that mean "every interface": loopback reaches them. */
const ANY_HOST = new Set(['', '0.0.0.0', '::', '[::]', 'localhost']);

export function loopbackBase(host: string, port: number): string {
  const name = ANY_HOST.has(host) ? '127.0.0.1' : host;
  return `http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`;
}

/** The site as the job worker of this process sees it (PORT and HOST of the configuration). */
export function configuredSiteTarget(config: Config): SiteTarget {
  const base = loopbackBase(config.host, config.port);
  return { base, siteOrigin: config.publicUrl ? new URL(config.publicUrl).origin : base };
}

/** The site as a request reached it: the local address and port the request came in on. */
export function requestSiteTarget(
  config: Config,
  socket: { localAddress?: string; localPort?: number },
): SiteTarget {
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const base = loopbackBase(address, socket.localPort ?? config.port);
  return { base, siteOrigin: config.publicUrl ? new URL(config.publicUrl).origin : base };
}
