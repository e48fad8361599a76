/**
 * What `npm run admin -- create|set-password <username>` does, apart from reading the terminal: checks the
 * username and the new password against the rules, then creates the admin or resets its password. A reset
 * ends every session of that admin and forgets its devices, so whoever knew the old password is signed
 * out, and it is logged (the operator's record of who was reset when).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ADMIN_ROLES, isAdminRole } from '@moveratlas/contracts';
import { recordAudit } from '../audit';
import { HttpError } from '../../lib/http-error';
import { setAdminRole } from './admin/admin-user-admin';
import { createAdminIfMissing, setAdminPassword } from './admin-users';
import { passwordProblem } from './password-policy';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{3,64}$/;
export const ADMIN_USAGE =
  'usage: npm run admin -- create <username> | set-password <username> | set-role <username> <role>\n' +
  '  The password is asked for twice on a terminal, or read from the first line of standard input.\n' +
  `  Roles: ${ADMIN_ROLES.join(', ')}. An admin created here is an owner.`;

/** Who the audit log names for a change made at the command line. */
const CLI_ACTOR = { id: null, username: 'npm run admin', role: null, ip: null };

export class AdminCommandError extends Error {}

export async function runAdminCommand(
  db: Knex,
  command: string | undefined,
  username: string | undefined,
  readPassword: () => Promise<string>,
  logger?: Logger,
  role?: string,
): Promise<string> {
  if (command === 'set-role' && username) return setRole(db, username, role, logger);
  if ((command !== 'create' && command !== 'set-password') || !username)
    throw new AdminCommandError(ADMIN_USAGE);
  if (!USERNAME_PATTERN.test(username))
    throw new AdminCommandError('The username must be 3-64 letters, digits or _ . @ -');
  const existing = (await db('admin_users').where({ username }).first('id')) as
    { id: number } | undefined;
  if (command === 'create' && existing)
    throw new AdminCommandError(
      `The admin "${username}" already exists; use set-password to change its password`,
    );
  if (command === 'set-password' && !existing)
    throw new AdminCommandError(`There is no admin "${username}"; use create`);
  const password = await readPassword();
  const problem = passwordProblem(password, username);
  if (problem) throw new AdminCommandError(problem);
  if (command === 'create') {
    // A create racing another for the same name must not turn into a reset.
    if ((await createAdminIfMissing(db, username, password)) === 'exists')
      throw new AdminCommandError(`The admin "${username}" already exists`);
    logger?.info({ username }, 'admin user created (npm run admin)');
    return `Admin "${username}" created.`;
  }
  const { endedSessions: ended } = await setAdminPassword(db, username, password);
  logger?.warn(
    { username, endedSessions: ended },
    'admin password reset (npm run admin -- set-password); its sessions ended',
  );
  return `Password of admin "${username}" changed; ${ended} session${ended === 1 ? '' : 's'} ended.`;
}

/** `set-role <username> <role>`: the same rule as the Settings screen (the last owner keeps its role), audited. */
async function setRole(
  db: Knex,
  username: string,
  role: string | undefined,
  logger?: Logger,
): Promise<string> {
  if (!isAdminRole(role))
    throw new AdminCommandError(`The role must be one of: ${ADMIN_ROLES.join(', ')}`);
  const existing = (await db('admin_users').where({ username }).first('id')) as
    { id: number } | undefined;
  if (!existing) throw new AdminCommandError(`There is no admin "${username}"`);
  try {
    await setAdminRole(db, Number(existing.id), role, (trx, row) =>
      recordAudit(trx, CLI_ACTOR, {
        action: 'admin_user.update',
        entityType: 'admin_user',
        entityId: existing.id,
        summary: `Changed the role of ${username}: ${row.before} → ${role} (npm run admin)`,
        before: { role: row.before },
        after: { role },
      }),
    );
  } catch (error) {
    if (error instanceof HttpError) throw new AdminCommandError(error.message);
    throw error;
  }
  logger?.warn({ username, role }, 'admin role set (npm run admin -- set-role)');
  return `Admin "${username}" is now ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}.`;
}
