/**
 * A company's team as the /pro Team screen reads and changes it: its people with their role, last sign-in
 * and status, and its open invitations. A company keeps one owner at least: the count of owners is a
 * locking read inside the change's transaction, so two owners demoting each other at once cannot leave none.
 */
import type { Knex } from 'knex';
import {
  PRO_LAST_OWNER,
  type CompanyUserRole,
  type ProTeam,
  type ProTeamInvitation,
  type ProTeamMember,
} from '@moveratlas/contracts';
import { HttpError } from '../../../lib/http-error';

type Db = Knex | Knex.Transaction;

export const NO_SUCH_MEMBER = 'That person is not on this team';
export const NO_SUCH_INVITATION = 'That invitation is not open any more';

const asRole = (role: string): CompanyUserRole => (role === 'owner' ? 'owner' : 'staff');
const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

interface MemberRow {
  user_id: number;
  name: string;
  email: string;
  role: string;
  last_login_at: number | string | null;
  status: string;
  password_hash: string | null;
  created_at: number | string;
}

export async function teamMembers(db: Db, companyId: number): Promise<ProTeamMember[]> {
  const rows = (await db('company_users as m')
    .join('mover_users as u', 'u.id', 'm.user_id')
    .where('m.company_id', companyId)
    .orderBy([{ column: 'u.name' }, { column: 'u.id' }])
    .select(
      'm.user_id',
      'u.name',
      'u.email',
      'm.role',
      'u.last_login_at',
      'u.status',
      'u.password_hash',
      'm.created_at',
    )) as MemberRow[];
  return rows.map((row) => ({
    userId: Number(row.user_id),
    name: row.name,
    email: row.email,
    role: asRole(row.role),
    lastSignInAt: num(row.last_login_at),
    status: row.status === 'suspended' ? 'suspended' : 'active',
    hasPassword: row.password_hash !== null,
    joinedAt: Number(row.created_at),
  }));
}

export async function openInvitations(
  db: Db,
  companyId: number,
  now = Date.now(),
): Promise<ProTeamInvitation[]> {
  const rows = (await db('mover_tokens as t')
    .leftJoin('mover_users as u', 'u.id', 't.created_by_user_id')
    .where({ 't.company_id': companyId, 't.purpose': 'invitation' })
    .whereNull('t.used_at')
    .andWhere('t.expires_at', '>', now)
    .orderBy([
      { column: 't.created_at', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ])
    .select('t.id', 't.email', 't.role', 't.created_at', 't.expires_at', 'u.name')) as Array<{
    id: number;
    email: string;
    role: string | null;
    created_at: number | string;
    expires_at: number | string;
    name: string | null;
  }>;
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    role: asRole(row.role ?? 'staff'),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    invitedBy: row.name,
  }));
}

export async function team(db: Db, companyId: number): Promise<ProTeam> {
  const [members, invitations] = await Promise.all([
    teamMembers(db, companyId),
    openInvitations(db, companyId),
  ]);
  return { members, invitations };
}

/** One member of the company, or 404: another company's people are not found here. */
export async function memberOf(
  db: Db,
  companyId: number,
  userId: number,
): Promise<{ id: number; userId: number; role: CompanyUserRole; name: string; email: string }> {
  const row = (await db('company_users as m')
    .join('mover_users as u', 'u.id', 'm.user_id')
    .where({ 'm.company_id': companyId, 'm.user_id': userId })
    .first('m.id', 'm.user_id', 'm.role', 'u.name', 'u.email')) as
    { id: number; user_id: number; role: string; name: string; email: string } | undefined;
  if (!row) throw new HttpError(404, NO_SUCH_MEMBER);
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    role: asRole(row.role),
    name: row.name,
    email: row.email,
  };
}

/** Throws 409 unless the company still has an owner (call after the change, in its transaction). */
export async function keepAnOwner(trx: Knex.Transaction, companyId: number): Promise<void> {
  const left = (await trx('company_users')
    .where({ company_id: companyId, role: 'owner' })
    .forUpdate()
    .count({ n: '*' })
    .first()) as { n: number | string };
  if (Number(left.n) === 0) throw new HttpError(409, PRO_LAST_OWNER);
}

/** Reads a positive id from a path parameter; 404 with `message` for anything else. */
export function idParam(raw: unknown, message: string): number {
  const text = String(raw ?? '');
  if (!/^[1-9]\d{0,9}$/.test(text)) throw new HttpError(404, message);
  return Number(text);
}
