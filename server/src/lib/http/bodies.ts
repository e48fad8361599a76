/** Body checks shared by the widget's endpoints: the right content type, an object, and the honeypot. */
import type { Request } from 'express';
import { HONEYPOT_FIELD } from '@moveratlas/contracts';
import { HttpError } from '../http-error';

export function formBody(req: Request, endpoint: string): Record<string, unknown> {
  if (!req.is('application/x-www-form-urlencoded'))
    throw new HttpError(
      415,
      `${endpoint} takes a form-encoded body (Content-Type: application/x-www-form-urlencoded)`,
    );
  return objectBody(req);
}

export function jsonBody(req: Request, endpoint: string): Record<string, unknown> {
  if (!req.is('application/json'))
    throw new HttpError(415, `${endpoint} takes a JSON body (Content-Type: application/json)`);
  return objectBody(req);
}

function objectBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'The request body must be an object of fields');
  return body as Record<string, unknown>;
}

/** A filled honeypot is a bot: it is answered as if all went well, and nothing is stored. */
export function isBot(body: Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD];
  return value !== undefined && value !== '';
}
