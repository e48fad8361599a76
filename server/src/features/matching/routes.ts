/**
 * POST /api/proxy/match_companies (7.2). Bad input is a 400; a failure of matching itself answers spec 7.2's
 * two stand-in companies flagged `is_fallback`, so the wizard goes on. A route we cannot place is not a
 * failure: the answer names the end not understood (issue 15), and the visitor picks a suggestion.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import {
  FALLBACK_MATCHED_COMPANIES,
  MatchCompaniesRequestSchema,
  type MatchCompaniesResponse,
  type RoutePlace,
} from '@moveratlas/contracts';
import { parseInput } from '../../lib/validate';
import type { ProxyContext } from '../../app-context';
import { jsonBody } from '../../lib/http/bodies';
import { matchCompanies } from './match-companies';

/** Only what the form carries on: where the place is stays on the server. */
const routePlace = ({ zip, city, state }: RoutePlace): RoutePlace => ({ zip, city, state });

export function matchCompaniesHandler(ctx: ProxyContext): RequestHandler {
  return async (req, res) => {
    const request = parseInput(
      MatchCompaniesRequestSchema,
      jsonBody(req, 'match_companies'),
      'body',
    );
    let answer: MatchCompaniesResponse;
    try {
      const match = await matchCompanies(ctx.db, request, ctx.config.matchLimit);
      answer = {
        companies: match.companies,
        ping_id: randomUUID(),
        is_fallback: false,
        ...(match.from && { from_place: routePlace(match.from) }),
        ...(match.to && { to_place: routePlace(match.to) }),
        ...(match.notUnderstood.length > 0 && { places_not_understood: match.notUnderstood }),
      };
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
