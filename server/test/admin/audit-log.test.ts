/**
 * What the audit log holds for the changes staff ask about (docs/decisions/027): a company's edit (only the
 * fields that changed), its deletion (the whole record), a partner's edit, an admin's creation (never a
 * password or its hash), a backup's download; the list's filters and pages; roles an owner changes (never
 * leaving no owner) and the command line's set-role, audited too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageSchema, type AuditEvent, type AuditPage } from '@moveratlas/contracts';
import { setAdminPassword } from '../../src/features/auth/admin-users';
import { runAdminCommand } from '../../src/features/auth/admin-command';
import { recordAudit } from '../../src/features/audit';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { austinCompanyForm } from '../support/company-form';

const PREFIX = 'audit-log';
const PASSWORD = 'granite lantern audit meadow 4417';

describe.each(testDatabases())('the audit log on $name', (database) => {
  let app: TestApp;
  let owner: AdminClient;
  const word = randomUUID().slice(0, 8);
  const ownerName = `${PREFIX}-owner-${word}`;

  const log = async (query: Record<string, string>): Promise<AuditPage> => {
    const res = await owner.request(`/api/admin/audit?${new URLSearchParams(query).toString()}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return AuditPageSchema.parse(await res.json());
  };
  const latest = async (action: string, entityId?: string): Promise<AuditEvent> => {
    const page = await log({ actor: ownerName, action, ...(entityId ? { entityId } : {}) });
    expect(page.items.length, action).toBeGreaterThan(0);
    return page.items[0]!;
  };

  beforeAll(async () => {
    app = await startTestApp(database.config);
    await setAdminPassword(app.db, ownerName, PASSWORD);
    owner = await loginAsAdmin(app.baseUrl, { username: ownerName, password: PASSWORD });
  });

  afterAll(async () => {
    await app.db('companies').where('name', 'like', `%${word}%`).delete();
    await app.db('partners').where('site_id', 'like', `${PREFIX}-%`).delete();
    await app.db('admin_users').where('username', 'like', `${PREFIX}-%`).delete();
    await app.db('audit_events').where('actor_username', 'like', `${PREFIX}-%`).delete();
    await app.db('audit_events').where('summary', 'like', `%${word}%`).delete();
    await app.close();
  });

  it('keeps only the changed fields of a company edit, and the whole record of a deletion', async () => {
    const created = await owner.request('/api/admin/companies', {
      method: 'POST',
      body: JSON.stringify(austinCompanyForm(`Acme Movers ${word}`)),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const create = await latest('company.create', String(id));
    expect(create.after).toMatchObject({
      name: `Acme Movers ${word}`,
      city: 'Austin',
      state: 'TX',
    });
    expect(create.before).toBeNull();

    const edit = await owner.request(`/api/admin/companies/${id}`, {
      method: 'PUT',
      body: JSON.stringify({
        ...austinCompanyForm(`Acme Moving Co. ${word}`),
        is_featured: true,
        version: 1,
      }),
    });
    expect(edit.status).toBe(200);
    const update = await latest('company.update', String(id));
    expect(update).toMatchObject({
      entityType: 'company',
      entityId: String(id),
      outcome: 'succeeded',
      actor: { username: ownerName, role: 'owner' },
      before: { name: `Acme Movers ${word}`, is_featured: false },
      after: { name: `Acme Moving Co. ${word}`, is_featured: true },
    });
    // Only what changed (the slug stays what it was: the form sent none).
    expect(Object.keys(update.after!).sort()).toEqual(['is_featured', 'name']);
    expect(update.summary).toBe(`Updated company Acme Moving Co. ${word}: name, is_featured`);

    // Saving the same values again is no change, and records nothing.
    const again = await owner.request(`/api/admin/companies/${id}`, {
      method: 'PUT',
      body: JSON.stringify({
        ...austinCompanyForm(`Acme Moving Co. ${word}`),
        is_featured: true,
        version: 2,
      }),
    });
    expect(again.status).toBe(200);
    expect((await log({ action: 'company.update', entityId: String(id) })).total).toBe(1);

    expect((await owner.request(`/api/admin/companies/${id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    const deletion = await latest('company.delete', String(id));
    expect(deletion.after).toBeNull();
    expect(deletion.before).toMatchObject({
      name: `Acme Moving Co. ${word}`,
      city: 'Austin',
      state: 'TX',
      is_featured: true,
      services: ['local-moving'],
    });
    // The company's whole history, newest first, as its History link asks for it.
    const history = await log({ entityType: 'company', entityId: String(id) });
    expect(history.items.map((e) => e.action)).toEqual([
      'company.delete',
      'company.update',
      'company.create',
    ]);
  });

  it('records a partner edit field by field', async () => {
    const siteId = `${PREFIX}-${word}`;
    expect(
      (
        await owner.request('/api/admin/settings/partners', {
          method: 'POST',
          body: JSON.stringify({ siteId, name: 'Harbor Realty', allowedOrigins: [] }),
        })
      ).status,
    ).toBe(201);
    const res = await owner.request(`/api/admin/settings/partners/${siteId}`, {
      method: 'PATCH',
      body: JSON.stringify({
        name: 'Harbor Realty Group',
        allowedOrigins: ['https://harbor.example'],
        version: 1,
      }),
    });
    expect(res.status).toBe(200);
    const entry = await latest('partner.update', siteId);
    expect(entry.before).toEqual({ name: 'Harbor Realty', allowedOrigins: [] });
    expect(entry.after).toEqual({
      name: 'Harbor Realty Group',
      allowedOrigins: ['https://harbor.example'],
    });
  });

  it('records an admin’s creation with its role, and no password or hash anywhere in the log', async () => {
    const username = `${PREFIX}-new-${word}`;
    const res = await owner.request('/api/admin/settings/admin-users', {
      method: 'POST',
      body: JSON.stringify({
        username,
        password: 'copper harbor audit willow 8823',
        role: 'editor',
      }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ username, role: 'editor' });
    const entry = await latest('admin_user.create');
    expect(entry.after).toEqual({ username, role: 'editor', password: 'changed' });
    const hash = (
      (await app.db('admin_users').where({ username }).first('password_hash')) as {
        password_hash: string;
      }
    ).password_hash;
    const everything = JSON.stringify(
      await app.db('audit_events').select('summary', 'before_json', 'after_json'),
    );
    expect(everything).not.toContain(hash);
    expect(everything).not.toContain('copper harbor audit willow 8823');
    expect(everything).not.toMatch(/\$argon2/);
  });

  it('records who downloaded a backup, and when', async () => {
    const res = await owner.request('/api/admin/database/backup', { method: 'POST' });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const entry = await latest('database.backup.download');
    const file = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')![1];
    expect(entry).toMatchObject({
      entityType: 'database',
      outcome: 'succeeded',
      actor: { username: ownerName },
      after: { file },
      ip: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(Math.abs(Date.parse(entry.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('filters by who, action, kind, record, outcome and dates, and pages newest first', async () => {
    const actor = { id: null, username: `${PREFIX}-bulk-${word}`, role: null, ip: null };
    // One insert of many rows, as a bulk action records them: 30 on one day, 5 refused on another.
    await recordAudit(
      app.db,
      actor,
      Array.from({ length: 30 }, (_, i) => ({
        action: 'company.flags',
        entityType: 'company',
        entityId: 900_000 + i,
        summary: `Bulk ${word} ${i}`,
      })),
      new Date('2026-11-20T12:00:00.000Z'),
    );
    await recordAudit(
      app.db,
      actor,
      Array.from({ length: 5 }, (_, i) => ({
        action: 'leads.export',
        entityType: 'leads',
        summary: `Refused ${word} ${i}`,
        outcome: 'refused' as const,
      })),
      new Date('2026-11-22T08:00:00.000Z'),
    );
    const first = await log({ actor: actor.username });
    expect(first.total).toBe(35);
    expect(first.items).toHaveLength(25);
    expect(first.actors).toContain(actor.username);
    expect(first.actions).toEqual(expect.arrayContaining(['company.flags', 'leads.export']));
    // Newest first: the later day's entries lead, ids falling throughout.
    expect(first.items.slice(0, 5).map((e) => e.action)).toEqual(Array(5).fill('leads.export'));
    const ids = first.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await log({ actor: actor.username, page: '2' });
    expect(second.items).toHaveLength(10);
    expect(second.items[0]!.id).toBeLessThan(ids.at(-1)!);

    expect((await log({ actor: actor.username, outcome: 'refused' })).total).toBe(5);
    expect((await log({ actor: actor.username, entityType: 'company' })).total).toBe(30);
    expect((await log({ actor: actor.username, action: 'leads.export' })).total).toBe(5);
    expect(
      (await log({ actor: actor.username, entityId: '900007' })).items.map((e) => e.summary),
    ).toEqual([`Bulk ${word} 7`]);
    expect((await log({ actor: actor.username, from: '2026-11-21' })).total).toBe(5);
    expect((await log({ actor: actor.username, to: '2026-11-20' })).total).toBe(30);
    expect((await log({ actor: actor.username, from: '2026-11-21', to: '2026-11-21' })).total).toBe(
      0,
    );

    const bad = await owner.request('/api/admin/audit?from=2026-13-01');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'From must be a date as YYYY-MM-DD' });

    // The export takes the same filters, neutralises formula cells, and is itself recorded.
    await recordAudit(app.db, actor, {
      action: 'company.update',
      entityType: 'company',
      summary: `=HYPERLINK("x") ${word}`,
    });
    const csv = await owner.request(`/api/admin/audit/export.csv?actor=${actor.username}`);
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,actor,actor_role,actor_kind,company_id,action,entity_type,entity_id,summary,before,after,ip,outcome',
    );
    expect(lines).toHaveLength(37);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") ${word}"`);
    expect((await latest('audit.export')).after).toEqual({ filters: { actor: actor.username } });
  });

  it('lets an owner change a role, never leaving the site without an owner, and npm run admin set one', async () => {
    const username = `${PREFIX}-roled-${word}`;
    await setAdminPassword(app.db, username, PASSWORD);
    const { id } = (await app.db('admin_users').where({ username }).first('id')) as { id: number };
    const change = (role: string, target: number | string = id, client = owner) =>
      client.request(`/api/admin/settings/admin-users/${target}`, {
        method: 'PATCH',
        body: JSON.stringify({ role }),
      });
    const res = await change('viewer');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: Number(id), username, role: 'viewer' });
    expect((await latest('admin_user.update', String(id))).before).toEqual({ role: 'owner' });
    expect(await (await change('boss')).json()).toEqual({
      error: 'The role must be one of: viewer, editor, owner',
    });

    // The viewer now reads, but may not change roles, and is told so.
    const viewer = await loginAsAdmin(app.baseUrl, { username, password: PASSWORD });
    const status = await fetch(`${app.baseUrl}/api/auth/status`, {
      headers: { Cookie: viewer.cookie },
    });
    expect(await status.json()).toMatchObject({ username, role: 'viewer' });
    const refused = await change('owner', id, viewer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Your role (viewer) cannot change an admin’s role; an owner can.',
    });

    // The last owner: every other owner is made an editor for the moment (and restored after).
    const others = (await app
      .db('admin_users')
      .where({ role: 'owner' })
      .whereNot({ username: ownerName })
      .pluck('id')) as number[];
    await app.db('admin_users').whereIn('id', others).update({ role: 'editor' });
    try {
      const me = (await app.db('admin_users').where({ username: ownerName }).first('id')) as {
        id: number;
      };
      const demote = await change('editor', me.id);
      expect(demote.status).toBe(409);
      expect(await demote.json()).toEqual({
        error: 'The last owner cannot be given another role; make someone else an owner first',
      });
      expect(
        ((await app.db('admin_users').where({ id: me.id }).first('role')) as { role: string }).role,
      ).toBe('owner');
    } finally {
      await app.db('admin_users').whereIn('id', others).update({ role: 'owner' });
    }

    // The command line sets a role too, and the log names it.
    expect(
      await runAdminCommand(app.db, 'set-role', username, async () => '', undefined, 'editor'),
    ).toBe(`Admin "${username}" is now an editor.`);
    const byCli = (await log({ action: 'admin_user.update', entityId: String(id) })).items[0]!;
    expect(byCli).toMatchObject({
      actor: { username: 'npm run admin', id: null },
      before: { role: 'viewer' },
      after: { role: 'editor' },
    });
    await expect(
      runAdminCommand(app.db, 'set-role', username, async () => '', undefined, 'king'),
    ).rejects.toThrow('The role must be one of: viewer, editor, owner');
    await app
      .db('audit_events')
      .where({ actor_username: 'npm run admin', entity_id: String(id) })
      .delete();
  });
});
