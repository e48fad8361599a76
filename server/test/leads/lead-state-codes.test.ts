/**
 * Leads stored before the abbreviation column existed get it from the state as it was typed, whatever the
 * spelling, and the admin list's state filter then finds them (migration 20261123_96).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillLeadStateCodes } from '../../src/db/migrations/20261123_96_add_lead_from_state_code';
import { testDatabases } from '../databases';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { startTestApp, type TestApp } from '../test-app';

const MARK = 'state-code-test-';
const SPELLINGS = ['NE', 'Nebraska', 'nebraska', ' ne ', 'Atlantis', null] as const;

describe.each(testDatabases())('lead state abbreviations on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  const ours = () => app.db('leads').where('lead_uuid', 'like', `${MARK}%`);

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    await ours().delete();
    // As an older release stored them: the state as typed, no abbreviation.
    await app.db('leads').insert(
      SPELLINGS.map((state, index) => ({
        public_id: `SC${index}`.padEnd(12, 'X'),
        lead_uuid: `${MARK}${index}`,
        site_id: 'state-code-test',
        first_name: 'Test',
        last_name: `Spelling${index}`,
        email: 'test@example.com',
        phone: '3125550100',
        from_state: state,
        from_location: state ?? '',
        to_location: '',
        move_date: '',
        number_of_rooms: 3,
        selected_companies: '[]',
        wire: '{}',
        ip_address: '127.0.0.1',
        user_agent: 'lead-state-codes.test',
      })),
    );
  });
  afterAll(async () => {
    await ours().delete();
    await app.close();
  });

  it('fills the abbreviation of every readable spelling and leaves the rest empty', async () => {
    const codes = async () =>
      (
        (await ours().orderBy('lead_uuid').select('from_state_code')) as Array<{
          from_state_code: string | null;
        }>
      ).map((r) => r.from_state_code);
    await fillLeadStateCodes(app.db);
    expect(await codes()).toEqual(['NE', 'NE', 'NE', 'NE', null, null]);
    // Running it again (a second server starting) changes nothing.
    await fillLeadStateCodes(app.db);
    expect(await codes()).toEqual(['NE', 'NE', 'NE', 'NE', null, null]);
  });

  it('lets the admin list find them by the abbreviation', async () => {
    const res = await admin.request('/api/admin/leads?state=ne&q=Spelling&pageSize=50');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { leads: Array<{ lastName: string }> };
    expect(body.leads.map((l) => l.lastName).sort()).toEqual([
      'Spelling0',
      'Spelling1',
      'Spelling2',
      'Spelling3',
    ]);
  });
});
