/**
 * The staff inbox of /contact messages over HTTP on every test database (issue 16): a visitor's message
 * sent through POST /api/contact is listed newest first and counted as new; the filters, search and pages;
 * opening it marks it read once; status changes and assignment are kept in the trail with who and when; and
 * the whole API is behind the session (401) and its writes behind the CSRF token (403).
 *
 * The messages this file sends carry a word of this run, which every list request searches for, so messages
 * other test files leave in the shared databases never change the figures.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminContactMessageDetailSchema,
  AdminContactMessageListSchema,
  AdminContactMessageSummaryCountsSchema,
  FormReceiptSchema,
  type AdminContactMessageDetail,
  type AdminContactMessageList,
} from '@moveratlas/contracts';
import { TEST_ADMIN, testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

const WORD = `zqmsg${randomInt(100_000, 999_999)}`;
const OTHER_ADMIN = `${WORD}-colleague`;

describe.each(testDatabases())('the contact inbox on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  let colleagueId: number;
  let testAdminId: number;
  /** Row ids by the sender's first name. */
  const ids: Record<string, number> = {};

  const ours = () => app.db('contact_messages').where('message', 'like', `%${WORD}%`);

  async function list(params: Record<string, string> = {}): Promise<AdminContactMessageList> {
    const query = new URLSearchParams({ q: WORD, ...params });
    const res = await admin.request(`/api/admin/contact-messages?${query.toString()}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return AdminContactMessageListSchema.parse(await res.json());
  }

  async function detail(id: number): Promise<AdminContactMessageDetail> {
    const res = await admin.request(`/api/admin/contact-messages/${id}`);
    expect(res.status).toBe(200);
    return AdminContactMessageDetailSchema.parse(await res.json());
  }

  async function newCount(): Promise<number> {
    const res = await admin.request('/api/admin/contact-messages/counts');
    expect(res.status).toBe(200);
    return AdminContactMessageSummaryCountsSchema.parse(await res.json()).new;
  }

  const post = (id: number, action: string, body: unknown = {}) =>
    admin.request(`/api/admin/contact-messages/${id}/${action}`, {
      method: 'POST',
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    testAdminId = Number(
      (
        (await app.db('admin_users').where('username', TEST_ADMIN.username).first('id')) as {
          id: number;
        }
      ).id,
    );
    await app.db('admin_users').insert({ username: OTHER_ADMIN, password_hash: 'not-a-hash' });
    colleagueId = Number(
      ((await app.db('admin_users').where('username', OTHER_ADMIN).first('id')) as { id: number })
        .id,
    );
  });
  afterAll(async () => {
    const messageIds = (await ours().pluck('id')) as number[];
    if (messageIds.length > 0) {
      await app.db('contact_message_events').whereIn('message_id', messageIds).delete();
      await app.db('contact_messages').whereIn('id', messageIds).delete();
    }
    await app.db('admin_users').where('username', OTHER_ADMIN).delete();
    await app.close();
  });

  it('lists a visitor’s message sent through /contact, newest first, and counts it as new', async () => {
    const before = await newCount();
    // Two written earlier, straight into the table (the form's rate limit allows a few a minute).
    await app.db('contact_messages').insert([
      {
        public_id: `${WORD}a`.slice(0, 16),
        name: 'Ada Older',
        email: 'ada@example.com',
        topic: 'privacy',
        message: `Please delete my data. ${WORD}`,
        ip_address: '203.0.113.7',
        user_agent: 'test',
        created_at: '2026-11-01 09:00:00',
      },
      {
        public_id: `${WORD}b`.slice(0, 16),
        name: 'Ben Middle',
        email: 'ben@example.com',
        topic: 'company-listing',
        message: `Our phone number changed. ${WORD}`,
        ip_address: '203.0.113.8',
        user_agent: 'test',
        created_at: '2026-11-02 09:00:00',
      },
    ]);
    const res = await fetch(`${app.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Dana Reyes',
        email: 'dana@example.com',
        topic: 'quotes',
        message: `I asked for quotes and heard nothing back. ${WORD}`,
      }),
    });
    expect(res.status).toBe(201);
    const receipt = FormReceiptSchema.parse(await res.json());

    const page = await list();
    expect(page.total).toBe(3);
    expect(page.messages.map((m) => m.name)).toEqual(['Dana Reyes', 'Ben Middle', 'Ada Older']);
    expect(page.messages[0]).toMatchObject({
      publicId: receipt.id,
      email: 'dana@example.com',
      topic: 'quotes',
      status: 'new',
      assignee: null,
      excerpt: `I asked for quotes and heard nothing back. ${WORD}`,
    });
    expect(page.counts).toEqual({ new: 3, open: 0, replied: 0, closed: 0 });
    expect(await newCount()).toBe(before + 3);
    for (const m of page.messages) ids[m.name.split(' ')[0]!] = m.id;
  });

  it('filters by status and topic, searches the name, address and text, and pages', async () => {
    expect((await list({ topic: 'privacy' })).messages.map((m) => m.name)).toEqual(['Ada Older']);
    expect((await list({ q: `${WORD} ben@example` })).messages.map((m) => m.name)).toEqual([
      'Ben Middle',
    ]);
    expect((await list({ q: `${WORD} heard nothing` })).messages.map((m) => m.name)).toEqual([
      'Dana Reyes',
    ]);
    expect((await list({ status: 'closed' })).total).toBe(0);
    const second = await list({ page: '2' });
    expect(second.messages).toEqual([]);
    expect(second.total).toBe(3);

    const bad = await admin.request('/api/admin/contact-messages?status=spam');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'Status must be one of: new, open, replied, closed',
    });
    const unknown = await admin.request('/api/admin/contact-messages/999999999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No contact message with id 999999999' });
  });

  it('reading a new message opens it once, and the trail says who read it', async () => {
    const before = await newCount();
    const first = await post(ids.Dana!, 'read');
    expect(first.status).toBe(200);
    const read = AdminContactMessageDetailSchema.parse(await first.json());
    expect(read.message.status).toBe('open');
    expect(read.message.message).toBe(`I asked for quotes and heard nothing back. ${WORD}`);
    expect(read.events).toEqual([
      {
        id: expect.any(Number) as number,
        actor: TEST_ADMIN.username,
        action: 'read',
        before: 'new',
        after: 'open',
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as string,
      },
    ]);
    expect(await newCount()).toBe(before - 1);
    // Opening it again records nothing more.
    await post(ids.Dana!, 'read');
    expect((await detail(ids.Dana!)).events).toHaveLength(1);
    expect((await list({ status: 'new' })).messages.map((m) => m.name)).toEqual([
      'Ben Middle',
      'Ada Older',
    ]);
  });

  it('keeps status changes and assignments in the trail, with before and after', async () => {
    const assigned = await post(ids.Dana!, 'assignee', { adminId: colleagueId });
    expect(assigned.status).toBe(200);
    const afterAssign = AdminContactMessageDetailSchema.parse(await assigned.json());
    expect(afterAssign.message.assignee).toEqual({ id: colleagueId, username: OTHER_ADMIN });
    expect(afterAssign.admins).toContainEqual({ id: colleagueId, username: OTHER_ADMIN });

    expect((await post(ids.Dana!, 'status', { status: 'replied' })).status).toBe(200);
    expect((await post(ids.Dana!, 'assignee', { adminId: testAdminId })).status).toBe(200);
    expect((await post(ids.Dana!, 'status', { status: 'closed' })).status).toBe(200);
    // The status it already has: nothing to record.
    expect((await post(ids.Dana!, 'status', { status: 'closed' })).status).toBe(200);

    const done = await detail(ids.Dana!);
    expect(done.message.status).toBe('closed');
    expect(done.message.assignee).toEqual({ id: testAdminId, username: TEST_ADMIN.username });
    expect(done.events.map((e) => [e.actor, e.action, e.before, e.after])).toEqual([
      [TEST_ADMIN.username, 'read', 'new', 'open'],
      [TEST_ADMIN.username, 'assigned', null, OTHER_ADMIN],
      [TEST_ADMIN.username, 'status', 'open', 'replied'],
      [TEST_ADMIN.username, 'assigned', OTHER_ADMIN, TEST_ADMIN.username],
      [TEST_ADMIN.username, 'status', 'replied', 'closed'],
    ]);

    expect((await list({ assigned: 'me' })).messages.map((m) => m.name)).toEqual(['Dana Reyes']);
    expect((await list({ assigned: 'nobody' })).messages.map((m) => m.name)).toEqual([
      'Ben Middle',
      'Ada Older',
    ]);
    expect((await list()).counts).toEqual({ new: 2, open: 0, replied: 0, closed: 1 });

    // Unassigning is recorded too; assigning to nobody again changes nothing.
    await post(ids.Dana!, 'assignee', { adminId: null });
    await post(ids.Dana!, 'assignee', { adminId: null });
    const freed = await detail(ids.Dana!);
    expect(freed.message.assignee).toBeNull();
    expect(freed.events.at(-1)).toMatchObject({
      action: 'assigned',
      before: TEST_ADMIN.username,
      after: null,
    });
    expect(freed.events).toHaveLength(6);
  });

  it('answers bad changes in plain words', async () => {
    const status = await post(ids.Ben!, 'status', { status: 'spam' });
    expect(status.status).toBe(400);
    expect(await status.json()).toEqual({
      error: 'Status must be one of: new, open, replied, closed',
    });
    const nobody = await post(ids.Ben!, 'assignee', { adminId: 999_999_999 });
    expect(nobody.status).toBe(400);
    expect(await nobody.json()).toEqual({
      error: 'That admin user does not exist; reload the message and choose again',
    });
    const missing = await post(999_999_999, 'status', { status: 'open' });
    expect(missing.status).toBe(404);
    expect((await detail(ids.Ben!)).events).toEqual([]);
  });

  it('answers 401 without a session and 403 for a write without the CSRF token', async () => {
    for (const path of [
      '/api/admin/contact-messages',
      '/api/admin/contact-messages/counts',
      `/api/admin/contact-messages/${ids.Ada!}`,
    ]) {
      const res = await app.get(path);
      expect(res.status, path).toBe(401);
    }
    for (const [action, body] of [
      ['read', {}],
      ['status', { status: 'closed' }],
      ['assignee', { adminId: testAdminId }],
    ] as const) {
      const noSession = await fetch(
        `${app.baseUrl}/api/admin/contact-messages/${ids.Ada!}/${action}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
      expect(noSession.status, action).toBe(401);
      const noToken = await fetch(
        `${app.baseUrl}/api/admin/contact-messages/${ids.Ada!}/${action}`,
        {
          method: 'POST',
          headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
      expect(noToken.status, action).toBe(403);
    }
    const ada = await detail(ids.Ada!);
    expect(ada.message.status).toBe('new');
    expect(ada.message.assignee).toBeNull();
    expect(ada.events).toEqual([]);
  });
});
