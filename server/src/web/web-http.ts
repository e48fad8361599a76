/** Between Express and the web Request/Response the directory's server entry speaks. */
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { EDITABLE_PUBLIC_CACHE_CONTROL } from '../lib/http/cache-control';
import { isPersonal } from '../lib/http/personal';
import { isCachedPage, type PageAnswer } from './page-cache';

export { isPersonal };

export function toWebRequest(
  req: ExpressRequest,
  origin: string,
  signal: AbortSignal,
  method = req.method,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Appended to the origin, never resolved against it: `//host/x` resolved would name another host (and
  // `//%2e%2e%2f` no valid one at all, a 500); appended, it stays this site's path.
  return new Request(new URL(origin + req.originalUrl), { method, headers, signal });
}

/** Reads the renderer's answer to its end, as bytes: the HTML is sent (or kept) as it is, never re-decoded. */
export async function readAnswer(response: Response): Promise<PageAnswer> {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') headers.push([name, value]);
  }
  return {
    status: response.status,
    headers,
    cookies: response.headers.getSetCookie(),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** HTML the router answered 200 may be kept as the API's lists are; anything else is not stored. */
const PAGE_CACHE_CONTROL = EDITABLE_PUBLIC_CACHE_CONTROL;
/** A page for a signed-in person (the request carries cookies) is theirs alone: no cache may keep it. */
const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * Sends a page. A kept page (page-cache.ts) goes out already compressed in the best encoding the client
 * accepts, brotli before gzip as the compression middleware prefers, which then leaves it alone; with its
 * ETag, a revalidation gets 304. `cache` reports in X-Cache whether the page came from the cache.
 */
export function sendPage(
  req: ExpressRequest,
  res: ExpressResponse,
  answer: PageAnswer,
  cache?: 'HIT' | 'MISS',
): void {
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  if (answer.cookies.length > 0) res.setHeader('Set-Cookie', answer.cookies);
  if (isPersonal(req)) res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
  else if (!res.hasHeader('Cache-Control')) {
    res.setHeader('Cache-Control', answer.status === 200 ? PAGE_CACHE_CONTROL : 'no-store');
  }
  if (cache) res.setHeader('X-Cache', cache);
  if (!isCachedPage(answer)) {
    res.send(answer.body);
    return;
  }
  res.setHeader('ETag', answer.etag);
  res.vary('Accept-Encoding');
  if (req.acceptsEncodings('br')) {
    res.setHeader('Content-Encoding', 'br');
    res.send(answer.br);
  } else if (req.acceptsEncodings('gzip')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(answer.gzip);
  } else {
    res.send(answer.body);
  }
}
