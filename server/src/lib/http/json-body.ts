/**
 * The JSON body parser every route uses: express.json with a nesting limit checked on the raw bytes before
 * JSON.parse runs. No request of ours nests deeper than a few levels, while `[[[[…]]]]` 10,000 deep parses
 * into 10,000 arrays (about a millisecond of CPU and garbage each time): refused by one linear scan instead.
 */
import express, { type RequestHandler } from 'express';

/** Deeper than any body we accept (the deepest, an admin settings form, nests three levels). */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of objects and arrays in JSON text, strings skipped; stops counting past `limit`. */
export function jsonDepth(bytes: Buffer, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next byte (\" stays inside the string)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

class TooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
  }
}

/**
 * `types`: the content types read as JSON. A beacon (navigator.sendBeacon with a string) arrives as
 * text/plain, the one type a page can send without a preflight, so the beacon endpoints read that as JSON too.
 */
export function jsonBody(limit: string, types: string[] = ['application/json']): RequestHandler {
  return express.json({
    limit,
    type: types,
    verify: (_req, _res, body) => {
      if (jsonDepth(body) > MAX_JSON_DEPTH) throw new TooDeepError();
    },
  });
}
