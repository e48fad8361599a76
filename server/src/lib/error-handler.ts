/** The one place errors become responses: JSON `{ "error": … }` with the right status, never a stack trace. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { HttpError } from './http-error';
import { isDatabaseUnavailable } from './database-errors';

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No API endpoint ${req.method} ${req.path}` });
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof HttpError) {
      res.set(error.headers).status(error.status).json({ error: error.message });
      return;
    }
    // body-parser and friends mark client errors with a status (malformed JSON, too large, bad charset).
    const status =
      (error as { status?: unknown; statusCode?: unknown }).status ??
      (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const type = (error as { type?: unknown }).type;
      const message =
        type === 'entity.parse.failed'
          ? 'The request body is not valid JSON'
          : type === 'entity.too.large'
            ? 'The request body is too large'
            : error instanceof Error
              ? error.message
              : 'Bad request';
      res.status(status).json({ error: message });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: req.path }, 'database unavailable');
      res
        .set('Retry-After', '5')
        .status(503)
        .json({ error: 'The service is temporarily unavailable; please try again shortly' });
      return;
    }
    logger.error({ err: error, path: req.path }, 'unhandled error');
    res.status(500).json({ error: 'Internal server error' });
  };
}
