/** POST /api/proxy/session_send_bq (7.3.1): answers `{ session_id }` at once; forwarding happens later. */
import type { RequestHandler } from 'express';
import { SessionRequestSchema } from '@moveratlas/contracts';
import { clientIp, originHeader, requestOrigin, userAgent } from '../../lib/request-meta';
import { parseInput } from '../../lib/validate';
import type { ProxyContext } from '../../app-context';
import { jsonBody } from '../../lib/http/bodies';
import { recordSession, SESSION_FORWARD_JOB } from './sessions';

export function sessionHandler(ctx: ProxyContext): RequestHandler {
  return async (req, res) => {
    const request = parseInput(SessionRequestSchema, jsonBody(req, 'session_send_bq'), 'body');
    const siteId = await ctx.partners.resolveSite({
      origin: originHeader(req),
      website: request.website,
      requestOrigin: requestOrigin(req),
    });
    const sessionId = await recordSession(
      ctx.db,
      request,
      { siteId, ip: clientIp(req), userAgent: userAgent(req) },
      { maxAttempts: ctx.config.leadForwardMaxAttempts },
    );
    ctx.jobs?.kick(SESSION_FORWARD_JOB);
    res.set('Cache-Control', 'no-store').json({ session_id: sessionId });
  };
}
