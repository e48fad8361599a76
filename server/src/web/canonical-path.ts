/**
 * One address per page (issue 15): a page asked for under another form of its address — upper case, a
 * trailing or doubled slash, /about-us, /moving-companies/{state}[/{city}], a state's name or abbreviation —
 * answers 301 to its one address (contracts' canonicalPagePath), in a single hop, with the query string
 * kept. Files (a last segment with a dot: /favicon.ico, /assets/…) are left to their own handlers, whose
 * names may be mixed case.
 */
import type { RequestHandler } from 'express';
import { canonicalPagePath } from '@moveratlas/contracts';

/** A file's address: its last segment has a dot. */
const isFile = (path: string) => path.slice(path.lastIndexOf('/') + 1).includes('.');

export function canonicalPageRedirect(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const query = req.originalUrl.indexOf('?');
    const path = query === -1 ? req.originalUrl : req.originalUrl.slice(0, query);
    if (isFile(path)) return next();
    const canonical = canonicalPagePath(path);
    if (canonical === path) return next();
    res.set('Cache-Control', 'public, max-age=3600');
    res.redirect(301, canonical + (query === -1 ? '' : req.originalUrl.slice(query)));
  };
}
