/**
 * Issue 16, formula neutralisation in the wrong place: text that starts like a spreadsheet formula is stored
 * as staff typed it — through the admin form and the CSV import alike — so the API and the public profile
 * show "@Home Moving & Storage", not "'@Home …"; only CSV downloads neutralise it. Migration 20261127_50
 * removes the apostrophe the app used to add, and nothing else.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyImportSchema, CompanyProfileSchema } from '@moveratlas/contracts';
import { removeAddedApostrophes } from '../../src/db/migrations/20261127_50_store_company_text_as_typed';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

const WORD = `zqtyped${randomInt(100_000, 999_999)}`;
const BOM = '\uFEFF';

describe.each(testDatabases())('company text stored as typed on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  const ours = () => app.db('companies').where('slug', 'like', `${WORD}%`);

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
  });
  afterAll(async () => {
    const ids = (await ours().pluck('id')) as number[];
    if (ids.length > 0) {
      await app.db('company_search_tokens').whereIn('company_id', ids).delete();
      await app.db('company_services').whereIn('company_id', ids).delete();
      await app.db('companies').whereIn('id', ids).delete();
    }
    await app.close();
  });

  it('keeps what the admin form was sent, and the API and the public profile show it so', async () => {
    const res = await admin.request('/api/admin/companies', {
      method: 'POST',
      body: JSON.stringify({
        slug: `${WORD}-home`,
        name: `@Home Moving & Storage ${WORD}`,
        description: '=Best rates in town, +24/7 service',
        street: '-12 Side Street',
        service_area: '+50 miles around Austin',
        city: 'Austin',
        state: 'TX',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await ours().first('name', 'description', 'street', 'service_area')).toEqual({
      name: `@Home Moving & Storage ${WORD}`,
      description: '=Best rates in town, +24/7 service',
      street: '-12 Side Street',
      service_area: '+50 miles around Austin',
    });

    const api = CompanyProfileSchema.parse(
      await (await app.get(`/api/companies/${WORD}-home`)).json(),
    );
    expect(api.name).toBe(`@Home Moving & Storage ${WORD}`);
    expect(api.description).toBe('=Best rates in town, +24/7 service');

    const page = await app.get(`/company/${WORD}-home`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>@Home Moving &amp; Storage ${WORD}</h1>`));
    // No apostrophe in front of the name anywhere: not in the heading, the title or the structured data.
    expect(html).not.toMatch(/(?:'|&#x27;|&#39;)@Home/);
  });

  it('points out formula-looking cells in the dry run, and neutralises them in the CSV report', async () => {
    const header = 'slug,name,city,state,lat';
    const body =
      `${header}\r\n` +
      `${WORD}-plus,+Plus Movers ${WORD},Austin,TX,\r\n` +
      `${WORD}-bad,@Bad Row ${WORD},Austin,TX,north\r\n`;
    const res = await admin.request('/api/admin/upload?filename=typed.csv', {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: Buffer.from(body, 'utf8'),
    });
    expect(res.status).toBe(201);
    const upload = CompanyImportSchema.parse(await res.json());
    expect(upload.neutralised).toBe(1);
    expect(upload.neutralisedCells).toEqual([{ line: 2, column: 'name' }]);

    // The report repeats the uploaded row: a spreadsheet opening it must see text, not a formula.
    const report = await admin.request(`/api/admin/upload/${upload.id}/rejected.csv`);
    expect(Buffer.from(await report.arrayBuffer()).toString('utf8')).toBe(
      `${BOM}line,column,reason,${header}\r\n` +
        `3,lat,Latitude must be a number between -90 and 90,${WORD}-bad,'@Bad Row ${WORD},Austin,TX,north\r\n`,
    );
    // The import itself stores the text as typed: company-import.test.ts runs it on a job worker.
  });

  it('the migration removes only the apostrophe the app added', async () => {
    const { id: cityId, state_id: stateId } = (await app
      .db('cities')
      .where('search_name', 'austin')
      .orderBy('zip_count', 'desc')
      .first('id', 'state_id')) as { id: number; state_id: number };
    const row = (slug: string, values: Record<string, string | null>) => ({
      slug: `${WORD}-${slug}`,
      name: `${WORD} ${slug}`,
      city_id: cityId,
      state_id: stateId,
      ...values,
    });
    // As the old schema stored them, beside text a person wrote with an apostrophe of their own.
    await app.db('companies').insert([
      row('old-a', {
        name: `'@Home Moving ${WORD}`,
        description: '\'=HYPERLINK("http://evil.example")',
        street: "'-12 Side Street",
        service_area: "'+50 miles",
      }),
      row('old-b', { name: `'=Equal Movers ${WORD}`, description: null, street: null }),
      row('own', {
        name: `'Round the Bend Movers ${WORD}`,
        description: "'Tis the season: '-' marks a gap",
        street: "'",
        service_area: "''=twice",
      }),
    ]);
    const stored = () =>
      ours()
        .whereIn('slug', [`${WORD}-old-a`, `${WORD}-old-b`, `${WORD}-own`])
        .orderBy('slug')
        .select('slug', 'name', 'description', 'street', 'service_area');
    const repaired = [
      {
        slug: `${WORD}-old-a`,
        name: `@Home Moving ${WORD}`,
        description: '=HYPERLINK("http://evil.example")',
        street: '-12 Side Street',
        service_area: '+50 miles',
      },
      {
        slug: `${WORD}-old-b`,
        name: `=Equal Movers ${WORD}`,
        description: null,
        street: null,
        service_area: null,
      },
      {
        slug: `${WORD}-own`,
        name: `'Round the Bend Movers ${WORD}`,
        description: "'Tis the season: '-' marks a gap",
        street: "'",
        service_area: "''=twice",
      },
    ];
    await removeAddedApostrophes(app.db);
    expect(await stored()).toEqual(repaired);
    // Running it again (another server starting) changes nothing more.
    await removeAddedApostrophes(app.db);
    expect(await stored()).toEqual(repaired);
  });
});
