/** Session start (spec 4.1): once per page load for every widget, a stored session id reused, failures absorbed. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, resetSessionForTests, sessionRequest, startSession } from './session';
import { fakeApi } from './test-utils';

const API = 'https://widgets.moveratlas.test';

beforeEach(() => {
  resetSessionForTests();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('startSession', () => {
  it('records one session per page load, however many widgets ask', async () => {
    const api = fakeApi();
    const [first, second] = await Promise.all([
      startSession(api, API, 'lead-a', 'partner-1'),
      startSession(api, API, 'lead-b', 'partner-1'),
    ]);
    expect(first).toEqual({ sessionId: 'session-1', ip: '203.0.113.9' });
    expect(second).toBe(first);
    await startSession(api, API, 'lead-c', 'partner-1');
    expect(api.ip).toHaveBeenCalledTimes(1);
    expect(api.startSession).toHaveBeenCalledTimes(1);
    expect(api.startSession.mock.calls[0]![0]).toMatchObject({
      uuid: 'lead-a',
      ip_address: '203.0.113.9',
    });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('session-1');
  });

  it('reuses the session id kept in session storage (a reload) and records nothing', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'session-kept');
    const api = fakeApi();
    expect(await startSession(api, API, 'lead-a', 'partner-1')).toEqual({
      sessionId: 'session-kept',
      ip: '203.0.113.9',
    });
    expect(api.startSession).not.toHaveBeenCalled();
  });

  it('falls back to the lead id when recording fails, and keeps nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      startSession: vi.fn(async () => {
        throw new Error('API Error: unavailable');
      }),
    });
    expect(await startSession(api, API, 'lead-a', 'partner-1')).toEqual({
      sessionId: 'lead-a',
      ip: '203.0.113.9',
    });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(
      '[MoverAtlas] Failed to record session: Error: API Error: unavailable',
    );
  });
});

describe('sessionRequest', () => {
  it('carries the page, the tracking parameters of its URL (empty when absent) and the site', () => {
    history.replaceState(null, '', '/blog/moving?gclid=abc&utm_x=1&k=movers');
    const request = sessionRequest('lead-a', '198.51.100.4', 'partner-1');
    expect(request).toMatchObject({
      uuid: 'lead-a',
      hostname: location.hostname,
      origin: location.origin,
      location_href: location.href,
      ip_address: '198.51.100.4',
      website: 'partner-1',
      website_version: '1.0',
      gclid: 'abc',
      k: 'movers',
      cid: '',
      trustedformtoken: '',
    });
    expect(request).not.toHaveProperty('utm_x');
  });
});
