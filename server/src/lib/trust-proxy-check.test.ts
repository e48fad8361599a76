import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { trustProxyExposure } from './trust-proxy-check';

describe('the TRUST_PROXY exposure check', () => {
  it.each(['0.0.0.0', '::', '10.0.0.5', '203.0.113.7', 'moveratlas.internal'])(
    'warns when a proxy is trusted and the server listens on %s',
    (host) => {
      const warning = trustProxyExposure({ trustProxy: 1, host });
      expect(warning).toContain(`TRUST_PROXY=1 while listening on ${host}`);
      expect(warning).toContain('can forge X-Forwarded-For');
      expect(warning).toContain('HOST=127.0.0.1');
    },
  );

  it.each(['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost'])(
    'is quiet behind a proxy on loopback (%s)',
    (host) => {
      expect(trustProxyExposure({ trustProxy: 2, host })).toBeUndefined();
    },
  );

  it('is quiet when no proxy is trusted, and warns for the defaults plus TRUST_PROXY', () => {
    expect(trustProxyExposure(loadConfig({ NODE_ENV: 'test' }))).toBeUndefined();
    expect(trustProxyExposure(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }))).toMatch(
      /^TRUST_PROXY=1 while listening on 0\.0\.0\.0/,
    );
  });
});
