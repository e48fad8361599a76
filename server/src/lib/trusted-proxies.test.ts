import express from 'express';
import { describe, expect, it } from 'vitest';
import { parseSubnet, parseTrustProxy, trustedSubnets, within } from './trusted-proxies';

/** Express's own judgement (proxy-addr) of whether a hop at `address` is trusted under `list`. */
function expressTrusts(list: string[], address: string): boolean {
  const app = express();
  app.set('trust proxy', list);
  return (app.get('trust proxy fn') as (address: string, hop: number) => boolean)(address, 0);
}

const ADDRESSES = [
  '127.0.0.1',
  '127.9.9.9',
  '::1',
  '::ffff:127.0.0.1',
  '10.0.0.2',
  '10.200.0.1',
  '::ffff:10.0.0.2',
  '172.16.5.5',
  '192.168.1.7',
  '169.254.169.254',
  '203.0.113.7',
  '8.8.8.8',
  'fd00::2',
  'fe80::1',
  '2001:db8::1',
  '2001:db9::1',
];

describe('TRUST_PROXY lists', () => {
  it.each([
    'loopback',
    'linklocal,uniquelocal',
    '10.0.0.2',
    '10.0.0.0/8, 203.0.113.7',
    '::ffff:10.0.0.2',
    '::ffff:10.0.0.0/104',
    '::ffff:0.0.0.0/96',
    'fd00::/64, 2001:db8::/32',
    '0.0.0.0/1,128.0.0.0/1',
  ])(
    '%s: every accepted list is one Express takes, and the checks read it as Express does',
    (text) => {
      const parsed = parseTrustProxy(text);
      if (!('value' in parsed) || typeof parsed.value === 'number') throw new Error('not a list');
      const subnets = trustedSubnets(parsed.value);
      for (const address of ADDRESSES) {
        const ours = subnets.some((subnet) => within(parseSubnet(address), subnet));
        expect([address, ours]).toEqual([address, expressTrusts(parsed.value, address)]);
      }
    },
  );
});
