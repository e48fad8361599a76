/**
 * A company's notification settings at /pro (issue 17) on every test database: by default the owners get
 * every kind of e-mail; an owner picks people of the team and up to three other addresses per kind; staff
 * read but cannot change; people off the team or suspended get nothing; every change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProNotificationSettings } from '@moveratlas/contracts';
import { notificationRecipients } from '../../src/features/movers';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { createMover, removeMovers, signInMover } from '../support/mover';

describe.each(testDatabases())('notification settings on $name', (database) => {
  let app: TestApp;
  let companyId: number;
  let otherCompanyId: number;
  const movers: number[] = [];

  beforeAll(async () => {
    app = await startTestApp(database.config, { TRUST_PROXY: '1' });
    const ids = (await app
      .db('companies')
      .orderBy('id')
      .offset(320)
      .limit(2)
      .pluck('id')) as number[];
    [companyId, otherCompanyId] = ids.map(Number) as [number, number];
  });

  afterAll(async () => {
    await app.db('company_notification_settings').whereIn('company_id', [companyId]).delete();
    await removeMovers(app.db, movers);
    await app?.close();
  });

  const mover = async (role: 'owner' | 'staff', company = companyId) => {
    const made = await createMover(app.db, { companyId: company, role });
    movers.push(made.id);
    return made;
  };

  it('sends to the owners by default, then to whom an owner chose', async () => {
    const boss = await mover('owner');
    const second = await mover('owner');
    const helper = await mover('staff');
    for (const kind of [
      'new-lead',
      'new-review',
      'review-reply-moderated',
      'weekly-summary',
    ] as const)
      expect((await notificationRecipients(app.db, companyId, kind)).sort()).toEqual(
        [boss.email, second.email].sort(),
      );

    const client = await signInMover(app.baseUrl, boss);
    const path = `/api/pro/companies/${companyId}/notifications`;
    const read = (await (await client.request(path)).json()) as ProNotificationSettings;
    expect(read.settings.map((s) => [s.kind, s.isDefault])).toEqual([
      ['new-lead', true],
      ['new-review', true],
      ['review-reply-moderated', true],
      ['weekly-summary', true],
    ]);
    expect(read.members.map((m) => m.email).sort()).toEqual(
      [boss.email, second.email, helper.email].sort(),
    );

    const four = await client.request(path, {
      method: 'PUT',
      body: JSON.stringify({
        settings: [
          {
            kind: 'new-lead',
            memberIds: [],
            extraEmails: ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test'],
          },
        ],
      }),
    });
    expect([four.status, await four.json()]).toEqual([
      400,
      { error: 'Add at most 3 other addresses' },
    ]);
    const outsider = await mover('owner', otherCompanyId);
    const notOnTeam = await client.request(path, {
      method: 'PUT',
      body: JSON.stringify({
        settings: [{ kind: 'new-lead', memberIds: [outsider.id], extraEmails: [] }],
      }),
    });
    expect(notOnTeam.status).toBe(400);

    const saved = await client.request(path, {
      method: 'PUT',
      body: JSON.stringify({
        settings: [
          {
            kind: 'new-lead',
            memberIds: [helper.id, boss.id],
            extraEmails: ['Dispatch@Example.test'],
          },
          { kind: 'weekly-summary', memberIds: [], extraEmails: [] },
        ],
      }),
    });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as ProNotificationSettings;
    expect(after.settings.find((s) => s.kind === 'new-lead')).toEqual({
      kind: 'new-lead',
      memberIds: [boss.id, helper.id].sort((a, b) => a - b),
      extraEmails: ['dispatch@example.test'],
      isDefault: false,
    });
    expect(await notificationRecipients(app.db, companyId, 'new-lead')).toEqual(
      expect.arrayContaining([boss.email, helper.email, 'dispatch@example.test']),
    );
    expect(await notificationRecipients(app.db, companyId, 'new-lead')).toHaveLength(3);
    expect(await notificationRecipients(app.db, companyId, 'weekly-summary')).toEqual([]);
    expect((await notificationRecipients(app.db, companyId, 'new-review')).sort()).toEqual(
      [boss.email, second.email].sort(),
    );

    // A suspended person gets nothing; someone who left the team neither.
    await app.db('mover_users').where({ id: helper.id }).update({ status: 'suspended' });
    expect(await notificationRecipients(app.db, companyId, 'new-lead')).not.toContain(helper.email);
    await app.db('company_users').where({ user_id: boss.id, company_id: companyId }).delete();
    expect(await notificationRecipients(app.db, companyId, 'new-lead')).toEqual([
      'dispatch@example.test',
    ]);

    const audit = (await app
      .db('audit_events')
      .where({ company_id: companyId, action: 'company.notifications.update' })
      .first('actor_kind', 'before_json', 'after_json')) as {
      actor_kind: string;
      before_json: string;
      after_json: string;
    };
    expect(audit.actor_kind).toBe('mover');
    expect(JSON.parse(audit.after_json)).toEqual({
      // By account id (the boss's was made first), then the other addresses.
      'new-lead': [boss.email, helper.email, 'dispatch@example.test'],
      'weekly-summary': [],
    });
    expect(JSON.parse(audit.before_json)['weekly-summary']).toHaveLength(2);
  });

  it('lets staff read the settings but not change them', async () => {
    const helper = await mover('staff');
    const client = await signInMover(app.baseUrl, helper);
    const path = `/api/pro/companies/${companyId}/notifications`;
    expect((await client.request(path)).status).toBe(200);
    const refused = await client.request(path, {
      method: 'PUT',
      body: JSON.stringify({ settings: [{ kind: 'new-lead', memberIds: [], extraEmails: [] }] }),
    });
    expect(refused.status).toBe(403);
  });
});
