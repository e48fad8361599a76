/**
 * The public side of claiming a listing (/claim/<slug>), below /api:
 *   GET  /claims/:slug           the listing as the claim page shows it: name, its address masked, claimed or not
 *   POST /claims/:slug/code      { name, email } → a 6-digit code e-mailed to the LISTING's address (202)
 *   POST /claims/:slug/verify    { email, code, password } → owner of the listing, signed in (cookies set)
 *   POST /claims/:slug/evidence  { name, email, phone, role, usdotNumber, message, document } → for staff (201)
 * Mounted before the API's 32 KB body parser: the evidence carries a document of up to 5 MB (base64 in the
 * JSON), so this router parses its own bodies, each route with its limit, after the rate limit.
 */
import { Router, type RequestHandler } from 'express';
import {
  CLAIM_CODE_TTL_MINUTES,
  CLAIM_EVIDENCE_CONFIRMATION,
  ClaimCodeRequestSchema,
  ClaimEvidenceSchema,
  ClaimVerifySchema,
  maskEmail,
  type ClaimCodeSent,
  type ClaimEvidenceReceived,
} from '@moveratlas/contracts';
import { HttpError } from '../../lib/http-error';
import { jsonBody } from '../../lib/http/json-body';
import { formRateLimit } from '../../lib/form-submission';
import { clientIp } from '../../lib/request-meta';
import { parseInput } from '../../lib/validate';
import { claimByCode } from './claim-by-code';
import { requestClaimCode } from './claim-codes';
import { claimInfo, claimTarget } from './claim-target';
import { clockOf, type ClaimsContext } from './context';
import { storeEvidenceClaim } from './evidence-claims';

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** JSON only: a form post from another site cannot reach these without a preflight. */
const jsonOnly: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json'))
    throw new HttpError(415, 'Send the claim as JSON (Content-Type: application/json)');
  next();
};

const slugOf = (params: Record<string, string | string[] | undefined>) => {
  const slug = params.slug;
  return typeof slug === 'string' ? slug : '';
};

export function claimRoutes(ctx: ClaimsContext): Router {
  const { db, config } = ctx;
  const now = clockOf(ctx);
  const router = Router();
  router.use('/claims', noStore);

  router.get('/claims/:slug', async (req, res) => {
    res.json(await claimInfo(db, slugOf(req.params)));
  });

  router.post(
    '/claims/:slug/code',
    formRateLimit(ctx, 'claim-code', 'claim requests'),
    jsonOnly,
    jsonBody('8kb'),
    async (req, res) => {
      const target = await claimTarget(db, slugOf(req.params));
      const claimant = parseInput(ClaimCodeRequestSchema, req.body ?? {}, 'body');
      const { sentTo } = await requestClaimCode(db, target, claimant, {
        config,
        ip: clientIp(req),
        now: now(),
      });
      ctx.jobs?.kick('mail.send');
      const answer: ClaimCodeSent = {
        ok: true,
        sentTo: maskEmail(sentTo),
        expiresInMinutes: CLAIM_CODE_TTL_MINUTES,
      };
      res.status(202).json(answer);
    },
  );

  router.post(
    '/claims/:slug/verify',
    formRateLimit(ctx, 'claim-verify', 'claim attempts'),
    jsonOnly,
    jsonBody('8kb'),
    async (req, res) => {
      const target = await claimTarget(db, slugOf(req.params));
      const input = parseInput(ClaimVerifySchema, req.body ?? {}, 'body');
      res.json(await claimByCode(ctx, req, res, target, input, now()));
    },
  );

  router.post(
    '/claims/:slug/evidence',
    formRateLimit(ctx, 'claim-evidence', 'claims'),
    jsonOnly,
    (req, res, next) => {
      // Refuse an oversized upload from its header, before reading it.
      const declared = Number(req.get('content-length') ?? Number.NaN);
      if (declared > 7_500_000) {
        res.set('Connection', 'close');
        throw new HttpError(413, 'The document is larger than 5 MB; attach a smaller file.');
      }
      next();
    },
    jsonBody('7500kb'),
    async (req, res) => {
      const target = await claimTarget(db, slugOf(req.params));
      const input = parseInput(ClaimEvidenceSchema, req.body ?? {}, 'body');
      const id = await storeEvidenceClaim(db, target, input, req, now());
      const answer: ClaimEvidenceReceived = { id, message: CLAIM_EVIDENCE_CONFIRMATION };
      res.status(201).json(answer);
    },
  );

  return router;
}
