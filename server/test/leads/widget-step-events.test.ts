import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../databases';
import { startLeadApp, type LeadApp } from './support';

describe.each(testDatabases())('widget step events on $name', (database) => {
  let app: LeadApp;
  const leadUuid = `funnel-${database.name}-${Date.now()}`;

  beforeAll(async () => {
    app = await startLeadApp(database.config);
  });
  afterAll(async () => {
    await app.db('widget_step_events').where({ lead_uuid: leadUuid }).delete();
    await app.close();
  });

  it('records each step a visitor reaches, attributed to the partner, answering 204', async () => {
    for (const [step, name] of [
      ['2', 'date'],
      ['3', 'route'],
    ] as const) {
      const res = await app.postForm(
        '/api/proxy/widget_event',
        {
          event: 'step',
          form_step: step,
          step_name: name,
          session_id: 's-1',
          lead_uuid: leadUuid,
          website: 'demo-partner',
        },
        { origin: 'http://localhost:4000' },
      );
      expect(res.status).toBe(204);
    }
    const rows = (await app
      .db('widget_step_events')
      .where({ lead_uuid: leadUuid })
      .orderBy('id')) as Array<{
      site_id: string;
      form_step: number;
      step_name: string;
    }>;
    expect(rows.map((r) => [r.site_id, Number(r.form_step), r.step_name])).toEqual([
      ['demo-partner', 2, 'date'],
      ['demo-partner', 3, 'route'],
    ]);
  });

  it('refuses malformed events with 400 and stores nothing', async () => {
    const res = await app.postForm('/api/proxy/widget_event', {
      event: 'step',
      form_step: '9',
      step_name: 'date',
      lead_uuid: leadUuid,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^The form step must be 1 to 7$/,
    );
    const json = await app.postJson('/api/proxy/widget_event', { event: 'step' });
    expect(json.status).toBe(415);
    const count = (await app
      .db('widget_step_events')
      .where({ lead_uuid: leadUuid })
      .count({ n: '*' })
      .first()) as {
      n: number | string;
    };
    expect(Number(count.n)).toBe(2);
  });
});
