/**
 * The first check of every request, before any route sees it (issue 12):
 * - an absurdly long address answers 414 (a path of 15,000 slashes was enough to stall every page);
 * - a path that cannot be decoded (broken percent-encoding), that carries control characters or NUL, or that
 *   walks out of itself with `.`/`..` segments or backslashes answers 400: browsers never send these, and the
 *   renderer's URL parser would otherwise read a different path than the router checked;
 * - a Host outside the allowed list (allowed-hosts.ts) answers 400 when the list is enforced, or is replaced by
 *   PUBLIC_URL's host, so no client-chosen name reaches an address we print or cache.
 * Refusals are JSON `{ "error": … }`, or a short page for a browser asking for one.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { hostPolicy } from './allowed-hosts';
import { isHealthPath } from '../lib/http/health-paths';

/** Far above any address of the site (slugs are at most a few hundred characters). */
export const MAX_PATH_LENGTH = 2048;
export const MAX_URL_LENGTH = 8192;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** API clients and anything that does not ask for HTML get JSON; a browser gets a page it can show. */
function refuse(req: Request, res: Response, status: number, title: string, message: string): void {
  res.status(status).set('Cache-Control', 'no-store');
  const isApi = req.path === '/api' || req.path.startsWith('/api/');
  if (!isApi && req.accepts(['json', 'html']) === 'html') {
    res
      .type('html')
      .send(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Home</a></p></main></body></html>`,
      );
    return;
  }
  res.json({ error: message });
}

/** Why a path (as sent, still percent-encoded) cannot name a page or an endpoint; undefined when it can. */
export function pathProblem(path: string): string | undefined {
  if (path.includes('\\')) return 'The address contains a backslash';
  // Segment by segment, as URL parsers read a path: an encoded slash (`..%2F`) is data inside a segment, an
  // encoded dot segment (`%2e%2e`) is a dot segment.
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'The address has a broken percent-encoding';
    }
    for (let i = 0; i < decoded.length; i++) {
      const code = decoded.charCodeAt(i);
      if (code < 0x20 || code === 0x7f) return 'The address contains a control character';
    }
    if (decoded === '.' || decoded === '..') return 'The address contains a . or .. segment';
  }
  return undefined;
}

export function requestGuard(config: Config, logger: Logger): RequestHandler {
  const hosts = hostPolicy(config);
  let warned = false;
  return (req, res, next) => {
    const url = req.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (url.length > MAX_URL_LENGTH || path.length > MAX_PATH_LENGTH) {
      refuse(req, res, 414, 'Address Too Long', 'The address is too long');
      return;
    }
    const problem = pathProblem(path);
    if (problem) {
      refuse(req, res, 400, 'Bad Address', problem);
      return;
    }
    const host = req.headers.host;
    // A load balancer's health check may address the server by IP; the health answers print no address.
    const local = { address: req.socket.localAddress, port: req.socket.localPort };
    if (!hosts.allows(host, local) && !isHealthPath(path)) {
      if (hosts.enforced) {
        if (!warned) {
          warned = true;
          logger.warn(
            { host: host?.slice(0, 200) },
            'refused a request for a host name not in ALLOWED_HOSTS: set PUBLIC_URL (or add the name to ALLOWED_HOSTS) if this server is meant to answer it',
          );
        }
        refuse(req, res, 400, 'Unknown Host', 'This site is not served under that host name');
        return;
      }
      req.headers.host = hosts.fallbackHost;
    }
    next();
  };
}
