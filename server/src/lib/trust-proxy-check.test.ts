import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { trustProxyExposure, trustProxyWarnings } from './trust-proxy-check';

/** The warnings for TRUST_PROXY and HOST as the environment gives them. */
const warningsFor = (TRUST_PROXY: string, HOST = '0.0.0.0') =>
  trustProxyWarnings(loadConfig({ NODE_ENV: 'test', TRUST_PROXY, HOST }));

describe('the TRUST_PROXY checks at start', () => {
  it('is quiet when no proxy is trusted', () => {
    expect(trustProxyExposure(loadConfig({ NODE_ENV: 'test' }))).toBeUndefined();
    expect(warningsFor('0', '0.0.0.0')).toEqual([]);
  });

  describe('a hop count', () => {
    it.each(['0.0.0.0', '::', '10.0.0.5', '203.0.113.7', 'moveratlas.internal'])(
      'warns that clients reaching HOST=%s directly can forge X-Forwarded-For, and says what to set',
      (host) => {
        const [warning, ...more] = warningsFor('1', host);
        expect(more).toEqual([]);
        expect(warning).toContain(
          `TRUST_PROXY=1 is a hop count, and the server listens on ${host}`,
        );
        expect(warning).toContain('can forge X-Forwarded-For');
        expect(warning).toContain('TRUST_PROXY=loopback,10.0.0.2');
        expect(warning).toContain('HOST=127.0.0.1');
      },
    );

    it.each(['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost'])(
      'warns on loopback too (HOST=%s), more mildly: it holds only while HOST stays',
      (host) => {
        const [warning, ...more] = warningsFor('2', host);
        expect(more).toEqual([]);
        expect(warning).toMatch(
          /^TRUST_PROXY=2 is a hop count: it believes X-Forwarded-For from whoever/,
        );
        expect(warning).toContain('not once HOST changes');
        expect(warning).not.toContain('can forge');
      },
    );

    it('joins into one message for the log line', () => {
      expect(trustProxyExposure(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }))).toMatch(
        /^TRUST_PROXY=1 is a hop count, and the server listens on 0\.0\.0\.0/,
      );
    });
  });

  describe('a list of proxies', () => {
    it.each([
      ['loopback', '127.0.0.1'],
      ['127.0.0.1', '127.0.0.1'],
      ['loopback', '::1'],
      ['::1', 'localhost'],
      ['loopback', 'localhost'],
      ['::ffff:127.0.0.1', '127.0.0.1'],
      ['10.0.0.2', '0.0.0.0'],
      ['10.0.0.0/8, 192.168.1.7', '0.0.0.0'],
      ['loopback', '0.0.0.0'],
      ['uniquelocal', '::'],
      ['fd00::2', '::'],
      ['10.0.0.2', '10.0.0.5'],
      ['fd00::/64', 'fd00::5'],
      ['203.0.113.0/24', 'moveratlas.internal'],
    ])('is quiet for TRUST_PROXY=%s on HOST=%s', (list, host) => {
      expect(warningsFor(list, host)).toEqual([]);
    });

    it.each(['0.0.0.0/1,128.0.0.0/1', '10.0.0.0/7', '::ffff:0.0.0.0/96', '2000::/3'])(
      'warns when TRUST_PROXY=%s trusts a large part of the internet',
      (list) => {
        const [warning, ...more] = warningsFor(list, '::');
        expect(more).toEqual([]);
        expect(warning).toContain(
          `TRUST_PROXY trusts ${list.replace(',', ', ')}, far more addresses`,
        );
        expect(warning).toContain('can forge X-Forwarded-For');
      },
    );

    it('does not count the local ranges as large (uniquelocal, fc00::/7, linklocal)', () => {
      expect(warningsFor('uniquelocal,linklocal,fc00::/7,fe80::/10', '::')).toEqual([]);
    });

    it.each([
      ['10.0.0.2', '127.0.0.1'],
      ['203.0.113.7', 'localhost'],
      ['::1', '127.0.0.1'],
      ['127.0.0.1', '::1'],
      ['uniquelocal', '127.0.0.1'],
    ])(
      'warns when TRUST_PROXY=%s lists no loopback address while HOST=%s takes only loopback connections',
      (list, host) => {
        const [warning, ...more] = warningsFor(list, host);
        expect(more).toEqual([]);
        expect(warning).toContain(`lists no address a connection to HOST=${host} can come from`);
        expect(warning).toContain('only this machine can connect, from loopback');
        expect(warning).toContain('all sharing one per-IP allowance');
        expect(warning).toContain('TRUST_PROXY=loopback');
      },
    );

    it('warns when the proxies can never reach the interface HOST names', () => {
      const [onInterface] = warningsFor('loopback', '10.0.0.5');
      expect(onInterface).toContain('lists no address a connection to HOST=10.0.0.5 can come from');
      expect(onInterface).toContain('a proxy on this machine connects from 10.0.0.5');
      expect(warningsFor('fd00::2', '10.0.0.5')[0]).toContain(
        'IPv4 connections to that address only',
      );
      expect(warningsFor('fd00::2', '0.0.0.0')[0]).toContain('it takes IPv4 connections only');
    });

    it('gives every warning that applies, in one message for the log line', () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        TRUST_PROXY: '128.0.0.0/1',
        HOST: '127.0.0.1',
      });
      expect(trustProxyWarnings(config)).toHaveLength(2);
      expect(trustProxyExposure(config)).toMatch(
        /far more addresses.* lists no address a connection/,
      );
    });
  });
});
