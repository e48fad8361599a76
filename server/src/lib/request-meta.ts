/** What we record about who sent a request: the address as our server sees it, the browser, the origin. */
import type { Request } from 'express';

/** The client address, honouring X-Forwarded-For only as far as TRUST_PROXY allows (app's "trust proxy"). */
export function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? '').slice(0, 64);
}

export function userAgent(req: Request): string {
  return (req.get('user-agent') ?? '').slice(0, 500);
}

/** The browser's Origin header, when it sent one ("null" from sandboxed frames counts as sent). */
export function originHeader(req: Request): string | undefined {
  const origin = req.get('origin');
  return origin === undefined || origin === '' ? undefined : origin;
}

/** This server's own origin as the request addressed it. */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}`;
}
