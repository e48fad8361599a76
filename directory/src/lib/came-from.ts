/**
 * The page of this site a visitor followed a link from, when the server answers 404: the not-found page's
 * Go Back is then a plain link to it, which works without scripts (issue 15: Go Back with no history went
 * nowhere). Read from the request's Referer on the server and handed to the browser with the page's data.
 */
import { createContext } from 'react';

export const CameFromContext = createContext<string | null>(null);

/**
 * The path and query of `referer` when it is a page of this site other than `pageUrl` itself; null for
 * another site, a missing or malformed Referer, a reload of the same address, or a path a link would read
 * as another host's (//host/…).
 */
export function sameSitePath(referer: string | null, pageUrl: string): string | null {
  if (!referer || referer.length > 2000) return null;
  try {
    const from = new URL(referer);
    const page = new URL(pageUrl);
    const path = `${from.pathname}${from.search}`;
    if (from.origin !== page.origin || path === `${page.pathname}${page.search}`) return null;
    return /^\/(?![/\\])/.test(path) ? path : null;
  } catch {
    return null;
  }
}
