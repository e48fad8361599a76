/**
 * Movers for the /api/pro tests: an account made straight in the database (with a password and a company
 * membership), and a signed-in client that sends its cookies and, on writes, its CSRF header. Every test
 * makes its own addresses (a unique prefix), so tests running beside each other never share an account.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  CSRF_HEADER,
  PRO_CSRF_COOKIE,
  PRO_SESSION_COOKIE,
  type CompanyUserRole,
} from '@moveratlas/contracts';
import { hashPassword } from '../../src/features/auth/passwords';
import { cookieValue } from '../admin-session';

export const MOVER_PASSWORD = 'violet harbor tractor 58';

export interface TestMover {
  id: number;
  email: string;
  password: string;
}

/** A new active account, member of `companyId` with `role` when given. */
export async function createMover(
  db: Knex,
  options: { companyId?: number; role?: CompanyUserRole; name?: string; email?: string } = {},
): Promise<TestMover> {
  const email = options.email ?? `mover-${randomUUID().slice(0, 12)}@movers.test`;
  const now = Date.now();
  const [id] = (await db('mover_users').insert({
    email,
    name: options.name ?? 'Test Mover',
    password_hash: await hashPassword(MOVER_PASSWORD),
    status: 'active',
    created_at: now,
    updated_at: now,
  })) as number[];
  if (options.companyId !== undefined)
    await db('company_users').insert({
      company_id: options.companyId,
      user_id: Number(id),
      role: options.role ?? 'owner',
      created_at: now,
    });
  return { id: Number(id), email, password: MOVER_PASSWORD };
}

export interface MoverClient {
  cookie: string;
  csrfToken: string;
  /** fetch with the cookies; JSON bodies get their content type; non-GET requests get the CSRF header. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** Signs a mover in over HTTP as the /pro/login form does (from `ip`, so tests never share a throttle). */
export async function signInMover(
  baseUrl: string,
  mover: { email: string; password: string },
  ip = `198.18.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 254)}`,
): Promise<MoverClient> {
  const response = await fetch(`${baseUrl}/api/pro/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ email: mover.email, password: mover.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return moverClient(baseUrl, response);
}

/** A client from a response that signed someone in (sign-in, reset, claim, invitation). */
export function moverClient(baseUrl: string, response: Response): MoverClient {
  const session = cookieValue(response, PRO_SESSION_COOKIE);
  const csrfToken = cookieValue(response, PRO_CSRF_COOKIE);
  if (!session || !csrfToken) throw new Error('the response set no pro session or CSRF cookie');
  const cookie = `${PRO_SESSION_COOKIE}=${session}; ${PRO_CSRF_COOKIE}=${csrfToken}`;
  return {
    cookie,
    csrfToken,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('Cookie', cookie);
      const method = (init.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && method !== 'HEAD') headers.set(CSRF_HEADER, csrfToken);
      if (typeof init.body === 'string' && !headers.has('Content-Type'))
        headers.set('Content-Type', 'application/json');
      return fetch(baseUrl + path, { ...init, headers });
    },
  };
}

/** Removes what createMover made (its sessions, links and memberships go with it). */
export async function removeMovers(db: Knex, ids: number[]): Promise<void> {
  if (ids.length > 0) await db('mover_users').whereIn('id', ids).delete();
}
