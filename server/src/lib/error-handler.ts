/** The one place errors become responses: JSON `{ "error": … }` with the right status, never a stack trace. */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { HttpError } from './http-error';
import { isDatabaseUnavailable } from './database-errors';

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No API endpoint ${req.method} ${req.path}` });
};

/** body-parser's and raw-body's refusals (their `type`), in words for people rather than theirs. */
const BODY_ERRORS: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
  'entity.verify.failed': 'The request body was refused',
  'charset.unsupported': 'The request body must be UTF-8',
  'encoding.unsupported':
    'The request body’s content encoding is not supported (gzip, deflate and br are)',
  'parameters.too.many': 'The request has too many fields',
  'querystring.parse.rangeError': 'The request’s fields are nested too deeply',
  'request.size.invalid': 'The request body does not match its Content-Length',
  'request.aborted': 'The request was cut off before its body arrived',
};

/** The message of a client error some library raised with a status of its own. */
function clientErrorMessage(error: unknown): string {
  const { type, code } = error as { type?: unknown; code?: unknown };
  if (typeof type === 'string' && BODY_ERRORS[type]) return BODY_ERRORS[type];
  // zlib's own words ("incorrect header check") for a body that says it is compressed and is not.
  if (typeof code === 'string' && code.startsWith('Z_'))
    return 'The request body could not be decompressed';
  return error instanceof Error && error.message ? error.message : 'Bad request';
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof HttpError) {
      res
        .set(error.headers)
        .status(error.status)
        .json({ ...error.details, error: error.message });
      return;
    }
    // body-parser and friends mark client errors with a status (malformed JSON, too large, bad charset).
    const status =
      (error as { status?: unknown; statusCode?: unknown }).status ??
      (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ error: clientErrorMessage(error) });
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

/** Node's parser errors and the answer each gets (as Node's own default handler picks them). */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The request is too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * For a server's 'clientError': a request Node's HTTP parser refuses before any route sees it (not valid
 * HTTP, headers over 16 KB, a body with no length after a method that has none, too slow to arrive) gets a
 * JSON error like every other refusal, instead of Node's bare status line.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: Buffer },
  socket: Socket,
): void {
  // Gone, or an answer already started on this connection: nothing sensible can be written.
  if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'The request is not valid HTTP',
  ];
  // An answer to HEAD has no body, whatever its Content-Length says: a client reads any bytes after the
  // headers as a second, broken answer. The request line is in what the parser saw.
  const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  const json = JSON.stringify({ error: message });
  const body = head ? '' : json;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
