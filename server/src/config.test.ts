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
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be a whole number/],
    [{ SITE_NAME: '  ' }, /SITE_NAME must not be empty/],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
