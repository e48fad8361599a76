import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { hostPolicy, parseHost } from './allowed-hosts';
import { pathProblem } from './request-guard';

const policy = (env: Record<string, string> = {}) => hostPolicy(loadConfig(env));

describe('ALLOWED_HOSTS', () => {
  it('is read as a list of host names, lower-cased, empty by default', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(
      loadConfig({ ALLOWED_HOSTS: ' MoverAtlas.example, 10.0.0.5:3000,[2001:db8::1]:8080 ' })
        .allowedHosts,
    ).toEqual(['moveratlas.example', '10.0.0.5:3000', '[2001:db8::1]:8080']);
  });

  it.each(['https://moveratlas.example', 'movers.example/path', 'a b', 'host:port'])(
    'refuses %j with a message naming the variable',
    (value) => {
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(/ALLOWED_HOSTS entries must be/);
    },
  );
});

describe('hostPolicy', () => {
  it('allows the loopback names on any port, and nothing else, by default', () => {
    const hosts = policy();
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:1', '[::1]:8080', 'LOCALHOST.'])
      expect(hosts.allows(host)).toBe(true);
    for (const host of ['evil.example', 'localhost.evil.example', '127.0.0.2', 'a"b', '[::2]'])
      expect(hosts.allows(host)).toBe(false);
    expect(hosts.enforced).toBe(true);
  });

  it("adds PUBLIC_URL's host (any port) and HOST when it names one interface", () => {
    const hosts = policy({ PUBLIC_URL: 'https://moveratlas.example', HOST: '10.0.0.5' });
    expect(hosts.allows('moveratlas.example')).toBe(true);
    expect(hosts.allows('moveratlas.example:443')).toBe(true);
    expect(hosts.allows('10.0.0.5:3000')).toBe(true);
    expect(hosts.allows('www.moveratlas.example')).toBe(false);
    // With PUBLIC_URL the list is not enforced: its host stands in for any other.
    expect(hosts.enforced).toBe(false);
    expect(hosts.fallbackHost).toBe('moveratlas.example');
  });

  it('holds an entry with a port to that port, and is enforced with PUBLIC_URL once set', () => {
    const hosts = policy({
      PUBLIC_URL: 'https://moveratlas.example',
      ALLOWED_HOSTS: 'internal.example:8080',
    });
    expect(hosts.allows('internal.example:8080')).toBe(true);
    expect(hosts.allows('internal.example:8081')).toBe(false);
    expect(hosts.allows('internal.example')).toBe(false);
    expect(hosts.enforced).toBe(true);
  });

  it('allows the address and port the request came in on, and no other port of it', () => {
    const hosts = policy();
    expect(hosts.allows('192.168.1.5:3000', { address: '192.168.1.5', port: 3000 })).toBe(true);
    expect(hosts.allows('192.168.1.5:3000', { address: '::ffff:192.168.1.5', port: 3000 })).toBe(
      true,
    );
    expect(hosts.allows('[fd00::5]:3000', { address: 'fd00::5', port: 3000 })).toBe(true);
    expect(hosts.allows('192.168.1.5:3001', { address: '192.168.1.5', port: 3000 })).toBe(false);
    expect(hosts.allows('192.168.1.6:3000', { address: '192.168.1.5', port: 3000 })).toBe(false);
    expect(hosts.allows('192.168.1.5:3000')).toBe(false);
    // A loopback name stays allowed on any port, whatever the request came in on.
    expect(hosts.allows('127.0.0.1:1', { address: '127.0.0.1', port: 3000 })).toBe(true);
  });

  it('reads IPv6 literals with and without a port', () => {
    expect(parseHost('[::1]:3000')).toEqual({ name: '[::1]', port: '3000' });
    expect(parseHost('[::1]')).toEqual({ name: '[::1]', port: undefined });
    expect(parseHost('::1')).toBeUndefined();
  });
});

describe('pathProblem', () => {
  it.each([
    ['/states/illinois', undefined],
    ['/company/a%20b', undefined],
    ['/search', undefined],
    ['/..', 'The address contains a . or .. segment'],
    ['/a/%2E/b', 'The address contains a . or .. segment'],
    ['/a/%2e%2E/b', 'The address contains a . or .. segment'],
    ['/blog/..%2Fpages', undefined],
    ['/a/.well-known', undefined],
    ['/%E0%A4%A', 'The address has a broken percent-encoding'],
    ['/%zz', 'The address has a broken percent-encoding'],
    ['/a%7Fb', 'The address contains a control character'],
    ['/a%09b', 'The address contains a control character'],
    ['/a\\b', 'The address contains a backslash'],
  ])('%j → %j', (path, problem) => {
    expect(pathProblem(path)).toBe(problem);
  });
});
