/** Between Express and the web Request/Response the directory's server entry speaks. */
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { Config } from '../config';

// A Host header is the client's to choose: only a plain host name (and port) may reach canonical addresses.
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** Where canonical addresses start: PUBLIC_URL when configured, else the scheme and host of this request. */
export function requestOrigin(config: Config, req: ExpressRequest): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const host = req.get('host') ?? '';
  return `${req.protocol}://${SAFE_HOST.test(host) ? host : 'localhost'}`;
}

export function toWebRequest(req: ExpressRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new Request(new URL(req.originalUrl, origin), { method: req.method, headers, signal });
}

/** HTML the router answered 200 may be cached briefly, like the API's lists; anything else is not stored. */
const PAGE_CACHE_CONTROL = 'public, max-age=60';

export async function sendWebResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (!response.headers.has('Cache-Control')) {
    res.setHeader('Cache-Control', response.status === 200 ? PAGE_CACHE_CONTROL : 'no-store');
  }
  res.send(await response.text());
}
