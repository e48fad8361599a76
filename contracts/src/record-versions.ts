/**
 * No lost work in the admin (docs/decisions/028): the shapes every versioned admin record shares. A save
 * names the version it was based on; when someone else saved since, the server answers 409 with the record
 * as it is now and the fields that differ from what was sent, so the form can offer a merge instead of
 * overwriting. Zod-free: the login page and the public pages may import the plain rules here.
 */

/** The request header of a create that must happen once, however often it is sent (a UUID per form). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** What an idempotency key may be: a UUID or any 8–100 URL-safe characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** How long a create's key is remembered (a replay after that creates again). */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** One field a 409 names: its label in words, the value the refused save sent, and the value saved now. */
export interface ChangedField {
  field: string;
  label: string;
  yours: unknown;
  theirs: unknown;
}

/** The body of a 409 to a save based on an old version. */
export interface StaleWriteBody<T> {
  error: string;
  current: T;
  changed: ChangedField[];
}

/** True when a 409's body is a stale-write answer (a 409 may also be a taken slug, with only `error`). */
export function isStaleWriteBody<T>(body: unknown): body is StaleWriteBody<T> {
  if (typeof body !== 'object' || body === null) return false;
  const { current, changed } = body as { current?: unknown; changed?: unknown };
  return typeof current === 'object' && current !== null && Array.isArray(changed);
}

/** Two field values alike for a merge: JSON equality, so lists and nulls compare by what they hold. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The admin page to return to after signing in, from `?next=`: only a path of this site's admin area
 * (`/admin`, `/admin/…`, with its query); anything else — another site, `//host`, a backslash, a control
 * character, the login page itself — gives undefined, so a link can never send a person elsewhere.
 */
export function adminReturnPath(next: string | null | undefined): string | undefined {
  if (!next || next.length > 2000) return undefined;
  if (!next.startsWith('/admin')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(next) || next.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(next, 'https://moveratlas.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'https://moveratlas.invalid') return undefined;
  if (url.pathname !== '/admin' && !url.pathname.startsWith('/admin/')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
