/**
 * send_lead takes a moving date from today to 18 months ahead (issue 15), on every engine, and says why in
 * plain words when it does not: the shared rule of contracts/src/move-date.ts, as the widget checks it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVE_DATE_PASSED, MOVE_DATE_UNREADABLE, formatMoveDate } from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { isoDaysAhead } from './lead-form';
import { leadForm, removeLeads, startLeadApp, type LeadApp } from './support';

describe.each(testDatabases())('the moving date on $name', (database) => {
  let app: LeadApp;
  const uuids: string[] = [];

  beforeAll(async () => {
    app = await startLeadApp(database.config);
  });
  afterAll(async () => {
    await removeLeads(app.db, uuids);
    await app.close();
  });

  const send = async (move_date: string) => {
    const fields = leadForm({ move_date });
    uuids.push(fields.lead_uuid!);
    const res = await app.postForm('/api/proxy/send_lead', fields);
    const stored = await app.db('leads').where({ lead_uuid: fields.lead_uuid }).first('move_date');
    return {
      status: res.status,
      body: res.status === 200 ? await res.text() : ((await res.json()) as { error: string }),
      stored: stored as { move_date: string } | undefined,
    };
  };

  it('accepts today and 17 months ahead, in either form, stored as MM/DD/YYYY', async () => {
    const today = await send(isoDaysAhead(0));
    expect(today.status).toBe(200);
    expect(today.stored?.move_date).toBe(formatMoveDate(isoDaysAhead(0)));
    const later = await send(formatMoveDate(isoDaysAhead(520)));
    expect(later.status).toBe(200);
    expect(later.stored?.move_date).toBe(formatMoveDate(isoDaysAhead(520)));
  });

  it('refuses a date two days past, storing nothing', async () => {
    // Two days: yesterday in UTC may still be today in Hawaii, which the server allows.
    const past = await send(isoDaysAhead(-2));
    expect(past).toEqual({ status: 400, body: { error: MOVE_DATE_PASSED }, stored: undefined });
  });

  it('refuses 2099 and 19 months ahead, naming the last day allowed', async () => {
    for (const date of ['06/15/2099', isoDaysAhead(580)]) {
      const far = await send(date);
      expect(far.status).toBe(400);
      expect(far.body).toEqual({
        error: expect.stringMatching(
          /^Please choose a moving date within the next 18 months \(by [A-Z][a-z]+ \d{1,2}, \d{4}\)\.$/,
        ) as unknown,
      });
      expect(far.stored).toBeUndefined();
    }
  });

  it('refuses a day that does not exist or is not a date', async () => {
    for (const date of ['02/30/2027', 'next summer']) {
      expect(await send(date)).toEqual({
        status: 400,
        body: { error: MOVE_DATE_UNREADABLE },
        stored: undefined,
      });
    }
  });
});
