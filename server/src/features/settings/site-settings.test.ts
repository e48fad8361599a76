import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { openDatabase } from '../../db/connection';
import { up } from '../../db/migrations/20261123_70_create_site_settings';
import { SiteSettings, siteSettingDefaults } from './site-settings';

const DEFAULTS = siteSettingDefaults({
  siteName: 'MoverAtlas',
  leadBackendUrl: 'https://fn.example/',
});
const VALUES = {
  siteName: 'Atlas Movers',
  supportEmail: 'help@atlas.example',
  supportPhone: '4155550199',
  leadBackendUrl: 'https://other.example',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SiteSettings', () => {
  let db: Knex;
  beforeEach(async () => {
    db = openDatabase({ client: 'sqlite', filename: ':memory:' });
    await up(db);
  });
  afterEach(() => db.destroy());

  it('answers the defaults (LEAD_BACKEND_URL without its trailing slash) until something is saved', async () => {
    const settings = new SiteSettings(db, DEFAULTS);
    expect(await settings.current()).toEqual({
      siteName: 'MoverAtlas',
      supportEmail: 'support@moveratlas.example',
      supportPhone: '3125550100',
      leadBackendUrl: 'https://fn.example',
    });
    expect(await settings.stored()).toEqual({
      values: {},
      updatedAt: null,
      updatedBy: null,
      version: 0,
    });
  });

  it('sees its own save at once; a null lead backend URL falls back to the default', async () => {
    const settings = new SiteSettings(db, DEFAULTS, 60_000);
    await settings.current();
    expect(await settings.save(VALUES, 'ops', 0)).toBe(true);
    expect(await settings.current()).toEqual(VALUES);
    expect((await settings.stored()).updatedBy).toBe('ops');
    expect((await settings.stored()).version).toBe(1);
    expect(await settings.save({ ...VALUES, leadBackendUrl: null }, 'ops', 1)).toBe(true);
    expect((await settings.current()).leadBackendUrl).toBe('https://fn.example');
    expect(await db('site_settings').pluck('name')).not.toContain('leadBackendUrl');
  });

  it('writes a save only onto the version it was based on (decision 028)', async () => {
    const first = new SiteSettings(db, DEFAULTS, 60_000);
    const second = new SiteSettings(db, DEFAULTS, 60_000);
    // Both opened the form before any save: the first one's save wins, the second writes nothing.
    expect(await first.save(VALUES, 'ana', 0)).toBe(true);
    expect(await second.save({ ...VALUES, siteName: 'Other Name' }, 'ben', 0)).toBe(false);
    expect(await second.refresh()).toMatchObject({ version: 1, updatedBy: 'ana' });
    expect((await second.current()).siteName).toBe('Atlas Movers');
    // From the version now saved, a save goes through and moves it on.
    expect(await second.save({ ...VALUES, siteName: 'Other Name' }, 'ben', 1)).toBe(true);
    expect(await first.save(VALUES, 'ana', 1)).toBe(false);
    expect(await first.refresh()).toMatchObject({ version: 2, updatedBy: 'ben' });
    expect((await first.current()).siteName).toBe('Other Name');
  });

  it('serves the cached values until stale while a change elsewhere is not yet announced', async () => {
    const elsewhere = new SiteSettings(db, DEFAULTS, 50);
    expect((await elsewhere.current()).siteName).toBe('MoverAtlas');
    // Another process's save, before its announcement reaches this one (db/cache-versions.ts).
    await db('site_settings').insert({
      name: 'siteName',
      value: JSON.stringify('Atlas Movers'),
      updated_by: 'ops',
      updated_at: db.fn.now(),
    });
    expect((await elsewhere.current()).siteName).toBe('MoverAtlas');
    await sleep(60);
    // Stale: answered at once while the table is read again in the background.
    expect((await elsewhere.current()).siteName).toBe('MoverAtlas');
    await elsewhere.refresh();
    expect((await elsewhere.current()).siteName).toBe('Atlas Movers');
  });

  it('reads again at once when a change of the public directory is announced', async () => {
    const here = new SiteSettings(db, DEFAULTS, 60_000);
    const elsewhere = new SiteSettings(db, DEFAULTS, 60_000);
    expect((await elsewhere.current()).siteName).toBe('MoverAtlas');
    // A save announces itself (in this process at once; in others within about a second).
    await here.save(VALUES, 'ops', 0);
    expect((await elsewhere.current()).siteName).toBe('Atlas Movers');
  });

  it('keeps answering the last values when the table cannot be read', async () => {
    const settings = new SiteSettings(db, DEFAULTS, 10);
    await settings.save(VALUES, 'ops', 0);
    await db.schema.dropTable('site_settings');
    await sleep(20);
    expect((await settings.current()).siteName).toBe('Atlas Movers');
    await expect(settings.refresh()).rejects.toThrow(/no such table/);
    expect((await settings.current()).siteName).toBe('Atlas Movers');
    // Without values read before, the failure is the caller's to see.
    await expect(new SiteSettings(db, DEFAULTS).current()).rejects.toThrow(/no such table/);
  });

  it('ignores stored values that are not well-formed', async () => {
    await db('site_settings').insert([
      { name: 'siteName', value: 'not json' },
      { name: 'supportEmail', value: JSON.stringify(42) },
      { name: 'supportPhone', value: JSON.stringify('3125550111') },
    ]);
    const settings = new SiteSettings(db, DEFAULTS);
    expect(await settings.current()).toMatchObject({
      siteName: 'MoverAtlas',
      supportPhone: '3125550111',
    });
  });

  it('is one service per database handle in a process', () => {
    const config = { siteName: 'MoverAtlas', leadBackendUrl: undefined };
    expect(SiteSettings.for(db, config)).toBe(SiteSettings.for(db, config));
  });
});
