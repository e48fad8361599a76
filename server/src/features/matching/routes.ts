/**
 * POST /api/proxy/match_companies (7.2). Bad input is a 400; a failure of matching itself answers spec 7.2's
 * two stand-in companies flagged `is_fallback`, so the wizard goes on.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import {
  FALLBACK_MATCHED_COMPANIES,
  MatchCompaniesRequestSchema,
  type MatchCompaniesResponse,
} from '@moveratlas/contracts';
import { parseInput } from '../../lib/validate';
import type { ProxyContext } from '../../app-context';
import { jsonBody } from '../../lib/http/bodies';
import { matchCompanies } from './match-companies';

export function matchCompaniesHandler(ctx: ProxyContext): RequestHandler {
  return async (req, res) => {
    const request = parseInput(
      MatchCompaniesRequestSchema,
      jsonBody(req, 'match_companies'),
      'body',
    );
    let answer: MatchCompaniesResponse;
    try {
      const companies = await matchCompanies(ctx.db, request, ctx.config.matchLimit);
      answer = { companies, ping_id: randomUUID(), is_fallback: false };
    } catch (error) {
      ctx.logger.error({ err: error }, 'matching failed; answering the fallback companies');
      answer = {
        companies: [...FALLBACK_MATCHED_COMPANIES],
        ping_id: `fallback-${randomUUID()}`,
        is_fallback: true,
      };
    }
    res.set('Cache-Control', 'no-store').json(answer);
  };
}
