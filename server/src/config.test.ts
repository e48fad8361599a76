import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000, an embedded SQLite file under data/, MoverAtlas', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.client).toBe('sqlite');
    expect(config.database.client === 'sqlite' && config.database.filename).toMatch(
      /data\/moveratlas\.sqlite$/,
    );
    expect(config.siteName).toBe('MoverAtlas');
    expect(config.trustProxy).toBe(0);
    expect(config.admin).toBeUndefined();
    expect(config.leadBackendUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'mysql://root@127.0.0.1:3306/test',
      PUBLIC_URL: 'https://moveratlas.example/',
      SITE_NAME: 'Movers Inc',
      LEAD_BACKEND_URL: 'https://functions.example',
      ADMIN_USERNAME: 'ops',
      ADMIN_PASSWORD: 'violet anchor drifts past marmalade',
      CORS_ORIGINS: 'https://partner.example, http://localhost:4000',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 8080,
      database: { client: 'mysql', url: 'mysql://root@127.0.0.1:3306/test' },
      publicUrl: 'https://moveratlas.example',
      siteName: 'Movers Inc',
      leadBackendUrl: 'https://functions.example',
      admin: { username: 'ops', password: 'violet anchor drifts past marmalade' },
      corsOrigins: ['https://partner.example', 'http://localhost:4000'],
      trustProxy: 1,
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({
      client: 'sqlite',
      filename: ':memory:',
    });
  });

  describe('DATABASE_READ_URL', () => {
    it('takes read replicas of a MySQL primary, each with the statement deadline, and the window after a change', () => {
      const config = loadConfig({
        DATABASE_URL: 'mysql://app:secret@db-primary:3306/moveratlas',
        DATABASE_READ_URL:
          'mysql://reader:pw@db-r1:3306/moveratlas, mariadb://reader:pw@db-r2/moveratlas',
        DB_STATEMENT_TIMEOUT_MS: '3000',
        DATABASE_READ_AFTER_CHANGE_MS: '8000',
      });
      expect(config.readReplicas).toEqual({
        databases: [
          {
            client: 'mysql',
            url: 'mysql://reader:pw@db-r1:3306/moveratlas',
            statementTimeoutMs: 3000,
          },
          { client: 'mysql', url: 'mysql://reader:pw@db-r2/moveratlas', statementTimeoutMs: 3000 },
        ],
        afterChangeMs: 8000,
      });
    });

    it('has none by default, and a 5 s window', () => {
      expect(loadConfig({}).readReplicas).toEqual({ databases: [], afterChangeMs: 5000 });
    });

    it('refuses replicas of a SQLite file, and an entry that is not mysql:// without echoing it', () => {
      expect(() => loadConfig({ DATABASE_READ_URL: 'mysql://reader:pw@db-r1/moveratlas' })).toThrow(
        'DATABASE_READ_URL needs DATABASE_URL to be a mysql:// primary',
      );
      const refusal = () =>
        loadConfig({
          DATABASE_URL: 'mysql://app@db/moveratlas',
          DATABASE_READ_URL: 'postgres://reader:hunter2@db-r1/moveratlas',
        });
      expect(refusal).toThrow(ConfigError);
      expect(refusal).toThrow('DATABASE_READ_URL entry 1 must be mysql://user:pass@host:port/db');
      expect(refusal).not.toThrow('hunter2');
    });
  });

  describe('TRUST_PROXY', () => {
    const trustProxy = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY }).trustProxy;

    it('reads a hop count (the older form) as a number, empty as 0', () => {
      expect(trustProxy('')).toBe(0);
      expect(trustProxy(' 2 ')).toBe(2);
    });

    it('reads a list of proxies as Express takes it: addresses, subnets and range names', () => {
      expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
      expect(
        trustProxy(' Loopback , 10.0.0.0/8,, fd00::/64 ,192.168.1.7, ::ffff:10.0.0.3'),
      ).toEqual(['loopback', '10.0.0.0/8', 'fd00::/64', '192.168.1.7', '::ffff:10.0.0.3']);
      expect(trustProxy('linklocal,uniquelocal,::1,2001:db8::/32')).toEqual([
        'linklocal',
        'uniquelocal',
        '::1',
        '2001:db8::/32',
      ]);
    });

    it.each([
      ['all', /TRUST_PROXY=all would believe X-Forwarded-For from anyone/],
      ['10.0.0.1, proxy.internal', /entry "proxy\.internal" is not an IP address, a subnet/],
      ['localhost', /entry "localhost" is a host name; for a proxy on this machine write loopback/],
      ['10.1', /entry "10\.1" is not an IP address/],
      ['300.0.0.1', /entry "300\.0\.0\.1" is not an IP address/],
      ['fe80::1%eth0', /entry "fe80::1%eth0" is not an IP address/],
      ['10.0.0.0/8/8', /entry "10\.0\.0\.0\/8\/8" is not an IP address/],
      ['1, 10.0.0.1', /entry "1" looks like a hop count, which cannot be mixed with addresses/],
      ['10.0.0.0/255.0.0.0', /entry "10\.0\.0\.0\/255\.0\.0\.0" writes its subnet as a mask/],
      [
        '10.0.0.0/33',
        /entry "10\.0\.0\.0\/33" has a prefix that is not a whole number from 1 to 32/,
      ],
      ['fd00::/129', /entry "fd00::\/129" has a prefix that is not a whole number from 1 to 128/],
      ['10.0.0.0/x', /has a prefix that is not a whole number from 1 to 32/],
      ['0.0.0.0/0', /entry "0\.0\.0\.0\/0" trusts every address/],
      ['loopback, ::/0', /entry "::\/0" trusts every address/],
      ['0.0.0.0', /entry "0\.0\.0\.0" is no address a proxy connects from/],
      ['::', /entry "::" is no address a proxy connects from/],
      [', ,', /TRUST_PROXY must be a list of proxy addresses or a hop count, got ", ,"/],
    ])('refuses TRUST_PROXY=%s with a message naming the bad entry', (value, message) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT: PORT must be a whole number, got "eighty"/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ DATABASE_URL: 'postgres://localhost/db' }, /DATABASE_URL must be mysql:\/\//],
    [{ PUBLIC_URL: 'moveratlas.example' }, /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/],
    [{ LEAD_BACKEND_URL: 'ftp://x' }, /LEAD_BACKEND_URL must be an http/],
    [{ ADMIN_USERNAME: 'ops' }, /ADMIN_USERNAME and ADMIN_PASSWORD must be set together/],
    [
      { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'short' },
      /ADMIN_PASSWORD must be at least 12 characters/,
    ],
    [{ CORS_ORIGINS: 'partner.example' }, /CORS_ORIGINS entries must be origins/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY=true would believe X-Forwarded-For from anyone/],
    [{ TRUST_PROXY: '11' }, /TRUST_PROXY as a hop count must be between 0 and 10, got 11/],
    [{ SITE_NAME: '  ' }, /SITE_NAME must not be empty/],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
