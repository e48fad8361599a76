/**
 * A company's team at /pro (issue 17) over HTTP on every test database: an owner invites by e-mail (the
 * message carries the link), a new person accepts by naming themselves and picking a password and is signed
 * in as a member; an address with an account must give its password; the link works once and for 7 days;
 * staff read the team but cannot change it; the last owner stays; another company's people are not found;
 * every change is audited with the company's id.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRO_INVITATION_USED_OR_EXPIRED,
  PRO_LAST_OWNER,
  type ProInvitationInfo,
  type ProTeam,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import {
  createMover,
  moverClient,
  removeMovers,
  signInMover,
  type MoverClient,
} from '../support/mover';

const NEW_PASSWORD = 'lantern meadow copper 91';

describe.each(testDatabases())('a company team on $name', (database) => {
  let app: TestApp;
  /** Companies of this file only (far from the ones other test files use). */
  let companies: Array<{ id: number; name: string }>;
  const movers: number[] = [];

  beforeAll(async () => {
    app = await startTestApp(database.config, { TRUST_PROXY: '1' });
    companies = (
      (await app.db('companies').orderBy('id').offset(300).limit(6).select('id', 'name')) as Array<{
        id: number;
        name: string;
      }>
    ).map((row) => ({ id: Number(row.id), name: row.name }));
  });

  afterAll(async () => {
    const ids = companies.map((c) => c.id);
    await app.db('mover_tokens').whereIn('company_id', ids).delete();
    const joined = (await app
      .db('company_users')
      .whereIn('company_id', ids)
      .pluck('user_id')) as number[];
    await removeMovers(app.db, [...movers, ...joined.map(Number)]);
    await app.db('mover_users').where('email', 'like', 'invited-%@movers.test').delete();
    await app?.close();
  });

  const owner = async (companyId: number) => {
    const mover = await createMover(app.db, { companyId, role: 'owner', name: 'Olive Owner' });
    movers.push(mover.id);
    return { mover, client: await signInMover(app.baseUrl, mover) };
  };

  const post = (path: string, body: unknown) =>
    fetch(app.baseUrl + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.18.200.1' },
      body: JSON.stringify(body),
    });

  const invite = (client: MoverClient, companyId: number, email: string, role = 'staff') =>
    client.request(`/api/pro/companies/${companyId}/team/invitations`, {
      method: 'POST',
      body: JSON.stringify({ email, role }),
    });

  /** The link's secret from the invitation e-mail sent to `email`. */
  const mailedToken = async (email: string) => {
    const mail = (await app
      .db('mail_messages')
      .where({ to_address: email, template: 'mover-invitation' })
      .orderBy('id', 'desc')
      .first('text_body', 'subject')) as { text_body: string; subject: string };
    const match = /\/pro\/invitation\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body);
    expect(match, mail.text_body).not.toBeNull();
    return { token: match![1]!, subject: mail.subject, text: mail.text_body };
  };

  it('invites by e-mail; a new person accepts with a name and password, is signed in and on the team', async () => {
    const company = companies[0]!;
    const { mover, client } = await owner(company.id);
    const email = `invited-${Date.now()}@movers.test`;
    const sent = await invite(client, company.id, email.toUpperCase(), 'staff');
    expect(sent.status).toBe(201);
    const mail = await mailedToken(email);
    expect(mail.subject).toBe(`Olive Owner invited you to ${company.name} on MoverAtlas`);
    expect(mail.text).toContain('as a staff member');

    const listed = (await (
      await client.request(`/api/pro/companies/${company.id}/team`)
    ).json()) as ProTeam;
    expect(listed.invitations).toEqual([
      expect.objectContaining({ email, role: 'staff', invitedBy: 'Olive Owner' }),
    ]);
    const link = (await app
      .db('mover_tokens')
      .where({ email, purpose: 'invitation' })
      .first('created_at', 'expires_at')) as { created_at: string; expires_at: string };
    expect(Number(link.expires_at) - Number(link.created_at)).toBe(7 * 86_400_000);

    const info = await fetch(`${app.baseUrl}/api/pro/invitations/${mail.token}`);
    expect(await info.json()).toEqual({
      companyName: company.name,
      email,
      role: 'staff',
      hasAccount: false,
    } satisfies ProInvitationInfo);

    const weak = await post('/api/pro/invitations/accept', {
      token: mail.token,
      name: 'Nia New',
      password: 'password1234',
    });
    expect(weak.status).toBe(400);
    const accepted = await post('/api/pro/invitations/accept', {
      token: mail.token,
      name: 'Nia New',
      password: NEW_PASSWORD,
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({
      ok: true,
      user: expect.objectContaining({ email, name: 'Nia New' }),
      companyId: company.id,
    });
    const newcomer = moverClient(app.baseUrl, accepted);
    const companiesOfNewcomer = (await (await newcomer.request('/api/pro/companies')).json()) as {
      companies: Array<{ id: number; role: string }>;
    };
    expect(companiesOfNewcomer.companies).toEqual([
      expect.objectContaining({ id: company.id, role: 'staff' }),
    ]);
    // They can sign in with the password they picked.
    await signInMover(app.baseUrl, { email, password: NEW_PASSWORD });

    // Once only.
    const again = await post('/api/pro/invitations/accept', {
      token: mail.token,
      name: 'Nia New',
      password: NEW_PASSWORD,
    });
    expect([again.status, await again.json()]).toEqual([
      404,
      { error: PRO_INVITATION_USED_OR_EXPIRED },
    ]);
    const peek = await fetch(`${app.baseUrl}/api/pro/invitations/${mail.token}`);
    expect([peek.status, await peek.json()]).toEqual([
      404,
      { error: PRO_INVITATION_USED_OR_EXPIRED },
    ]);

    const team = (await (
      await client.request(`/api/pro/companies/${company.id}/team`)
    ).json()) as ProTeam;
    expect(team.invitations).toEqual([]);
    expect(team.members.map((m) => [m.email, m.role, m.status])).toEqual(
      expect.arrayContaining([
        [mover.email, 'owner', 'active'],
        [email, 'staff', 'active'],
      ]),
    );
    expect(team.members.find((m) => m.email === email)!.lastSignInAt).toBeGreaterThan(0);

    const audit = (await app
      .db('audit_events')
      .where({ company_id: company.id })
      .whereIn('action', ['company.team.invite', 'company.team.join'])
      .orderBy('id')
      .select('action', 'actor_kind', 'actor_username')) as Array<Record<string, string>>;
    expect(audit).toEqual([
      { action: 'company.team.invite', actor_kind: 'mover', actor_username: mover.email },
      { action: 'company.team.join', actor_kind: 'mover', actor_username: email },
    ]);
  });

  it('asks an address that has an account for its password, and keeps that password', async () => {
    const company = companies[1]!;
    const { client } = await owner(company.id);
    const existing = await createMover(app.db, { name: 'Erin Elsewhere' });
    movers.push(existing.id);
    expect((await invite(client, company.id, existing.email, 'owner')).status).toBe(201);
    const { token } = await mailedToken(existing.email);
    const info = (await (
      await fetch(`${app.baseUrl}/api/pro/invitations/${token}`)
    ).json()) as ProInvitationInfo;
    expect(info).toEqual(expect.objectContaining({ hasAccount: true, role: 'owner' }));

    const wrong = await post('/api/pro/invitations/accept', {
      token,
      password: 'not the right one 12',
    });
    expect([wrong.status, await wrong.json()]).toEqual([
      400,
      { error: 'That is not the password of this account' },
    ]);
    // A wrong password does not use the link up, nor can it set a new password.
    const takeover = await post('/api/pro/invitations/accept', {
      token,
      name: 'Mallory',
      password: NEW_PASSWORD,
    });
    expect(takeover.status).toBe(400);
    const right = await post('/api/pro/invitations/accept', {
      token,
      password: existing.password,
    });
    expect(right.status).toBe(200);
    const member = (await app
      .db('company_users')
      .where({ company_id: company.id, user_id: existing.id })
      .first('role')) as { role: string };
    expect(member.role).toBe('owner');
    const user = (await app.db('mover_users').where({ id: existing.id }).first('name')) as {
      name: string;
    };
    expect(user.name).toBe('Erin Elsewhere');
    await signInMover(app.baseUrl, existing);
  });

  it('refuses an invitation after its 7 days', async () => {
    const company = companies[2]!;
    const { client } = await owner(company.id);
    const email = `invited-late-${Date.now()}@movers.test`;
    await invite(client, company.id, email);
    const { token } = await mailedToken(email);
    await app
      .db('mover_tokens')
      .where({ email, purpose: 'invitation' })
      .update({ expires_at: Date.now() - 1 });
    const late = await post('/api/pro/invitations/accept', {
      token,
      name: 'Lou Late',
      password: NEW_PASSWORD,
    });
    expect([late.status, await late.json()]).toEqual([
      404,
      { error: PRO_INVITATION_USED_OR_EXPIRED },
    ]);
    expect(
      await app.db('mover_users').where({ email }).first('id'),
      'no account made',
    ).toBeUndefined();
  });

  it('lets staff read the team but not change it', async () => {
    const company = companies[3]!;
    const { mover: boss } = await owner(company.id);
    const staff = await createMover(app.db, { companyId: company.id, role: 'staff' });
    movers.push(staff.id);
    const client = await signInMover(app.baseUrl, staff);
    const read = await client.request(`/api/pro/companies/${company.id}/team`);
    expect(read.status).toBe(200);
    const refused = "Only the company's owner can do this";
    const tries = [
      await invite(client, company.id, 'someone@movers.test'),
      await client.request(`/api/pro/companies/${company.id}/team/members/${boss.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ role: 'staff' }),
      }),
      await client.request(`/api/pro/companies/${company.id}/team/members/${boss.id}`, {
        method: 'DELETE',
      }),
      await client.request(`/api/pro/companies/${company.id}/team/invitations/1`, {
        method: 'DELETE',
      }),
    ];
    for (const response of tries)
      expect([response.status, await response.json()]).toEqual([403, { error: refused }]);
    expect(
      await app.db('mail_messages').where({ to_address: 'someone@movers.test' }).first('id'),
    ).toBeUndefined();
  });

  it('changes roles and removes people, but never the last owner; another company’s people are not found', async () => {
    const company = companies[4]!;
    const { mover: first, client } = await owner(company.id);
    const path = (id: number) => `/api/pro/companies/${company.id}/team/members/${id}`;
    const demoteSelf = await client.request(path(first.id), {
      method: 'PATCH',
      body: JSON.stringify({ role: 'staff' }),
    });
    expect([demoteSelf.status, await demoteSelf.json()]).toEqual([409, { error: PRO_LAST_OWNER }]);
    const removeSelf = await client.request(path(first.id), { method: 'DELETE' });
    expect([removeSelf.status, await removeSelf.json()]).toEqual([409, { error: PRO_LAST_OWNER }]);

    const colleague = await createMover(app.db, { companyId: company.id, role: 'staff' });
    movers.push(colleague.id);
    const promoted = await client.request(path(colleague.id), {
      method: 'PATCH',
      body: JSON.stringify({ role: 'owner' }),
    });
    expect(promoted.status).toBe(200);
    expect(
      ((await promoted.json()) as ProTeam).members.find((m) => m.userId === colleague.id)!.role,
    ).toBe('owner');
    // Now two owners: the first may step down to staff.
    const stepDown = await client.request(path(first.id), {
      method: 'PATCH',
      body: JSON.stringify({ role: 'staff' }),
    });
    expect(stepDown.status).toBe(200);

    const other = companies[5]!;
    const outsider = await createMover(app.db, { companyId: other.id, role: 'staff' });
    movers.push(outsider.id);
    const colleagueClient = await signInMover(app.baseUrl, colleague);
    const notHere = await colleagueClient.request(path(outsider.id), { method: 'DELETE' });
    expect([notHere.status, await notHere.json()]).toEqual([
      404,
      { error: 'That person is not on this team' },
    ]);
    expect(await app.db('company_users').where({ user_id: outsider.id }).first('id')).toBeDefined();

    const removed = await colleagueClient.request(path(first.id), { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await client.request(`/api/pro/companies/${company.id}/team`)).status).toBe(404);

    const actions = (await app
      .db('audit_events')
      .where({ company_id: company.id })
      .orderBy('id')
      .pluck('action')) as string[];
    expect(actions).toEqual([
      'company.team.role_change',
      'company.team.role_change',
      'company.team.remove',
    ]);
  });

  it('cancels an invitation, after which its link is dead', async () => {
    const company = companies[0]!;
    const { client } = await owner(company.id);
    const email = `invited-cancel-${Date.now()}@movers.test`;
    await invite(client, company.id, email, 'owner');
    const { token } = await mailedToken(email);
    const team = (await (
      await client.request(`/api/pro/companies/${company.id}/team`)
    ).json()) as ProTeam;
    const invitation = team.invitations.find((i) => i.email === email)!;
    const cancelled = await client.request(
      `/api/pro/companies/${company.id}/team/invitations/${invitation.id}`,
      { method: 'DELETE' },
    );
    expect(cancelled.status).toBe(204);
    const dead = await fetch(`${app.baseUrl}/api/pro/invitations/${token}`);
    expect(dead.status).toBe(404);
    // At most 50 invitations a day per company, cancelled ones included.
    const now = Date.now();
    await app.db('mover_tokens').insert(
      Array.from({ length: 50 }, (_, i) => ({
        token_hash: createHash('sha256').update(`flood-${company.id}-${now}-${i}`).digest('hex'),
        purpose: 'invitation',
        company_id: company.id,
        email: `flood-${i}@movers.test`,
        role: 'staff',
        created_at: now - 1000,
        expires_at: now + 60_000,
        used_at: now - 500,
      })),
    );
    const flood = await invite(client, company.id, 'one-more@movers.test');
    expect([flood.status, await flood.json()]).toEqual([
      429,
      { error: 'You have sent 50 invitations today: please try again tomorrow' },
    ]);
    // Someone already on the team is not invited again.
    const me = team.members[0]!;
    const twice = await invite(client, company.id, me.email);
    expect([twice.status, await twice.json()]).toEqual([
      409,
      { error: `${me.email} is already on the team` },
    ]);
  });
});
