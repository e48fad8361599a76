/**
 * What kind of network an IP address belongs to, for the outbound-request guard (public-fetch.ts). Only
 * global unicast counts as public: everything a request from this server could reach but the internet could
 * not (loopback, RFC 1918, CGNAT, unique-local IPv6) is private, and addresses that are never a real
 * backend (link-local such as the cloud metadata service 169.254.169.254, multicast, reserved, documentation,
 * IPv6 transition ranges that embed an IPv4 address) are refused outright. The ranges come from ipaddr.js.
 */
import ipaddr from 'ipaddr.js';

export type AddressKind = 'public' | 'loopback' | 'private' | 'refused';

const PRIVATE_RANGES = new Set(['private', 'carrierGradeNat', 'uniqueLocal']);
/** 2000::/3, the only IPv6 block handed out for the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

export function addressKind(address: string): AddressKind {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return 'refused';
  // ::ffff:127.0.0.1 is 127.0.0.1: judged as the IPv4 address it carries.
  const ip = ipaddr.process(bare);
  const range = ip.range();
  if (range === 'loopback') return 'loopback';
  if (PRIVATE_RANGES.has(range)) return 'private';
  if (range !== 'unicast') return 'refused';
  if (ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6)) return 'refused';
  return 'public';
}

/** Plain words for a refused address kind, as an admin reads them. */
export const ADDRESS_KIND_WORDS: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'this machine (a loopback address)',
  private: 'a private network address',
  refused: 'a reserved, link-local or multicast address',
};
