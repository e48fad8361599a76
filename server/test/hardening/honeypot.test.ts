/**
 * Issue 12, a honeypot answer that differed from a real one (no X-Lead-Replay): a bot that fills the hidden
 * field must not be able to tell — the same checks, status, body shape and headers as a person's lead, a
 * replay answered as a replay — while nothing of it is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { leadForm, removeLeads, startLeadApp, type LeadApp } from '../leads/support';

/** Headers whose values differ between any two answers (the clock, the body's hash). */
const PER_ANSWER = new Set(['date', 'etag']);

function headerShape(res: Response): Record<string, string> {
  const shape: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    shape[name] = PER_ANSWER.has(name) ? '(varies)' : value;
  });
  return shape;
}

const ORIGIN = { origin: 'http://localhost:4000' };

describe.each(testDatabases())('the lead honeypot on $name', (database) => {
  let app: LeadApp;
  const uuids: string[] = [];
  const form = (overrides: Record<string, string> = {}) => {
    const fields = leadForm({ website: '', ...overrides });
    uuids.push(fields.lead_uuid!);
    return fields;
  };
  const storedLead = async (uuid: string) =>
    app.db('leads').where({ lead_uuid: uuid }).first('id') as Promise<unknown>;
  const send = (fields: Record<string, string>) =>
    app.postForm('/api/proxy/send_lead', fields, ORIGIN);

  beforeAll(async () => {
    app = await startLeadApp(database.config);
  });
  afterAll(async () => {
    await removeLeads(app.db, uuids);
    await app.close();
  });

  it('answers a bot with the same status, body shape and headers as a person, and stores nothing', async () => {
    const person = await send(form());
    const botFields = form({ [HONEYPOT_FIELD]: 'https://spam.example' });
    const bot = await send(botFields);
    expect(bot.status).toBe(person.status);
    expect(headerShape(bot)).toEqual(headerShape(person));
    expect(bot.headers.get('x-lead-replay')).toBe('false');
    const [personId, botId] = [await person.text(), await bot.text()];
    expect(personId).toMatch(/^[0-9A-Z]{10}$/);
    expect(botId).toMatch(/^[0-9A-Z]{10}$/);
    expect(await storedLead(botFields.lead_uuid!)).toBeUndefined();
  });

  it('answers a bot that sends the same lead again as a replay of the same id, as for a person', async () => {
    const personFields = form();
    const personFirst = await send(personFields);
    const personAgain = await send(personFields);
    const botFields = form({ [HONEYPOT_FIELD]: 'x' });
    const botFirst = await send(botFields);
    const botAgain = await send(botFields);
    expect(headerShape(botAgain)).toEqual(headerShape(personAgain));
    expect(botAgain.headers.get('x-lead-replay')).toBe('true');
    expect(await personAgain.text()).toBe(await personFirst.text());
    expect(await botAgain.text()).toBe(await botFirst.text());
    expect(await storedLead(botFields.lead_uuid!)).toBeUndefined();
  });

  it("refuses a bot's invalid lead exactly as a person's", async () => {
    const invalid = { email_address: 'not-an-address', consent_checked: '0' };
    const person = await send(form(invalid));
    const bot = await send(form({ ...invalid, [HONEYPOT_FIELD]: 'x' }));
    expect(person.status).toBe(400);
    expect(bot.status).toBe(400);
    expect(headerShape(bot)).toEqual(headerShape(person));
    expect(await bot.json()).toEqual(await person.json());
  });

  it("refuses a bot's lead from an unknown site exactly as a person's", async () => {
    const headers = { origin: 'https://unknown.example' };
    const person = await app.postForm('/api/proxy/send_lead', form(), headers);
    const bot = await app.postForm(
      '/api/proxy/send_lead',
      form({ [HONEYPOT_FIELD]: 'x' }),
      headers,
    );
    expect(person.status).toBe(403);
    expect(bot.status).toBe(403);
    expect(await bot.json()).toEqual(await person.json());
  });

  it('treats the analytics copy the same way: same checks and answer, nothing stored', async () => {
    const copy = (overrides: Record<string, string>) => {
      const uuid = leadForm().lead_uuid!;
      uuids.push(uuid);
      return { lead_uuid: uuid, lead_first_name: 'Ada', lead_size: '2-3br', ...overrides };
    };
    const post = (fields: Record<string, string>) =>
      app.postForm('/api/proxy/lead_send_bq', fields, ORIGIN);
    const invalidPerson = await post(copy({ lead_uuid: 'no' }));
    const invalidBot = await post(copy({ lead_uuid: 'no', [HONEYPOT_FIELD]: 'x' }));
    expect(invalidPerson.status).toBe(400);
    expect(invalidBot.status).toBe(400);
    expect(await invalidBot.json()).toEqual(await invalidPerson.json());

    const botFields = copy({ [HONEYPOT_FIELD]: 'x' });
    const person = await post(copy({}));
    const bot = await post(botFields);
    expect(bot.status).toBe(person.status);
    expect(headerShape(bot)).toEqual(headerShape(person));
    expect(await bot.json()).toEqual(await person.json());
    expect(
      await app.db('lead_analytics').where({ lead_uuid: botFields.lead_uuid }).first('id'),
    ).toBeUndefined();
  });
});
