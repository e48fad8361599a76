/**
 * Signs the seeded test admin in over HTTP, as the browser does, and hands back a client that sends the
 * session cookie and, on writes, the CSRF header: what every admin API test needs.
 */
import { ADMIN_SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER } from '@moveratlas/contracts';
import { TEST_ADMIN } from './databases';

export interface AdminClient {
  /** `ma_session=…; ma_csrf=…`, for tests that build their own requests. */
  cookie: string;
  csrfToken: string;
  /** fetch with the cookies; JSON bodies get their content type; non-GET requests get the CSRF header. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** Reads `name=value` out of a response's Set-Cookie headers. */
export function cookieValue(response: Response, name: string): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    if (pair!.slice(0, eq).trim() === name) return decodeURIComponent(pair!.slice(eq + 1));
  }
  return undefined;
}

export async function loginAsAdmin(
  baseUrl: string,
  credentials: { username: string; password: string } = TEST_ADMIN,
): Promise<AdminClient> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const session = cookieValue(response, ADMIN_SESSION_COOKIE);
  const csrfToken = cookieValue(response, CSRF_COOKIE);
  if (!session || !csrfToken) throw new Error('login set no session or CSRF cookie');
  const cookie = `${ADMIN_SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrfToken}`;
  return {
    cookie,
    csrfToken,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('Cookie', cookie);
      const method = (init.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && method !== 'HEAD') headers.set(CSRF_HEADER, csrfToken);
      if (typeof init.body === 'string' && !headers.has('Content-Type'))
        headers.set('Content-Type', 'application/json');
      return fetch(baseUrl + path, { ...init, headers });
    },
  };
}
