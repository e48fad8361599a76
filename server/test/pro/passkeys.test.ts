/**
 * Passkeys for movers (decision 035) over HTTP on every test database, with a software authenticator that
 * makes real attestations and assertions: register (listed), sign in with it (session cookies, counter
 * kept), a replayed, expired or foreign challenge refused, an unknown passkey and a cloned one (counter gone
 * back) refused, another person's passkey neither renamed nor deleted (404), a suspended account refused,
 * the audit rows, and the challenges living in the database (one process starts, another finishes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_NOT_VERIFIED,
  PASSKEY_UNKNOWN,
  PRO_CSRF_COOKIE,
  PRO_SESSION_COOKIE,
  type ProPasskey,
  type ProPasskeyList,
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
import { SoftAuthenticator } from '../support/soft-authenticator';

interface Options {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: Array<{ id: string }>;
  allowCredentials?: Array<{ id: string }>;
  authenticatorSelection?: { residentKey?: string };
}

const randomIp = () =>
  `198.18.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 254)}`;

describe.each(testDatabases())('mover passkeys on $name', (database) => {
  let app: TestApp;
  let second: TestApp;
  const movers: number[] = [];

  beforeAll(async () => {
    app = await startTestApp(database.config, { TRUST_PROXY: '1' });
    // A second server process on the same database: a ceremony begun on one finishes on the other.
    second = await startTestApp(database.config, { TRUST_PROXY: '1' });
  });

  afterAll(async () => {
    await removeMovers(app.db, movers);
    await second?.close();
    await app?.close();
  });

  const newMover = async () => {
    const mover = await createMover(app.db);
    movers.push(mover.id);
    return { ...mover, client: await signInMover(app.baseUrl, mover) };
  };

  const post = (base: string, path: string, body: unknown, ip = randomIp()) =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify(body),
    });

  /** Registers a new software passkey for the client's account; answers the authenticator and the row. */
  async function register(client: MoverClient, name = 'Work laptop') {
    const options = (await (
      await client.request('/api/pro/account/passkeys/registration/options', { method: 'POST' })
    ).json()) as Options;
    const authenticator = new SoftAuthenticator(app.baseUrl);
    const verify = await client.request('/api/pro/account/passkeys/registration/verify', {
      method: 'POST',
      body: JSON.stringify({ response: authenticator.register(options), name }),
    });
    expect(verify.status, await verify.clone().text()).toBe(201);
    return { authenticator, options, passkey: (await verify.json()) as ProPasskey };
  }

  async function loginOptions(base = app.baseUrl, body: unknown = {}) {
    const response = await post(base, '/api/pro/passkeys/login/options', body);
    expect(response.status).toBe(200);
    return (await response.json()) as Options;
  }

  it('registers a passkey (listed, audited), then signs in with it: session cookies, counter kept', async () => {
    const mover = await newMover();
    const options = (await (
      await mover.client.request('/api/pro/account/passkeys/registration/options', {
        method: 'POST',
      })
    ).json()) as Options;
    expect(options.rp.id).toBe('127.0.0.1');
    expect(options.user.name).toBe(mover.email);
    expect(options.authenticatorSelection?.residentKey).toBe('required');
    const authenticator = new SoftAuthenticator(app.baseUrl);
    const verify = await mover.client.request('/api/pro/account/passkeys/registration/verify', {
      method: 'POST',
      body: JSON.stringify({ response: authenticator.register(options), name: '  My phone ' }),
    });
    expect(verify.status).toBe(201);
    const list = (await (
      await mover.client.request('/api/pro/account/passkeys')
    ).json()) as ProPasskeyList;
    expect(list.passkeys).toEqual([
      expect.objectContaining({ name: 'My phone', backedUp: false, lastUsedAt: null }),
    ]);
    const audit = (await app
      .db('audit_events')
      .where({ actor_mover_id: mover.id, action: 'mover.passkey.add' })
      .first('actor_kind', 'summary')) as { actor_kind: string; summary: string };
    expect(audit).toEqual({
      actor_kind: 'mover',
      summary: 'Test Mover added the passkey "My phone"',
    });

    // Signing in: no e-mail address needed (a discoverable passkey), options with no list of passkeys.
    const login = await loginOptions();
    expect(login.allowCredentials ?? []).toEqual([]);
    const signedIn = await post(app.baseUrl, '/api/pro/passkeys/login/verify', {
      response: authenticator.authenticate(login),
    });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect(await signedIn.json()).toEqual({
      ok: true,
      user: { id: mover.id, email: mover.email, name: 'Test Mover' },
    });
    const cookies = signedIn.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith(`${PRO_SESSION_COOKIE}=`))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith(`${PRO_CSRF_COOKIE}=`))).toBeDefined();
    const session = moverClient(app.baseUrl, signedIn);
    const status = (await (await session.request('/api/pro/auth/status')).json()) as {
      isAuthenticated: boolean;
      user: { id: number };
    };
    expect(status).toMatchObject({ isAuthenticated: true, user: { id: mover.id } });
    const row = (await app.db('mover_passkeys').where({ user_id: mover.id }).first()) as {
      counter: number | string;
      last_used_at: number | string | null;
    };
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).not.toBeNull();

    // With an e-mail address: that account's passkeys are named.
    const named = await loginOptions(app.baseUrl, { email: mover.email.toUpperCase() });
    expect(named.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    // An address without passkeys gets options all the same (nothing tells who has an account).
    const nobody = await loginOptions(app.baseUrl, { email: 'no-one-here@movers.test' });
    expect(nobody.allowCredentials ?? []).toEqual([]);
  });

  it('refuses a replayed challenge, an expired one and a registration challenge used to sign in', async () => {
    const mover = await newMover();
    const { authenticator } = await register(mover.client);
    const login = await loginOptions();
    const answer = authenticator.authenticate(login);
    const ip = randomIp();
    expect(
      (await post(app.baseUrl, '/api/pro/passkeys/login/verify', { response: answer }, ip)).status,
    ).toBe(200);
    const replay = await post(
      app.baseUrl,
      '/api/pro/passkeys/login/verify',
      { response: answer },
      ip,
    );
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: PASSKEY_CHALLENGE_EXPIRED });

    const late = await loginOptions();
    await app
      .db('mover_passkey_challenges')
      .update({ expires_at: Date.now() - 1 })
      .where('created_at', '>', Date.now() - 60_000)
      .andWhere({ purpose: 'authentication' });
    const expired = await post(app.baseUrl, '/api/pro/passkeys/login/verify', {
      response: authenticator.authenticate(late),
    });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: PASSKEY_CHALLENGE_EXPIRED });

    const registration = (await (
      await mover.client.request('/api/pro/account/passkeys/registration/options', {
        method: 'POST',
      })
    ).json()) as Options;
    const wrongPurpose = await post(app.baseUrl, '/api/pro/passkeys/login/verify', {
      response: authenticator.authenticate(registration),
    });
    expect(wrongPurpose.status).toBe(400);
  });

  it("refuses another person's registration challenge, a wrong origin, an unknown and a cloned passkey", async () => {
    const alice = await newMover();
    const bob = await newMover();
    const aliceOptions = (await (
      await alice.client.request('/api/pro/account/passkeys/registration/options', {
        method: 'POST',
      })
    ).json()) as Options;
    const stolen = await bob.client.request('/api/pro/account/passkeys/registration/verify', {
      method: 'POST',
      body: JSON.stringify({
        response: new SoftAuthenticator(app.baseUrl).register(aliceOptions),
        name: 'Not mine',
      }),
    });
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toEqual({ error: PASSKEY_CHALLENGE_EXPIRED });

    const options = (await (
      await alice.client.request('/api/pro/account/passkeys/registration/options', {
        method: 'POST',
      })
    ).json()) as Options;
    const phishing = await alice.client.request('/api/pro/account/passkeys/registration/verify', {
      method: 'POST',
      body: JSON.stringify({
        response: new SoftAuthenticator(app.baseUrl).register(options, {
          origin: 'https://moveratlas.example.evil',
        }),
        name: 'Phished',
      }),
    });
    expect(phishing.status).toBe(400);
    expect(await phishing.json()).toEqual({ error: PASSKEY_NOT_VERIFIED });

    const stranger = new SoftAuthenticator(app.baseUrl);
    const unknown = await post(app.baseUrl, '/api/pro/passkeys/login/verify', {
      response: stranger.authenticate(await loginOptions()),
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: PASSKEY_UNKNOWN });

    const { authenticator } = await register(alice.client);
    const first = authenticator.authenticate(await loginOptions(), { counter: 5 });
    expect(
      (await post(app.baseUrl, '/api/pro/passkeys/login/verify', { response: first })).status,
    ).toBe(200);
    // A copy of the key whose counter is behind the stored one: a clone.
    const clone = await post(app.baseUrl, '/api/pro/passkeys/login/verify', {
      response: authenticator.authenticate(await loginOptions(), { counter: 3 }),
    });
    expect(clone.status).toBe(401);
    expect(await clone.json()).toEqual({ error: PASSKEY_NOT_VERIFIED });
    const row = (await app.db('mover_passkeys').where({ user_id: alice.id }).first('counter')) as {
      counter: number | string;
    };
    expect(Number(row.counter)).toBe(5);
  });

  it("renames and deletes only one's own passkeys: another person's answers 404", async () => {
    const alice = await newMover();
    const bob = await newMover();
    const { passkey } = await register(alice.client, 'Laptop');
    const path = `/api/pro/account/passkeys/${passkey.id}`;

    const bobRename = await bob.client.request(path, {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Mine now' }),
    });
    expect(bobRename.status).toBe(404);
    const bobDelete = await bob.client.request(path, { method: 'DELETE' });
    expect(bobDelete.status).toBe(404);
    expect(await bobDelete.json()).toEqual({ error: 'No such passkey' });
    expect(await app.db('mover_passkeys').where({ id: passkey.id }).first('name')).toEqual({
      name: 'Laptop',
    });

    const empty = await alice.client.request(path, {
      method: 'PATCH',
      body: JSON.stringify({ name: '   ' }),
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toMatch(/Give the passkey a name/);
    const renamed = await alice.client.request(path, {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Home laptop' }),
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: passkey.id, name: 'Home laptop' });
    const noCsrf = await fetch(app.baseUrl + path, {
      method: 'DELETE',
      headers: { Cookie: alice.client.cookie },
    });
    expect(noCsrf.status).toBe(403);
    expect((await alice.client.request(path, { method: 'DELETE' })).status).toBe(200);
    const list = (await (
      await alice.client.request('/api/pro/account/passkeys')
    ).json()) as ProPasskeyList;
    expect(list.passkeys).toEqual([]);
    const actions = (
      (await app
        .db('audit_events')
        .where({ actor_mover_id: alice.id })
        .andWhere('action', 'like', 'mover.passkey.%')
        .orderBy('id')
        .select('action')) as Array<{ action: string }>
    ).map((row) => row.action);
    expect(actions).toEqual(['mover.passkey.add', 'mover.passkey.rename', 'mover.passkey.remove']);
  });

  it('begins a ceremony on one server process and finishes it on another', async () => {
    const mover = await newMover();
    const { authenticator } = await register(mover.client);
    // The options (and their challenge) from the second process; the answer to the first.
    const ok = await post(app.baseUrl, '/api/pro/passkeys/login/verify', {
      response: authenticator.authenticate(await loginOptions(second.baseUrl)),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, user: { id: mover.id } });
  });

  it('refuses a suspended account after its passkey was right', async () => {
    const mover = await newMover();
    const { authenticator } = await register(mover.client);
    await app.db('mover_users').where({ id: mover.id }).update({ status: 'suspended' });
    const response = await post(app.baseUrl, '/api/pro/passkeys/login/verify', {
      response: authenticator.authenticate(await loginOptions()),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/suspended/);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(PRO_SESSION_COOKIE))).toBe(
      false,
    );
  });

  it('throttles repeated failures from one address with 429', async () => {
    const ip = '198.19.88.8';
    const stranger = new SoftAuthenticator(app.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await post(
            app.baseUrl,
            '/api/pro/passkeys/login/verify',
            { response: stranger.authenticate(await loginOptions()) },
            ip,
          )
        ).status,
      );
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses).toContain(429);
    await app.db('login_throttle').where('key', 'like', 'pro-passkey:%').delete();
  });
});
