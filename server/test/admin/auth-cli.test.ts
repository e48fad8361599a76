/**
 * `npm run admin -- create|set-password <username>`: the rules a new password must meet, a password change
 * ending the admin's sessions, and the command itself run as an operator would, the password piped in.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { openDatabase } from '../../src/db/connection';
import { AdminCommandError, runAdminCommand } from '../../src/features/auth/admin-command';
import { verifyPassword } from '../../src/features/auth/passwords';
import { createSession } from '../../src/features/auth/sessions';
import { testDatabases } from '../databases';

const NAME = 'auth-cli-test-ops';
const GOOD = 'amber falcon ledger 18';
const password = (value: string) => () => Promise.resolve(value);
const timeouts = { idleTimeoutMs: 60_000, absoluteTimeoutMs: 3_600_000 };

describe.each(testDatabases())('the admin command on $name', (database) => {
  let db: Knex;
  beforeAll(() => {
    db = openDatabase(database.config);
  });
  afterAll(async () => {
    await db('admin_users').where({ username: NAME }).delete();
    await db.destroy();
  });

  const hashOf = async () =>
    (
      (await db('admin_users').where({ username: NAME }).first('password_hash')) as {
        password_hash: string;
      }
    ).password_hash;

  it('refuses short, common and username-bearing passwords, creating nothing', async () => {
    for (const [candidate, message] of [
      ['short-pass', 'Password must be at least 12 characters'],
      ['password123456', 'Password is too common or predictable; choose another'],
      ['qwertyuiopasdf', 'Password is too common or predictable; choose another'],
      [`my-${NAME}-2024`, 'Password must not contain the username'],
    ] as const) {
      await expect(runAdminCommand(db, 'create', NAME, password(candidate))).rejects.toThrow(
        new AdminCommandError(message),
      );
    }
    expect(await db('admin_users').where({ username: NAME }).first()).toBeUndefined();
  });

  it('creates an admin with an argon2id hash, once', async () => {
    expect(await runAdminCommand(db, 'create', NAME, password(GOOD))).toBe(
      `Admin "${NAME}" created.`,
    );
    const hash = await hashOf();
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, GOOD)).toBe(true);
    await expect(runAdminCommand(db, 'create', NAME, password(GOOD))).rejects.toThrow(
      /already exists; use set-password/,
    );
  });

  it('changes the password and ends every session of that admin', async () => {
    const { id } = (await db('admin_users').where({ username: NAME }).first('id')) as {
      id: number;
    };
    for (let i = 0; i < 2; i++)
      await createSession(db, timeouts, { adminId: id, ip: undefined, userAgent: undefined });
    const next = 'cobalt meadow piano 64';
    expect(await runAdminCommand(db, 'set-password', NAME, password(next))).toBe(
      `Password of admin "${NAME}" changed; 2 sessions ended.`,
    );
    expect(await verifyPassword(await hashOf(), next)).toBe(true);
    expect(await db('admin_sessions').where({ admin_id: id }).first()).toBeUndefined();
    await expect(
      runAdminCommand(db, 'set-password', 'auth-cli-test-nobody', password(next)),
    ).rejects.toThrow(/There is no admin/);
  });

  it('refuses bad usernames and unknown commands', async () => {
    await expect(runAdminCommand(db, 'create', 'a b', password(GOOD))).rejects.toThrow(
      /3-64 letters/,
    );
    await expect(runAdminCommand(db, 'delete', NAME, password(GOOD))).rejects.toThrow(/usage/);
    await expect(runAdminCommand(db, 'create', undefined, password(GOOD))).rejects.toThrow(/usage/);
  });
});

describe('npm run admin', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-admin-cli-'));
  const serverDir = path.resolve(import.meta.dirname, '../..');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = (args: string[], input: string) =>
    spawnSync('npm', ['run', '-s', 'admin', '--', ...args], {
      cwd: serverDir,
      input,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: path.join(dir, 'cli.sqlite'), LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });

  it('reads the password from standard input and never accepts a weak one', () => {
    const weak = run(['create', 'ops-cli'], 'letmein123456\n');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('Password is too common or predictable; choose another');

    const created = run(['create', 'ops-cli'], `${GOOD}\nignored second line\n`);
    expect(created.stderr).not.toMatch(/error/i);
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Admin "ops-cli" created.');

    const db = openDatabase({ client: 'sqlite', filename: path.join(dir, 'cli.sqlite') });
    return db('admin_users')
      .where({ username: 'ops-cli' })
      .first('password_hash')
      .then(async (row: { password_hash: string }) => {
        expect(await verifyPassword(row.password_hash, GOOD)).toBe(true);
      })
      .finally(() => db.destroy());
  }, 90_000);
});
