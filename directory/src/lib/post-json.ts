/**
 * The public pages' calls (/pro/login, /pro/forgot-password, /pro/reset-password, /my-request): a JSON POST and
 * its outcome in words a person reads. No TanStack Query and no zod here: these are public pages inside the
 * site's JavaScript budget (bench/bundle-size.ts), and nothing they send needs the signed-in machinery.
 */
import { OFFLINE_MESSAGE, SERVER_TROUBLE_MESSAGE } from '@moveratlas/contracts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts from here. Wait a few minutes, then try again.';

export type PostOutcome<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

/** The server's own reason (`error`, else `message`), when it gave one in words. */
function reasonOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (typeof message === 'string' && message.trim() !== '') return message;
  return undefined;
}

/**
 * POSTs `body` as JSON to `path`. A refusal (4xx) comes back with the server's reason, or `fallback`; a
 * throttle (429) with its wait; a server failure or no answer at all in plain words, never a status line.
 */
export async function postJson<T>(
  path: string,
  body: unknown,
  fallback: string,
): Promise<PostOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: OFFLINE_MESSAGE };
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    // An unreadable body: the status decides.
  }
  if (response.ok) return { ok: true, body: parsed as T };
  const { status } = response;
  if (status === 429) return { ok: false, status, message: reasonOf(parsed) ?? TOO_MANY_ATTEMPTS };
  if (status >= 500) return { ok: false, status, message: SERVER_TROUBLE_MESSAGE };
  return { ok: false, status, message: reasonOf(parsed) ?? fallback };
}
