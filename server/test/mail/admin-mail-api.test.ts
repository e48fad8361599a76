/**
 * The admin Mail screen's API on every test database: the messages newest first, searched by recipient and
 * status, in pages; one message with its text; its HTML on a page of its own under a sandboxing CSP; plain
 * errors for a bad or unknown id; and nothing for anyone not signed in.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminMailDetailSchema,
  AdminMailListSchema,
  MAIL_PAGE_SIZE,
  adminMailHtmlPath,
} from '@moveratlas/contracts';
import { loadConfig } from '../../src/config';
import { sendMail } from '../../src/features/mail';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

describe.each(testDatabases())('the admin Mail API on $name', ({ config: database }) => {
  let app: TestApp;
  let admin: AdminClient;
  const tag = randomUUID().slice(0, 8);
  const ids: number[] = [];
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database };

  const list = async (query: string) => {
    const res = await admin.request(`/api/admin/mail?${query}`);
    expect(res.status).toBe(200);
    return AdminMailListSchema.parse(await res.json());
  };

  beforeAll(async () => {
    app = await startTestApp(database);
    admin = await loginAsAdmin(app.baseUrl);
    // 27 messages to three addresses, oldest first: one more page than a page holds.
    for (let i = 0; i < MAIL_PAGE_SIZE + 2; i++) {
      const to = `${['ana', 'ben', 'cy'][i % 3]}-${tag}@example.com`;
      ids.push(
        await sendMail(
          app.db,
          {
            to,
            template: 'admin-alert',
            data: {
              problems: [
                {
                  title: `Problem ${i} <script>alert(1)</script>`,
                  detail: 'Details',
                  since: Date.UTC(2026, 10, 27),
                  link: '/admin',
                  linkLabel: 'Open',
                },
              ],
            },
          },
          config,
        ),
      );
    }
    await app.db('mail_messages').where({ id: ids[0] }).update({ status: 'failed' });
  });
  afterAll(async () => {
    const jobs = (await app.db('mail_messages').whereIn('id', ids).pluck('job_id')) as number[];
    await app.db('jobs').whereIn('id', jobs).delete();
    await app.db('mail_messages').whereIn('id', ids).delete();
    await app.close();
  });

  it('lists the messages newest first, in pages, searched by recipient and status', async () => {
    const first = await list(`q=${tag}`);
    expect(first.total).toBe(MAIL_PAGE_SIZE + 2);
    expect(first.delivery).toBe('kept');
    expect(first.messages.map((m) => m.id)).toEqual([...ids].reverse().slice(0, MAIL_PAGE_SIZE));
    expect(first.messages[0]).toMatchObject({
      to: `cy-${tag}@example.com`,
      template: 'admin-alert',
      status: 'queued',
      attempts: 0,
      sentAt: null,
    });
    expect(first.messages[0]!.subject).toContain(`Problem ${MAIL_PAGE_SIZE + 1} <script>`);
    const second = await list(`q=${tag}&page=2`);
    expect(second.messages.map((m) => m.id)).toEqual([ids[1], ids[0]]);

    const ben = await list(`q=ben-${tag}`);
    expect(ben.total).toBe(9);
    expect(ben.messages.every((m) => m.to === `ben-${tag}@example.com`)).toBe(true);
    const failed = await list(`q=${tag}&status=failed`);
    expect(failed.messages.map((m) => m.id)).toEqual([ids[0]]);
    // A search for a LIKE wildcard finds the character, not everything.
    expect((await list(`q=${encodeURIComponent('%')}`)).messages.map((m) => m.id)).not.toContain(
      ids[0],
    );
  });

  it('refuses a bad query in plain words', async () => {
    const res = await admin.request('/api/admin/mail?status=lost');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(
      'Status must be one of: queued, retrying, sent, kept, failed',
    );
  });

  it('shows one message with its text, and its HTML on a sandboxed page of its own', async () => {
    const id = ids[3]!;
    const res = await admin.request(`/api/admin/mail/${id}`);
    expect(res.status).toBe(200);
    const detail = AdminMailDetailSchema.parse(await res.json());
    expect(detail).toMatchObject({ id, to: `ana-${tag}@example.com`, hasHtml: true });
    expect(detail.text).toContain('* Problem 3 <script>alert(1)</script>');
    expect(detail.jobId).not.toBeNull();

    const html = await admin.request(adminMailHtmlPath(id));
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = html.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/(^|; )sandbox(;|$)/);
    expect(csp).not.toContain('script-src');
    expect(html.headers.get('cache-control')).toBe('private, no-store');
    const body = await html.text();
    expect(body).toContain('<strong>Problem 3 &lt;script&gt;alert(1)&lt;/script&gt;</strong>');
    expect(body).not.toContain('<script>');
  });

  it('answers 404 for an unknown message and 400 for a bad id', async () => {
    const unknown = await admin.request('/api/admin/mail/999999999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No mail message 999999999' });
    expect((await admin.request('/api/admin/mail/abc/html')).status).toBe(400);
  });

  it('answers nobody who is not signed in', async () => {
    expect((await app.get('/api/admin/mail')).status).toBe(401);
    expect((await app.get(adminMailHtmlPath(ids[0]!))).status).toBe(401);
  });
});
