/**
 * Movers' accounts and their companies. An account is a mailbox (mover_users.email, lower-case); it belongs
 * to companies through company_users with a role, owner or staff.
 */
import type { Knex } from 'knex';
import { isUniqueViolation } from '../../db/dialect';
import type { CompanyUserRole, ProCompany } from '@moveratlas/contracts';

type Db = Knex | Knex.Transaction;

export interface MoverUserRow {
  id: number;
  email: string;
  name: string;
  password_hash: string | null;
  status: string;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findMoverUserByEmail(
  db: Db,
  email: string,
): Promise<MoverUserRow | undefined> {
  const row = (await db('mover_users')
    .where({ email: normaliseEmail(email) })
    .first('id', 'email', 'name', 'password_hash', 'status')) as MoverUserRow | undefined;
  return row && { ...row, id: Number(row.id) };
}

/**
 * The account of `email`, made (without a password) when there is none. Two requests making the same one
 * at once: the second finds the first's row.
 */
export async function findOrCreateMoverUser(
  db: Db,
  person: { email: string; name: string },
  now = Date.now(),
): Promise<{ id: number; created: boolean }> {
  const email = normaliseEmail(person.email);
  const existing = await findMoverUserByEmail(db, email);
  if (existing) return { id: existing.id, created: false };
  try {
    const [id] = (await db('mover_users').insert({
      email,
      name: person.name.trim().slice(0, 120),
      status: 'active',
      created_at: now,
      updated_at: now,
    })) as number[];
    // MySQL answers the insert id; on SQLite knex answers it too (better-sqlite3's lastInsertRowid).
    return { id: Number(id), created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await findMoverUserByEmail(db, email);
    if (!row) throw error;
    return { id: row.id, created: false };
  }
}

/** Makes `userId` a member of the company with `role`; an existing member gets the role. */
export async function addCompanyUser(
  db: Db,
  member: { companyId: number; userId: number; role: CompanyUserRole },
  now = Date.now(),
): Promise<void> {
  const existing = (await db('company_users')
    .where({ company_id: member.companyId, user_id: member.userId })
    .first('id')) as { id: number } | undefined;
  if (existing) {
    await db('company_users').where({ id: existing.id }).update({ role: member.role });
    return;
  }
  await db('company_users').insert({
    company_id: member.companyId,
    user_id: member.userId,
    role: member.role,
    created_at: now,
  });
  // A listing's first owner claims it.
  if (member.role === 'owner')
    await db('companies')
      .where({ id: member.companyId })
      .whereNull('claimed_at')
      .update({ claimed_at: now });
}

/** The companies a person belongs to, by name. */
export async function companiesOf(db: Db, userId: number): Promise<ProCompany[]> {
  const rows = (await db('company_users as m')
    .join('companies as c', 'c.id', 'm.company_id')
    .where('m.user_id', userId)
    .orderBy([{ column: 'c.name' }, { column: 'c.id' }])
    .select('c.id', 'c.slug', 'c.name', 'm.role')) as Array<{
    id: number;
    slug: string;
    name: string;
    role: string;
  }>;
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    role: row.role === 'owner' ? 'owner' : 'staff',
  }));
}

/** The person's membership of one company, with the company; undefined when they are not a member. */
export async function membership(
  db: Db,
  userId: number,
  companyId: number,
): Promise<ProCompany | undefined> {
  const row = (await db('company_users as m')
    .join('companies as c', 'c.id', 'm.company_id')
    .where({ 'm.user_id': userId, 'm.company_id': companyId })
    .first('c.id', 'c.slug', 'c.name', 'm.role')) as
    { id: number; slug: string; name: string; role: string } | undefined;
  return (
    row && {
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      role: row.role === 'owner' ? 'owner' : 'staff',
    }
  );
}
