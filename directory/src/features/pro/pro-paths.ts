/**
 * The movers' pages and the API paths they call, with nothing heavy imported: the sign-in pages are public
 * pages with a JavaScript budget, and the /pro area's modules load only when it is opened; both read these.
 */
import {
  PRO_ACCOUNT_PASSWORD_PATH,
  PRO_AUTH_STATUS_PATH,
  PRO_FORGOT_PASSWORD_PATH,
  PRO_LOGIN_PATH,
  PRO_LOGOUT_PATH,
  PRO_RESET_PASSWORD_PATH,
  trimTrailingSlashes,
} from '@moveratlas/contracts';

export const PRO_HOME = '/pro';
export const PRO_LOGIN = '/pro/login';
export const PRO_FORGOT_PASSWORD = '/pro/forgot-password';
export const PRO_RESET_PASSWORD = '/pro/reset-password';
export const PRO_ACCOUNT = '/pro/account';

/** Where a mover looks up its listing to claim it, and where a company not listed yet applies. */
export const CLAIM_LISTING_PATH = '/search';
export const LIST_YOUR_COMPANY_PATH = '/list-your-company';

/** The movers' API endpoints these pages call (contracts/src/pro-api-paths.ts). */
export const PRO_ENDPOINTS = {
  login: PRO_LOGIN_PATH,
  logout: PRO_LOGOUT_PATH,
  status: PRO_AUTH_STATUS_PATH,
  forgotPassword: PRO_FORGOT_PASSWORD_PATH,
  resetPassword: PRO_RESET_PASSWORD_PATH,
  accountPassword: PRO_ACCOUNT_PASSWORD_PATH,
} as const;

/** The TanStack Query key of GET /api/pro/auth/status: the guard, the layout and sign-out share it. */
export const PRO_AUTH_STATUS_KEY = [PRO_ENDPOINTS.status] as const;

/** A company's screen (a page, not the API's contracts `proCompanyPath`): `/pro/companies/12/leads`. */
export const proScreenPath = (companyId: number | string, screen: string): string =>
  `/pro/companies/${companyId}/${screen}`;

/** The sign-in page, then back to `returnTo`; `expired` when the session ended under the mover's hands. */
export function proLoginPath(returnTo?: string, expired = false): string {
  const query = new URLSearchParams();
  if (returnTo && returnTo !== PRO_HOME) query.set('next', returnTo);
  if (expired) query.set('reason', 'expired');
  const search = query.toString();
  return search ? `${PRO_LOGIN}?${search}` : PRO_LOGIN;
}

/** The sign-in pages themselves: never a place to return to after signing in. */
const SIGN_IN_PAGES = [PRO_LOGIN, PRO_FORGOT_PASSWORD, PRO_RESET_PASSWORD];

/**
 * The /pro page to return to after signing in, from `?next=`: only a path of this site's /pro area (with
 * its query); anything else — another site, `//host`, a backslash, a control character, a sign-in page —
 * gives undefined, so a crafted link can never send a mover elsewhere.
 */
export function proReturnPath(next: string | null | undefined): string | undefined {
  if (!next || next.length > 2000 || !next.startsWith(PRO_HOME)) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return undefined;
  let url: URL;
  try {
    url = new URL(next, 'https://moveratlas.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'https://moveratlas.invalid') return undefined;
  const path = trimTrailingSlashes(url.pathname) || '/';
  if (path !== PRO_HOME && !path.startsWith(`${PRO_HOME}/`)) return undefined;
  if (SIGN_IN_PAGES.includes(path)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
