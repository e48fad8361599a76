import { describe, expect, it } from 'vitest';
import { adminCookieName, cookieFromHeader, csrfTokenFromCookies } from './admin-auth';

describe('the admin cookies’ names', () => {
  it('carry the __Host- prefix over HTTPS only', () => {
    expect(adminCookieName('ma_session', true)).toBe('__Host-ma_session');
    expect(adminCookieName('ma_session', false)).toBe('ma_session');
  });

  it('find the CSRF token under either name, the prefixed one first', () => {
    expect(csrfTokenFromCookies('theme=dark; __Host-ma_csrf=abc%2Fd')).toBe('abc/d');
    expect(csrfTokenFromCookies('ma_csrf=plain')).toBe('plain');
    expect(csrfTokenFromCookies('ma_csrf=plain; __Host-ma_csrf=secure')).toBe('secure');
    expect(csrfTokenFromCookies('x_ma_csrf=no')).toBeUndefined();
    expect(csrfTokenFromCookies(undefined)).toBeUndefined();
  });

  it('reads a value that is not valid percent-encoding as it is', () => {
    expect(cookieFromHeader('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
  });
});
