/**
 * TEMPORARY until the lead's foundation lands: the names of contracts/src/pro-auth.ts as pro-spec.md gives
 * them. Replaced by imports from @moveratlas/contracts at the merge.
 */
import { cookieFromHeader } from '@moveratlas/contracts';

export type ProCompanyRole = 'owner' | 'staff';
export interface ProCompany {
  id: number;
  slug: string;
  name: string;
  role: ProCompanyRole;
}
export interface ProUser {
  id: number;
  email: string;
  name: string;
}
export type ProAuthStatus =
  { isAuthenticated: false } | { isAuthenticated: true; user: ProUser; companies: ProCompany[] };

export const proCsrfTokenFromCookies = (cookies: string | undefined) =>
  cookieFromHeader(cookies, '__Host-ma_pro_csrf') ?? cookieFromHeader(cookies, 'ma_pro_csrf');
