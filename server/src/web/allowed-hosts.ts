/**
 * The host names this server answers for. A Host header is the client's to choose, and without PUBLIC_URL it
 * becomes the origin of canonical links, sitemaps and robots.txt, which are then cached publicly: only names
 * on this list may get that far (issue 12). Loopback names are always on it (the SEO crawl and the QA suites
 * call this server over loopback), so are PUBLIC_URL's host and HOST when it names one interface, plus
 * ALLOWED_HOSTS; and so is the address a request actually came in on (a LAN install reached by its IP, the
 * crawl of a site reached through another interface): that names this machine, nothing a client made up.
 */
import type { Config } from '../config';

/** A host name or IP address with an optional port, as ALLOWED_HOSTS and the Host header write them. */
export const HOST_ENTRY = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
/** HOST values that mean every interface: no name of their own. */
const ANY_INTERFACE = new Set(['', '0.0.0.0', '::', '[::]']);

interface HostName {
  name: string;
  port: string | undefined;
}

/** `name[:port]` lower-cased, the trailing dot of a fully qualified name dropped; undefined when malformed. */
export function parseHost(value: string): HostName | undefined {
  const text = value.trim().toLowerCase();
  if (!HOST_ENTRY.test(text)) return undefined;
  const colon = text.lastIndexOf(':');
  const hasPort = colon > text.lastIndexOf(']');
  const name = hasPort ? text.slice(0, colon) : text;
  return {
    name: name.endsWith('.') ? name.slice(0, -1) : name,
    port: hasPort ? text.slice(colon + 1) : undefined,
  };
}

/** A socket's local address as a Host header writes it (IPv4-mapped IPv6 as plain IPv4, IPv6 in brackets). */
function addressName(address: string): string {
  const lower = address.toLowerCase();
  const plain = lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
  return plain.includes(':') ? `[${plain}]` : plain;
}

export interface HostPolicy {
  /** Whether a request that came in on `local` (its socket's address and port) may carry this Host header. */
  allows(host: string | undefined, local?: { address?: string; port?: number }): boolean;
  /** Whether a Host outside the list is refused (400); otherwise PUBLIC_URL's host stands in for it. */
  enforced: boolean;
  /** The host that stands in for an unlisted one when the list is not enforced. */
  fallbackHost: string | undefined;
}

export function hostPolicy(
  config: Pick<Config, 'publicUrl' | 'host' | 'allowedHosts'>,
): HostPolicy {
  const entries = [...LOOPBACK, ...config.allowedHosts];
  const publicHost = config.publicUrl ? new URL(config.publicUrl).host : undefined;
  if (publicHost) entries.push(new URL(config.publicUrl!).hostname);
  const host =
    config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host;
  if (!ANY_INTERFACE.has(host)) entries.push(host);

  const allowed = entries.map(parseHost).filter((entry): entry is HostName => entry !== undefined);
  return {
    allows(value, local) {
      // HTTP/1.0 clients may send none: nothing of theirs reaches an address then.
      if (value === undefined || value === '') return true;
      const asked = parseHost(value);
      if (asked === undefined) return false;
      const cameInOn = local?.address !== undefined && asked.name === addressName(local.address);
      if (cameInOn && (asked.port === undefined || asked.port === String(local.port))) return true;
      return allowed.some(
        (entry) =>
          entry.name === asked.name && (entry.port === undefined || entry.port === asked.port),
      );
    },
    // With PUBLIC_URL every address is built from it, so a proxy that passes its own upstream name (nginx's
    // default) keeps working; ALLOWED_HOSTS set explicitly makes the list strict there too.
    enforced: config.publicUrl === undefined || config.allowedHosts.length > 0,
    fallbackHost: publicHost,
  };
}
