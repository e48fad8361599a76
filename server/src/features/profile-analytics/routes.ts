/**
 * POST /api/companies/:slug/activity: the public profile's beacon — a view once per page view, a click on Get
 * Quote, the phone or the website. Answered 204 with nothing in it. Robots (by their user agent, with the
 * isbot package) are answered the same and not counted. No cookie is read or set, nothing about the visitor is
 * kept: only the count of the company's day goes up (docs/decisions/033).
 */
import { Router } from 'express';
import type { Knex } from 'knex';
import { isbot } from 'isbot';
import { ProfileActivitySchema } from '@moveratlas/contracts';
import type { Config } from '../../config';
import { notFound } from '../../lib/http-error';
import { jsonBody } from '../../lib/http/json-body';
import { perIpRateLimit } from '../../lib/rate-limit';
import { userAgent } from '../../lib/request-meta';
import { parseInput } from '../../lib/validate';
import { listedCompanyId } from '../companies';
import { countProfileActivity, utcDay } from './activity-counts';

/** A beacon is a few dozen bytes. */
const BODY_LIMIT = '1kb';

/** A browser always names itself; a request that does not is a script, and a robot's agent says so. */
export const isRobot = (agent: string): boolean => agent.trim() === '' || isbot(agent);

export function profileActivityRoutes({ config, db }: { config: Config; db: Knex }): Router {
  const router = Router();
  router.post(
    '/companies/:slug/activity',
    // A visitor sends one view per profile and a click or two: the widget's step events' allowance (a
    // sendBeacon from a page that is being left cannot read the answer anyway).
    perIpRateLimit(
      db,
      'profile-activity',
      'activity reports',
      config.rateLimits.sessions,
      config.rateLimits.windowMs,
    ),
    // sendBeacon's JSON text arrives as text/plain; fetch's as application/json (parsed by the API already).
    jsonBody(BODY_LIMIT, ['application/json', 'text/plain']),
    async (req, res) => {
      const { kind } = parseInput(ProfileActivitySchema, req.body, 'body');
      const slug = typeof req.params.slug === 'string' ? req.params.slug : '';
      const companyId = await listedCompanyId(db, slug);
      if (companyId === undefined) throw notFound(`No company with slug "${slug.slice(0, 160)}"`);
      if (!isRobot(userAgent(req)))
        await countProfileActivity(db, companyId, kind, utcDay(Date.now()));
      res.set('Cache-Control', 'no-store').status(204).end();
    },
  );
  return router;
}
