/**
 * A company's change history at /pro (issue 17) on every test database: only its own audit rows, newest
 * first, paged; a mover's change names their address, a staff change says "MoverAtlas staff" (never the
 * staff member's username or IP address); owners only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_CHANGES_PAGE_SIZE, type ProChangesPage } from '@moveratlas/contracts';
import { recordAudit } from '../../src/features/audit';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { createMover, removeMovers, signInMover } from '../support/mover';

describe.each(testDatabases())('change history on $name', (database) => {
  let app: TestApp;
  let companyId: number;
  let otherCompanyId: number;
  const movers: number[] = [];

  beforeAll(async () => {
    app = await startTestApp(database.config, { TRUST_PROXY: '1' });
    const ids = (await app
      .db('companies')
      .orderBy('id')
      .offset(340)
      .limit(2)
      .pluck('id')) as number[];
    [companyId, otherCompanyId] = ids.map(Number) as [number, number];
  });

  afterAll(async () => {
    await app.db('audit_events').whereIn('company_id', [companyId, otherCompanyId]).delete();
    await removeMovers(app.db, movers);
    await app?.close();
  });

  it('shows only the company’s changes, newest first and paged, staff anonymised, owners only', async () => {
    const boss = await createMover(app.db, { companyId, role: 'owner' });
    const helper = await createMover(app.db, { companyId, role: 'staff' });
    movers.push(boss.id, helper.id);
    const staff = { id: 1, username: 'staff-jo', role: 'editor' as const, ip: '10.1.2.3' };
    const mover = {
      id: null,
      username: boss.email,
      role: null,
      ip: '10.9.9.9',
      mover: { id: boss.id },
    };
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
    await recordAudit(
      app.db,
      staff,
      {
        action: 'company.update',
        entityType: 'company',
        entityId: companyId,
        summary: 'staff-jo updated the phone number',
        before: { phone: '555-0100' },
        after: { phone: '555-0199' },
        companyId,
      },
      day(1),
    );
    await recordAudit(
      app.db,
      mover,
      {
        action: 'company.profile.update',
        entityType: 'company',
        entityId: companyId,
        summary: 'Changed the description',
        before: { description: 'Old' },
        after: { description: 'New' },
        companyId,
      },
      day(2),
    );
    await recordAudit(
      app.db,
      staff,
      {
        action: 'company.update',
        entityType: 'company',
        entityId: otherCompanyId,
        summary: 'Another company',
        companyId: otherCompanyId,
      },
      day(3),
    );
    for (let i = 0; i < PRO_CHANGES_PAGE_SIZE; i++)
      await recordAudit(
        app.db,
        mover,
        {
          action: 'company.team.invite',
          entityType: 'company',
          summary: `Invitation ${i}`,
          companyId,
        },
        day(4),
      );

    const client = await signInMover(app.baseUrl, boss);
    const path = `/api/pro/companies/${companyId}/changes`;
    const first = (await (await client.request(path)).json()) as ProChangesPage;
    expect(first.total).toBe(PRO_CHANGES_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(PRO_CHANGES_PAGE_SIZE);
    expect(first.items[0]!.summary).toBe(`Invitation ${PRO_CHANGES_PAGE_SIZE - 1}`);
    const second = (await (await client.request(`${path}?page=2`)).json()) as ProChangesPage;
    expect(second.items).toEqual([
      {
        id: expect.any(Number),
        createdAt: day(2).toISOString(),
        who: boss.email,
        byStaff: false,
        action: 'company.profile.update',
        summary: 'Changed the description',
        before: { description: 'Old' },
        after: { description: 'New' },
      },
      {
        id: expect.any(Number),
        createdAt: day(1).toISOString(),
        who: 'MoverAtlas staff',
        byStaff: true,
        action: 'company.update',
        summary: 'MoverAtlas staff updated the phone number',
        before: { phone: '555-0100' },
        after: { phone: '555-0199' },
      },
    ]);
    const text = JSON.stringify([first, second]);
    expect(text).not.toContain('staff-jo');
    expect(text).not.toContain('10.1.2.3');
    expect(text).not.toContain('Another company');

    const bad = await client.request(`${path}?page=0`);
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { error: 'The page must be a whole number from 1' },
    ]);
    const staffClient = await signInMover(app.baseUrl, helper);
    expect((await staffClient.request(path)).status).toBe(403);
  });
});
