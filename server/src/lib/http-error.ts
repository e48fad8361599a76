/**
 * An error with the HTTP status and the message the client sees as `{ "error": message }`, with `details`
 * beside it when the client needs more to act on (a 409's record as saved now: docs/decisions/028).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
