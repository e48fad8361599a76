/**
 * TRUST_PROXY: who may tell this server a client's address in X-Forwarded-For. The proxies are named by
 * address, subnet or range name (Express's "trust proxy" list, read by proxy-addr), so a forwarded address is
 * believed only when the hop that sent it is one of them: a client that reaches a process directly forges
 * the header in vain. A plain number, the older form, stays accepted: it is a hop count, which believes
 * whoever connects (trust-proxy-check.ts warns at start). Every entry is checked here, at start, so a bad one
 * stops the server with a message naming it rather than when Express compiles the list.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** As app.set('trust proxy') takes it: a hop count (0 trusts nobody), or the trusted proxies. */
export type TrustProxy = number | string[];

/** The range names proxy-addr knows, and what they stand for. */
export const RANGE_NAMES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const MAX_HOPS = 10;

/** Why one list entry is refused, said to the operator; undefined when proxy-addr would read it as meant. */
function entryProblem(entry: string): string | undefined {
  if (Object.hasOwn(RANGE_NAMES, entry.toLowerCase())) return undefined;
  if (entry.toLowerCase() === 'localhost')
    return 'is a host name; for a proxy on this machine write loopback';
  if (/^\d+$/.test(entry))
    return 'looks like a hop count, which cannot be mixed with addresses: list the proxies only';
  const [address = '', prefix, extra] = entry.split('/');
  const family = address.includes('%') ? 0 : isIP(address);
  if (family === 0 || extra !== undefined)
    return 'is not an IP address, a subnet like 10.0.0.0/8, or one of loopback, linklocal, uniquelocal';
  if (prefix === undefined) {
    if (ipaddr.parse(address).range() === 'unspecified')
      return "is no address a proxy connects from (in HOST it means every interface); list the proxy's own address";
    return undefined;
  }
  if (isIP(prefix) === 4)
    return 'writes its subnet as a mask: write the prefix length instead, like 10.0.0.0/8';
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max)
    return `has a prefix that is not a whole number from 1 to ${max}`;
  if (Number(prefix) === 0)
    return 'trusts every address, so any client could choose the address it is counted as; list only your proxies';
  return undefined;
}

/** TRUST_PROXY as app.set('trust proxy') takes it, or the message that stops the server. */
export function parseTrustProxy(
  text: string | undefined,
): { value: TrustProxy } | { error: string } {
  const value = (text ?? '').trim();
  if (value === '') return { value: 0 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS)
      return { error: `TRUST_PROXY as a hop count must be between 0 and ${MAX_HOPS}, got ${hops}` };
    return { value: hops };
  }
  if (/^(?:true|all|\*)$/i.test(value))
    return {
      error: `TRUST_PROXY=${value} would believe X-Forwarded-For from anyone: list the proxies' addresses instead (e.g. TRUST_PROXY=loopback, or 10.0.0.2)`,
    };
  const entries = value.split(',').map((entry) => entry.trim());
  const proxies: string[] = [];
  for (const entry of entries) {
    if (entry === '') continue;
    const problem = entryProblem(entry);
    if (problem) return { error: `TRUST_PROXY entry "${entry}" ${problem}` };
    const name = entry.toLowerCase();
    proxies.push(Object.hasOwn(RANGE_NAMES, name) ? name : entry);
  }
  if (proxies.length === 0)
    return {
      error: `TRUST_PROXY must be a list of proxy addresses or a hop count, got "${value}"`,
    };
  return { value: proxies };
}

/** One trusted subnet, IPv4-mapped IPv6 ones as the IPv4 they carry (as proxy-addr matches them). */
export interface TrustedSubnet {
  /** The TRUST_PROXY entry it came from (a range name stands for several subnets). */
  entry: string;
  address: ipaddr.IPv4 | ipaddr.IPv6;
  prefix: number;
}

export function parseSubnet(cidr: string, entry = cidr): TrustedSubnet {
  const [text = '', prefix] = cidr.split('/');
  let address = ipaddr.parse(text);
  let bits = prefix === undefined ? (address.kind() === 'ipv4' ? 32 : 128) : Number(prefix);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() && bits >= 96) {
    address = address.toIPv4Address();
    bits -= 96;
  }
  return { entry, address, prefix: bits };
}

/** The subnets a parsed TRUST_PROXY list trusts, range names spelt out. */
export function trustedSubnets(proxies: readonly string[]): TrustedSubnet[] {
  return proxies.flatMap((entry) =>
    (RANGE_NAMES[entry] ?? [entry]).map((cidr) => parseSubnet(cidr, entry)),
  );
}

/** Whether two subnets share an address: the wider one holds the other's start. */
export function overlaps(a: TrustedSubnet, b: TrustedSubnet): boolean {
  const bits = Math.min(a.prefix, b.prefix);
  if (a.address instanceof ipaddr.IPv4 && b.address instanceof ipaddr.IPv4)
    return a.address.match(b.address, bits);
  if (a.address instanceof ipaddr.IPv6 && b.address instanceof ipaddr.IPv6)
    return a.address.match(b.address, bits);
  return false;
}

/** Whether every address of `inner` is in `outer`. */
export function within(inner: TrustedSubnet, outer: TrustedSubnet): boolean {
  return inner.prefix >= outer.prefix && overlaps(inner, outer);
}
