/**
 * How the site's public forms (contact, company applications) are received. The pages post JSON with
 * scripts on; without scripts the browser posts the same fields form-encoded to the same endpoint, and is
 * sent back to the page with 303 See Other: `?sent=1` on success, `?error=<code>&field=<name>` otherwise
 * (contracts/form-errors: a code the page shows in its own words, never a message or the visitor's values, so
 * no link can make the page print text of its choosing). A filled honeypot gets the same success answer and
 * stores nothing.
 */
import { randomBytes } from 'node:crypto';
import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { FORM_HONEYPOT_FIELD, formErrorQuery, type FormReceipt } from '@moveratlas/contracts';
import type { Config } from '../config';
import { HttpError } from './http-error';
import { perIpRateLimit } from './rate-limit';
import { clientIp, userAgent } from './request-meta';
import { describeIssue } from './validate';

export interface FormContext {
  config: Config;
  db: Knex;
}

export const formEncoded = express.urlencoded({
  extended: false,
  limit: '32kb',
  parameterLimit: 50,
});

/** The same allowance per address as quote requests, counted apart. */
export const formRateLimit = ({ config, db }: FormContext, name: string, what: string) =>
  perIpRateLimit(db, name, what, config.rateLimits.leads, config.rateLimits.windowMs);

export const newPublicId = (): string => randomBytes(9).toString('base64url');

export const submitterOf = (req: Request) => ({
  ip_address: clientIp(req),
  user_agent: userAgent(req),
});

export interface FormEndpoint<S extends z.ZodType> {
  schema: S;
  /** The page the plain-HTML form lives on, where a form post is redirected back to. */
  page: string;
  /** What the visitor reads after sending. */
  confirmation: string;
  store(value: z.output<S>, publicId: string, req: Request): Promise<void>;
}

const isFormPost = (req: Request) =>
  req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

export function formHandler<S extends z.ZodType>(endpoint: FormEndpoint<S>): RequestHandler {
  return async (req: Request, res: Response) => {
    const body: unknown = req.body ?? {};
    const parsed = endpoint.schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      if (isFormPost(req)) {
        const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
        res.redirect(303, `${endpoint.page}?${formErrorQuery('invalid', field)}`);
        return;
      }
      throw new HttpError(400, describeIssue(issue, 'body'));
    }
    const publicId = newPublicId();
    const honeypot = (parsed.data as Record<string, unknown>)[FORM_HONEYPOT_FIELD];
    if (typeof honeypot !== 'string' || honeypot.trim() === '') {
      await endpoint.store(parsed.data, publicId, req);
    }
    if (isFormPost(req)) {
      res.redirect(303, `${endpoint.page}?sent=1`);
      return;
    }
    const receipt: FormReceipt = { id: publicId, message: endpoint.confirmation };
    res.status(201).set('Cache-Control', 'no-store').json(receipt);
  };
}

export interface FormRoute<S extends z.ZodType> extends FormEndpoint<S> {
  /** Where the form posts, below /api (e.g. '/contact'). */
  path: string;
  /** The rate limit's name and what it counts ("messages"), for its 429 message. */
  rateLimit: { name: string; what: string };
}

/** A router with one public form's POST endpoint: rate limited, JSON or form-encoded, answered by `formHandler`. */
export function formRoute<S extends z.ZodType>(
  ctx: FormContext,
  { path, rateLimit, ...endpoint }: FormRoute<S>,
): Router {
  const router = Router();
  router.post(
    path,
    formRateLimit(ctx, rateLimit.name, rateLimit.what),
    formEncoded,
    formHandler(endpoint),
  );
  // A plain form post over the limit goes back to its page too, rather than to a page of JSON.
  const tooMany: ErrorRequestHandler = (error, req, res, next) => {
    if (error instanceof HttpError && error.status === 429 && isFormPost(req)) {
      res.redirect(303, `${endpoint.page}?${formErrorQuery('rate-limited')}`);
      return;
    }
    next(error);
  };
  router.use(path, tooMany);
  return router;
}
