/**
 * A company's users on its admin page: claim status, who can sign in for it (name, e-mail, role, status,
 * last sign-in), and staff's Suspend / Restore. Suspending is the account's (one person may work for several
 * companies): it ends every session of the account at once, and the gate refuses it until restored.
 */
import type { Knex } from 'knex';
import type { AdminCompanyUser, AdminCompanyUsers, MoverUserStatus } from '@moveratlas/contracts';
import { notFound } from '../../../lib/http-error';
import { endUserSessions } from '../mover-sessions';

interface UserRow {
  id: number | string;
  name: string;
  email: string;
  role: 'owner' | 'staff';
  status: string;
  suspended_reason: string | null;
  last_login_at: number | string | null;
  added_at: number | string;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function userOf(row: UserRow): AdminCompanyUser {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    role: row.role === 'owner' ? 'owner' : 'staff',
    status: row.status === 'suspended' ? 'suspended' : 'active',
    suspendedReason: row.suspended_reason,
    lastLoginAt: row.last_login_at === null ? null : iso(row.last_login_at),
    addedAt: iso(row.added_at),
  };
}

const usersQuery = (db: Knex | Knex.Transaction, companyId: number) =>
  db('company_users as cu')
    .join('mover_users as u', 'u.id', 'cu.user_id')
    .where('cu.company_id', companyId)
    .select(
      'u.id',
      'u.name',
      'u.email',
      'cu.role',
      'u.status',
      'u.suspended_reason',
      'u.last_login_at',
      'cu.created_at as added_at',
    );

export async function companyUsers(db: Knex, companyId: number): Promise<AdminCompanyUsers> {
  const company = (await db('companies').where({ id: companyId }).first('claimed_at')) as
    { claimed_at: number | string | null } | undefined;
  if (!company) throw notFound(`There is no company ${companyId}`);
  const rows = (await usersQuery(db, companyId).orderByRaw(
    "case when cu.role = 'owner' then 0 else 1 end, u.name, u.id",
  )) as UserRow[];
  return {
    claimedAt: company.claimed_at === null ? null : iso(company.claimed_at),
    users: rows.map(userOf),
  };
}

export async function companyUser(
  db: Knex | Knex.Transaction,
  companyId: number,
  userId: number,
): Promise<AdminCompanyUser> {
  const row = (await usersQuery(db, companyId).andWhere('u.id', userId).first()) as
    UserRow | undefined;
  if (!row) throw notFound('This person is not a user of this company');
  return userOf(row);
}

/** Sets an account's status; suspending ends all its sessions in the same transaction. */
export async function setMoverUserStatus(
  trx: Knex.Transaction,
  userId: number,
  status: MoverUserStatus,
  reason: string,
  now: number,
): Promise<void> {
  await trx('mover_users')
    .where({ id: userId })
    .update({
      status,
      suspended_reason: status === 'suspended' ? reason || null : null,
      updated_at: now,
    });
  if (status === 'suspended') await endUserSessions(trx, userId);
}
