/**
 * Same-origin calls to the JSON API (spec 7.1) and their error texts (spec 8), plus the default query
 * function TanStack Query uses: a key's first element is the path, a second element that is an object is
 * appended as the query string, and a plain string key is the path itself. Spec 8's texts ("API Error: …",
 * "Invalid JSON response from server") are the errors' messages, for the console; what a page shows is
 * `loadFailureMessage` here and `failureMessage` in failure-message.ts (issue 15).
 */
import type { QueryFunction } from '@tanstack/react-query';
import { OFFLINE_MESSAGE, SERVER_TROUBLE_MESSAGE, isNetworkFailure } from '@moveratlas/contracts';

export class ApiError extends Error {
  /** The server's own reason (its JSON `error`), without spec 8's "API Error: " prefix. */
  readonly reason: string;
  constructor(
    readonly status: number,
    message: string,
    /** The answer's JSON, when it says more than `error` (a 409's record as saved now). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.reason = message.replace(/^API Error: /, '');
  }
}

/**
 * What a page tells a visitor when its own read fails (the featured list), in plain words with what to do:
 * nothing the visitor sent can be refused there, so only the connection or the server can have failed. A
 * form's failure is lib/failure-message.ts, apart so that the home page does not load the wording of refusals
 * (bench:bundle: its 130 KB budget).
 */
export function loadFailureMessage(error: unknown): string {
  // Nothing came back (offline, a dropped connection), or a lazy page's file did not load.
  return isNetworkFailure(error) ? OFFLINE_MESSAGE : SERVER_TROUBLE_MESSAGE;
}

export interface ApiResult<T> {
  data: T;
  headers: Headers;
}

/** The reason a failed response gives: its JSON `error`, else `message`, else the status text. */
async function failure(response: Response): Promise<{ reason: string; body?: unknown }> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { reason: `${response.status} ${response.statusText}`.trim() };
  }
  if (body !== null && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error !== '') return { reason: error, body };
    if (typeof message === 'string' && message !== '') return { reason: message, body };
  }
  return { reason: response.statusText, body };
}

/** Like apiRequest, and also hands back the response headers (X-Total-Count and the like). */
export async function apiRequestWithHeaders<T>(
  path: string,
  init: RequestInit = {},
): Promise<ApiResult<T>> {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const response = await fetch(path, { credentials: 'same-origin', ...init, headers });
  if (!response.ok) {
    const { reason, body } = await failure(response);
    throw new ApiError(response.status, `API Error: ${reason}`, body);
  }
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  let data: T;
  try {
    data = (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, 'Invalid JSON response from server');
  }
  return { data, headers: response.headers };
}

/** Any method (GET by default) to a same-origin path, JSON in and out. */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, init)).data;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isSameOriginPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

/** Appends an object's defined values as a query string. */
export function withQuery(path: string, params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(name, String(value));
  }
  const query = search.toString();
  if (query === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** The path a query key names; any other shape raises 'Invalid query key'. */
export function queryKeyToPath(queryKey: unknown): string {
  if (isSameOriginPath(queryKey)) return queryKey;
  if (Array.isArray(queryKey) && isSameOriginPath(queryKey[0])) {
    if (queryKey.length === 1) return queryKey[0];
    if (queryKey.length === 2 && isPlainObject(queryKey[1]))
      return withQuery(queryKey[0], queryKey[1]);
  }
  throw new Error('Invalid query key');
}

export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) =>
  apiRequest<unknown>(queryKeyToPath(queryKey), { signal });
