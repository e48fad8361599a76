import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('admin sign-in configuration', () => {
  it('defaults to a 30-minute idle and 12-hour absolute session, 5/10/20 free failures, 15-minute cap', () => {
    expect(loadConfig({}).adminAuth).toEqual({
      idleTimeoutMs: 30 * 60_000,
      absoluteTimeoutMs: 12 * 3_600_000,
      freeAttemptsPerClient: 5,
      freeAttemptsPerIp: 10,
      freeAttemptsNewDevices: 20,
      maxDelayMs: 900_000,
    });
  });

  it('reads its variables', () => {
    const config = loadConfig({
      ADMIN_SESSION_IDLE_MINUTES: '15',
      ADMIN_SESSION_MAX_HOURS: '8',
      ADMIN_LOGIN_FREE_ATTEMPTS: '3',
      ADMIN_LOGIN_FREE_ATTEMPTS_PER_IP: '50',
      ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES: '12',
      ADMIN_LOGIN_MAX_DELAY_SECONDS: '60',
    });
    expect(config.adminAuth).toEqual({
      idleTimeoutMs: 15 * 60_000,
      absoluteTimeoutMs: 8 * 3_600_000,
      freeAttemptsPerClient: 3,
      freeAttemptsPerIp: 50,
      freeAttemptsNewDevices: 12,
      maxDelayMs: 60_000,
    });
  });

  it.each([
    [{ ADMIN_SESSION_IDLE_MINUTES: '0' }, /ADMIN_SESSION_IDLE_MINUTES must be between 1 and 1440/],
    [{ ADMIN_SESSION_MAX_HOURS: 'soon' }, /ADMIN_SESSION_MAX_HOURS must be a whole number/],
    [
      { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'password123456' },
      /ADMIN_PASSWORD is too common or predictable/,
    ],
    [
      { ADMIN_LOGIN_FREE_ATTEMPTS: '8', ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES: '8' },
      /ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES must be greater than ADMIN_LOGIN_FREE_ATTEMPTS/,
    ],
    [
      { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'Summer2026!!' },
      /ADMIN_PASSWORD is too common or predictable/,
    ],
    [
      { ADMIN_USERNAME: 'jordan', ADMIN_PASSWORD: 'jordan-rules-the-site' },
      /ADMIN_PASSWORD is too common or predictable, or contains the username/,
    ],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
