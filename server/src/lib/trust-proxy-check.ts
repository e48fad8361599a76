/**
 * TRUST_PROXY decides whose X-Forwarded-For the server believes, and so which address the per-IP limits
 * (quote requests, logins) count. Settings that parse can still be wrong for where the server listens: a hop
 * count believes whoever connects, a list may trust half the internet, or name no address that could ever
 * reach HOST. Checked at start: each warning says what goes wrong and what to set instead.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config';
import { addressKind } from './http/address-kind';
import {
  overlaps,
  parseSubnet,
  trustedSubnets,
  within,
  type TrustedSubnet,
} from './trusted-proxies';

type Settings = Pick<Config, 'trustProxy' | 'host'>;

const bare = (host: string) =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
const isLoopback = (host: string) => host === 'localhost' || addressKind(host) === 'loopback';

const LOOPBACK_V4 = parseSubnet('127.0.0.0/8');
const LOOPBACK_V6 = parseSubnet('::1');
const UNIQUE_LOCAL_V6 = parseSubnet('fc00::/7');
const LINK_LOCAL_V6 = parseSubnet('fe80::/10');

/** What to set instead of a hop count. */
const NAME_THE_PROXIES =
  "Set TRUST_PROXY to the proxies' addresses instead: loopback for a proxy on this machine, plus the " +
  'address or subnet of each proxy in front of it (e.g. TRUST_PROXY=loopback,10.0.0.2).';

function hopCountWarning(hops: number, host: string): string {
  if (isLoopback(host))
    return (
      `TRUST_PROXY=${hops} is a hop count: it believes X-Forwarded-For from whoever connects. With ` +
      `HOST=${host} only this machine can connect, so that holds today, but not once HOST changes. ` +
      NAME_THE_PROXIES
    );
  return (
    `TRUST_PROXY=${hops} is a hop count, and the server listens on ${host}: clients that reach this ` +
    'process directly, not through the proxy, can forge X-Forwarded-For and so choose the address the ' +
    `per-IP limits (quote requests, logins) count. ${NAME_THE_PROXIES} Or listen on loopback behind the ` +
    'proxy (HOST=127.0.0.1), or let a firewall allow only the proxy to reach this port.'
  );
}

/** A subnet wider than any proxy fleet needs: more than a /8 of IPv4, or a /16 of IPv6 outside the local ranges. */
function isTooWide(subnet: TrustedSubnet): boolean {
  if (subnet.address.kind() === 'ipv4') return subnet.prefix < 8;
  return subnet.prefix < 16 && !within(subnet, UNIQUE_LOCAL_V6) && !within(subnet, LINK_LOCAL_V6);
}

/**
 * Which trusted subnets a proxy could connect from, given what HOST listens on, with words for who can
 * connect and what to do when none can; undefined when HOST is a name, which says nothing about that.
 */
function reachability(
  host: string,
): { canConnect: (s: TrustedSubnet) => boolean; who: string; fix: string } | undefined {
  const address = bare(host).toLowerCase();
  const listTheProxy = 'List the address the proxy connects from.';
  const fromLoopback = (loopback: TrustedSubnet[]) => ({
    canConnect: (s: TrustedSubnet) => loopback.some((l) => overlaps(s, l)),
    who: 'only this machine can connect, from loopback',
    fix: 'Set TRUST_PROXY=loopback for a proxy on this machine.',
  });
  // "localhost" may be either loopback address, whichever the resolver answers first.
  if (address === 'localhost') return fromLoopback([LOOPBACK_V4, LOOPBACK_V6]);
  if (isIP(address) === 0) return undefined;
  const ip = ipaddr.process(address);
  if (ip.range() === 'loopback')
    return fromLoopback([ip.kind() === 'ipv4' ? LOOPBACK_V4 : LOOPBACK_V6]);
  if (ip.range() === 'unspecified')
    return ip.kind() === 'ipv6'
      ? { canConnect: () => true, who: '', fix: '' }
      : {
          canConnect: (s) => s.address.kind() === 'ipv4',
          who: 'it takes IPv4 connections only',
          fix: `${listTheProxy} (HOST=:: takes IPv6 too.)`,
        };
  // One interface: its own family only, and nothing from loopback (a proxy on this machine connects from
  // that interface's address).
  const loopback = ip.kind() === 'ipv4' ? LOOPBACK_V4 : LOOPBACK_V6;
  return {
    canConnect: (s) => s.address.kind() === ip.kind() && !within(s, loopback),
    who: `it takes ${ip.kind() === 'ipv4' ? 'IPv4' : 'IPv6'} connections to that address only, none from loopback; a proxy on this machine connects from ${address}`,
    fix: listTheProxy,
  };
}

function listWarnings(proxies: string[], host: string): string[] {
  const warnings: string[] = [];
  const subnets = trustedSubnets(proxies);
  const wide = [...new Set(subnets.filter(isTooWide).map((s) => s.entry))];
  if (wide.length > 0)
    warnings.push(
      `TRUST_PROXY trusts ${wide.join(', ')}, far more addresses than any proxy fleet has: anyone in ` +
        'that range can forge X-Forwarded-For and choose the address the per-IP limits (quote requests, ' +
        "logins) count. List only your proxies' addresses or subnets.",
    );
  const reach = reachability(host);
  if (reach && !subnets.some(reach.canConnect))
    warnings.push(
      `TRUST_PROXY=${proxies.join(',')} lists no address a connection to HOST=${host} can come from ` +
        `(${reach.who}): no trusted proxy can reach this server, so X-Forwarded-For is never believed and ` +
        `every visitor counts as the proxy's own address, all sharing one per-IP allowance. ${reach.fix}`,
    );
  return warnings;
}

/** The warnings to log at start; empty when the settings hold together. */
export function trustProxyWarnings(config: Settings): string[] {
  const { trustProxy, host } = config;
  if (typeof trustProxy === 'number')
    return trustProxy === 0 ? [] : [hopCountWarning(trustProxy, host)];
  return listWarnings(trustProxy, host);
}

/** The warnings as one message (main.ts logs it), or undefined when the configuration is safe. */
export function trustProxyExposure(config: Settings): string | undefined {
  const warnings = trustProxyWarnings(config);
  return warnings.length === 0 ? undefined : warnings.join(' ');
}
